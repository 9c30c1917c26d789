export * from './realtime-client.js';
export * from './realtime-events.js';
