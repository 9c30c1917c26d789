import type { AppContext } from '../../platform/http/context.js';
import { resumeNumber } from '../../whatsapp/numbers/number-repository.js';
import { batchResult } from './batch-result.js';
import { liveNumberIds, pausedNumberIds } from './numbers-repository.js';

/**
 * The operator's resume of paused numbers (quality RED, restriction, refused token): each one
 * through resumeNumber, which wakes its lane. Live numbers that were not paused count as done.
 */
export async function resumeNumbers(context: AppContext, tenantId: string, ids: string[]) {
  const live = await liveNumberIds(context.pool, tenantId, ids);
  for (const id of await pausedNumberIds(context.pool, tenantId, live)) {
    await resumeNumber(context.pool, tenantId, id);
  }
  return batchResult(live.length);
}
