// The audience check's thread (see check-thread.ts): its own two database connections and logger,
// the check of one run, then the end of the thread.
import { workerData } from 'node:worker_threads';
import pino from 'pino';
import { createPool } from '../../platform/db/pool.js';
import { checkList } from './check-list.js';
import type { CheckThreadInput } from './check-thread.js';

const input = workerData as CheckThreadInput;
const logger = pino({ level: input.logLevel }).child({ thread: 'audience_check' });
// The check saves one chunk at a time; the second connection is for what may run beside it.
const pool = createPool(input.databaseUrl, logger, 2);
try {
  await checkList({ pool, config: { dataDir: input.dataDir } }, input.tenantId, input.listId, input.runNo);
} finally {
  await pool.end();
}
