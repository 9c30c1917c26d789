import 'i18next';
import type { ResourcesOf } from './resources.js';

// Within the kit's own build only the kit's namespaces exist; each app declares its own resources
// (kit and app namespaces together) the same way, and the kit's code always names its namespace.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'api';
    resources: ResourcesOf<Record<never, never>>['zh'];
    returnNull: false;
  }
}
