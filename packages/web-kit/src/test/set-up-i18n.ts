import { setUpI18n, withKitTexts } from '../i18n/index.js';

// The kit's tests run with the kit's own texts, as an app without namespaces of its own would.
setUpI18n({ resources: withKitTexts({}), defaultNS: 'api' });
