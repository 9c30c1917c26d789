import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { resumeNumber } from '../../whatsapp/numbers/number-repository.js';
import { numbersBatch } from './batch-result.js';
import { liveNumberIds, pausedNumberIds } from './numbers-repository.js';

/**
 * The operator's resume of paused numbers (quality RED, restriction, refused token): each one
 * through resumeNumber, which wakes its lane. Live numbers that were not paused count as done.
 */
export async function resumeNumbers(context: AppContext, scope: Scope, ids: string[]) {
  const live = await liveNumberIds(context.pool, scope, ids);
  for (const id of await pausedNumberIds(context.pool, scope, live)) {
    await resumeNumber(context.pool, scope.tenantId, id);
  }
  return numbersBatch(live.length);
}
