import './i18n/i18n.js';
import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/root.js';
import { connectSessionToApi } from './session/session-jobs.js';

connectSessionToApi();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
