import { setUpI18n } from '@ws/web-kit/i18n';
import { resources } from './locales/index.js';

// Imported first by main.tsx (and by the tests), so every text is there before anything renders.
setUpI18n({ resources, defaultNS: 'client' });
