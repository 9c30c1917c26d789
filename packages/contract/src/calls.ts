import { authCalls } from './auth.js';
import type { CallDefinition } from './call.js';
import { systemCalls } from './system.js';

/** Every /api call of the product. Adding a domain means adding its call map here. */
export const calls = { ...authCalls, ...systemCalls } as const;

export const allCalls: readonly CallDefinition[] = Object.values(calls);
