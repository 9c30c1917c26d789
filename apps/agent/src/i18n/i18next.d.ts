import 'i18next';
import type { resources } from './locales/index.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'client';
    resources: (typeof resources)['zh'];
    returnNull: false;
  }
}
