import type { AudienceList, AudienceLoad, Language } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { lockContactTags, lockLiveNumber, lockUser } from '../contacts/contact-repository.js';
import { requireContactRoom } from '../customers/tenant-limits.js';
import { countsOf } from './audience-counts.js';
import { selectAudienceList, startAudienceLoad } from './audience-repository.js';
import { audienceLoadJob } from './load-job.js';
import { findAudienceList, refuseWhileLoading } from './run-audience.js';

/**
 * `data/login`: queues the load of a checked list's valid rows into the contact book, with an
 * optional owner number, agent and tags (each the caller's, or a 404 naming the field). A list
 * loaded before can be loaded again: contacts are matched by number, so nothing is created twice.
 */
export async function loadAudience(
  context: AppContext,
  scope: Scope,
  load: AudienceLoad,
  language: Language,
): Promise<AudienceList> {
  await withTransaction(context.pool, async (client) => {
    const list = await selectAudienceList(client, scope, load.id, true);
    if (!list) throw errors.notFound({ zh: 'id: 名单', en: 'id: List' });
    refuseWhileLoading(list);
    if (list.status !== 'ready' && list.status !== 'loaded') {
      throw errors.conflict({ zh: 'id: 名单尚未检测完成', en: 'id: the list has not been checked yet' });
    }
    await requireContactRoom(client, scope.tenantId, 'id');
    if (countsOf(list.counts).valid === 0) {
      throw errors.invalid('id', '名单中没有有效号码', 'the list holds no valid number');
    }
    if (load.numberId && !(await lockLiveNumber(client, scope, load.numberId))) {
      throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
    }
    if (load.ownerUserId && !(await lockUser(client, scope, load.ownerUserId))) {
      throw errors.notFound({ zh: 'ownerUserId: 用户', en: 'ownerUserId: User' });
    }
    if ((await lockContactTags(client, scope, load.tagIds)).length !== load.tagIds.length) {
      throw errors.notFound({ zh: 'tagIds: 标签', en: 'tagIds: Tag' });
    }
    const runNo = await startAudienceLoad(client, scope, load.id, {
      numberId: load.numberId ?? null,
      ownerUserId: load.ownerUserId ?? null,
      tagIds: load.tagIds,
    });
    await enqueue(client, audienceLoadJob, { tenantId: scope.tenantId, listId: load.id, runNo });
  });
  return findAudienceList(context, scope, load.id, language);
}
