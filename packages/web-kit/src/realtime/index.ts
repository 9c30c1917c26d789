export * from './realtime-client.js';
export * from './realtime-events.js';
export { RealtimeJobs } from './realtime-jobs.js';
