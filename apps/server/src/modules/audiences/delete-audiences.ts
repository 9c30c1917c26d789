import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { BatchReply } from '@ws/contract';
import { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { deleteAudienceList, markAudienceListsDeleted, purgeAudienceRows } from './audience-repository.js';
import { audiencesDir } from './read-audience-upload.js';

/** Rows removed per statement: a list of ten million rows goes in short steps, never one long delete. */
const PURGE_CHUNK_ROWS = 50_000;

/**
 * `data/del`: the lists vanish at once (their jobs stop at their next chunk); a job removes their
 * rows, then the list and its file. Contacts already loaded from them stay.
 */
export async function deleteAudiences(context: AppContext, scope: Scope, ids: string[]): Promise<BatchReply> {
  const deleted = await withTransaction(context.pool, async (client) => {
    const gone = await markAudienceListsDeleted(client, scope, ids);
    for (const listId of gone) await enqueue(client, audiencePurgeJob, { tenantId: scope.tenantId, listId });
    return gone;
  });
  return batchReply(deleted.length, { zh: 'ids: 名单', en: 'ids: List' });
}

export const audiencePurgeJob = defineJob({
  name: 'audience_purge',
  payload: z.object({ tenantId: z.string(), listId: z.string() }),
  maxAttempts: 10,
  async handle({ tenantId, listId }, _helpers, context) {
    while ((await purgeAudienceRows(context.pool, tenantId, listId, PURGE_CHUNK_ROWS)) > 0) {
      // next chunk
    }
    const filePath = await deleteAudienceList(context.pool, tenantId, listId);
    if (filePath) {
      const file = path.join(audiencesDir(context), filePath);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.evidence`, { force: true });
    }
  },
});
