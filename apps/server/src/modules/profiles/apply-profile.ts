import type { ProfileRun } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { liveNumberIds } from '../numbers/numbers-repository.js';
import { enqueueProfileRun } from './profile-run-job.js';
import { insertProfileRun, retryFailedResults, selectProfileRun } from './profile-run-repository.js';
import { selectProfileSetFields } from './profile-set-repository.js';

const NUMBERS_NOT_FOUND = { zh: 'numberIds: 号码', en: 'numberIds: Number' };
export const RUN_NOT_FOUND = { zh: 'runId: 应用记录', en: 'runId: Run' };

/**
 * Starts a run of the set over the caller's live numbers among `numberIds` (others are left
 * out; none left is a 404 naming the field), recorded with its job in one transaction.
 */
export async function applyProfileSet(
  context: AppContext,
  scope: Scope,
  setId: string,
  numberIds: string[],
): Promise<ProfileRun> {
  const set = await selectProfileSetFields(context.pool, scope, setId);
  if (!set) throw errors.notFound({ zh: 'setId: 资料模板', en: 'setId: Profile set' });
  const runId = await withTransaction(context.pool, async (client) => {
    const numbers = await liveNumberIds(client, scope, numberIds);
    if (numbers.length === 0) throw errors.notFound(NUMBERS_NOT_FOUND);
    const id = await insertProfileRun(client, scope, setId, set.fields, numbers);
    await enqueueProfileRun(client, { tenantId: scope.tenantId, runId: id, generation: 1 });
    return id;
  });
  return (await selectProfileRun(context.pool, scope, runId)) as ProfileRun;
}

/** Puts the run's failed numbers back in its queue; answers how many. */
export async function retryProfileRun(context: AppContext, scope: Scope, runId: string): Promise<{ count: number }> {
  if (!(await selectProfileRun(context.pool, scope, runId))) throw errors.notFound(RUN_NOT_FOUND);
  return withTransaction(context.pool, async (client) => {
    const { count, generation } = await retryFailedResults(client, scope, runId);
    if (count > 0) await enqueueProfileRun(client, { tenantId: scope.tenantId, runId, generation });
    return { count };
  });
}
