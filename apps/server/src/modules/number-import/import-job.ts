import { z } from 'zod';
import { defineJob } from '../../platform/queue/jobs.js';
import { subscribeNewWabas } from '../../whatsapp/numbers/waba-subscription.js';
import { reasonText } from './connect-row.js';
import { endImport } from './import-events.js';
import { runImport } from './run-import.js';

/** What the screen says of an import that failed on its last attempt; the log has the error. */
const STOPPED = reasonText({
  zh: '导入因内部错误中止，未处理的行未导入，请联系管理员',
  en: 'The import stopped on an internal error; the rows not processed were not imported. Ask your administrator',
});

/**
 * Imports the checked rows of one upload (see runImport). After its last attempt the import is
 * marked failed, and the rows it had not reached stay undecided.
 */
export const numberImportJob = defineJob({
  name: 'number_import_run',
  payload: z.object({ tenantId: z.string(), importId: z.string() }),
  maxAttempts: 5,
  async handle({ tenantId, importId }, helpers, context) {
    const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    try {
      await runImport(context, tenantId, importId, lastAttempt);
    } catch (error) {
      if (lastAttempt) {
        context.logger.error({ err: error, tenantId, importId }, 'number import stopped');
        await endImport(context.pool, tenantId, importId, STOPPED);
      }
      throw error;
    } finally {
      // The WABAs of the rows imported so far, even when the run stops early.
      await subscribeNewWabas(context, tenantId);
    }
  },
});
