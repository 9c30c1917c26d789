/** Small helpers the kit needs and the front ends share. */
export { runPeriodically } from './periodic.js';
