import type { BatchReply, Language, NewPool, Pool, SetShares, Supply } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { selectAudienceList } from '../audiences/audience-repository.js';
import { lockContactTags } from '../contacts/contact-repository.js';
import { poolAllocateJob } from './allocate-job.js';
import { presentPool } from './pool-presenter.js';
import { insertPool, markPoolsDeleted, replaceShares, selectPool, selectShares } from './pool-repository.js';
import { ensureNumberShare, lockPoolRun, recountPool, supplyNumber } from './pool-run-repository.js';
import { lockTargets } from './target-repository.js';

const POOL = { zh: 'id: 分配池', en: 'id: Pool' };

export async function findPool(context: AppContext, scope: Scope, id: string, language: Language): Promise<Pool> {
  const pool = await selectPool(context.pool, scope, id);
  if (!pool) throw errors.notFound(POOL);
  return presentPool(pool, await selectShares(context.pool, scope.tenantId, [id]), language);
}

/** `fansdata/add`: a pool over one of the caller's lists or contact tags, counted by a first run. */
export async function addPool(context: AppContext, scope: Scope, input: NewPool, language: Language): Promise<Pool> {
  const id = await withTransaction(context.pool, async (client) => {
    if (input.listId && !(await selectAudienceList(client, scope, input.listId))) {
      throw errors.notFound({ zh: 'listId: 名单', en: 'listId: List' });
    }
    if (input.tagId && (await lockContactTags(client, scope, [input.tagId])).length === 0) {
      throw errors.notFound({ zh: 'tagId: 标签', en: 'tagId: Tag' });
    }
    const poolId = await insertPool(client, scope, {
      name: input.name,
      listId: input.listId ?? null,
      tagId: input.tagId ?? null,
    });
    await enqueue(client, poolAllocateJob, { tenantId: scope.tenantId, poolId, runNo: 1 });
    return poolId;
  });
  return findPool(context, scope, id, language);
}

/**
 * `fansdata/setrange`: replaces the shares (each number a live number of the caller's, each agent a
 * user of the caller's, or a 404 naming `shares`) and starts a run that gives the pool's contacts
 * what they lack.
 */
export async function setShares(
  context: AppContext,
  scope: Scope,
  input: SetShares,
  language: Language,
): Promise<Pool> {
  await withTransaction(context.pool, async (client) => {
    await lockOwnPool(client, scope, input.id);
    if (!(await lockTargets(client, scope, input.shares))) {
      throw errors.notFound({ zh: 'shares: 号码或坐席', en: 'shares: Number or agent' });
    }
    const runNo = await replaceShares(client, scope, input.id, input.mode, input.shares);
    await enqueue(client, poolAllocateJob, { tenantId: scope.tenantId, poolId: input.id, runNo });
  });
  return findPool(context, scope, input.id, language);
}

/** `fansdata/supply`: gives a live number of the caller's up to `count` of the pool's contacts without a number. */
export async function supplyPool(context: AppContext, scope: Scope, input: Supply, language: Language) {
  const supplied = await withTransaction(context.pool, async (client) => {
    const pool = await lockOwnPool(client, scope, input.id);
    if (!(await lockTargets(client, scope, [{ target: 'number', targetId: input.numberId }]))) {
      throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
    }
    const run = await lockPoolRun(client, scope.tenantId, pool.id, pool.run_no);
    if (!run) throw errors.notFound(POOL);
    const count = await supplyNumber(client, scope.tenantId, run, input.numberId, input.count);
    await ensureNumberShare(client, scope.tenantId, pool.id, input.numberId);
    await recountPool(client, scope.tenantId, run, false);
    return count;
  });
  return { ...(await findPool(context, scope, input.id, language)), supplied };
}

export async function deletePools(context: AppContext, scope: Scope, ids: string[]): Promise<BatchReply> {
  const deleted = await markPoolsDeleted(context.pool, scope, ids);
  return batchReply(deleted.length, { zh: 'ids: 分配池', en: 'ids: Pool' });
}

async function lockOwnPool(client: pg.PoolClient, scope: Scope, id: string) {
  const pool = await selectPool(client, scope, id, true);
  if (!pool) throw errors.notFound(POOL);
  return pool;
}
