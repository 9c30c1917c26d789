import './i18n/i18n.js';
import './app/base.css';
import { connectSessionToApi } from '@ws/web-kit/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/root.js';
import { connectClientToSession } from './session/client-session.js';

connectSessionToApi();
connectClientToSession();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
