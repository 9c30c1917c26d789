export * from './auth.js';
export * from './call.js';
export * from './calls.js';
export * from './envelope.js';
export * from './messages.js';
export * from './openapi.js';
export * from './paging.js';
export * from './system.js';
