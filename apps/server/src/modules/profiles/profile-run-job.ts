import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { defineJob, enqueue } from '../../platform/queue/jobs.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { MetaApiError } from '../../whatsapp/cloud-api/index.js';
import { retryDecision } from '../../whatsapp/cloud-api/retry-policy.js';
import { describeFailure, numberClient } from '../../whatsapp/numbers/number-client.js';
import { uploadsDir } from '../uploads/store-image.js';
import { currentProfileOf, profileDifferences, profileUpdateOf } from './profile-fields.js';
import {
  dueResults,
  type LockedRun,
  lockProfileRun,
  type ResultOutcome,
  saveResults,
} from './profile-run-repository.js';

/** Numbers per chunk: their calls go one after another, so a business account's rate limit is met early. */
const CHUNK = 10;

const Payload = z.object({ tenantId: z.string(), runId: z.string(), generation: z.number().int() });
type Payload = z.infer<typeof Payload>;

/** Queues the run's job (one per run: a later add replaces a waiting one). */
export function enqueueProfileRun(db: Parameters<typeof enqueue>[0], payload: Payload, runAt?: Date) {
  return enqueue(db, profileRunJob, payload, { jobKey: `profile_run:${payload.tenantId}:${payload.runId}`, runAt });
}

const PICTURE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/**
 * One number: its profile read, skipped when the number is gone or already shows the set (and no
 * picture is to be set), else the picture uploaded by a resumable session and the profile
 * updated. A rate limit (80007 and Meta's other rate codes) or a passing failure leaves it
 * pending until its back-off has passed; the retry policy's limit makes it a failure.
 */
async function applyToNumber(
  context: AppContext,
  tenantId: string,
  run: LockedRun,
  result: { numberId: string; attempts: number },
): Promise<ResultOutcome> {
  const base = {
    numberId: result.numberId,
    attempts: result.attempts + 1,
    errorCode: null,
    errorMessage: '',
    notBefore: null,
  };
  const connection = await numberClient(context, tenantId, result.numberId);
  if (!connection) return { ...base, status: 'skipped', errorMessage: 'number removed' };
  const { client, number } = connection;
  try {
    const current = currentProfileOf(await client.getBusinessProfile(number.phoneNumberId));
    if (!run.picturePath && profileDifferences(run.fields, false, current).length === 0) {
      return { ...base, status: 'skipped', errorMessage: 'already the same' };
    }
    const update = profileUpdateOf(run.fields);
    if (run.picturePath) {
      const bytes = await fs.readFile(path.join(uploadsDir(context), run.picturePath));
      const extension = path.extname(run.picturePath).slice(1).toLowerCase();
      const fileType = PICTURE_TYPES[extension] ?? 'image/jpeg';
      update.profile_picture_handle = await client.uploadFile({
        bytes,
        fileType,
        fileName: path.basename(run.picturePath),
      });
    }
    await client.updateBusinessProfile(number.phoneNumberId, update);
    return { ...base, status: 'applied' };
  } catch (error) {
    const errorCode = error instanceof MetaApiError ? error.code : null;
    const errorMessage = describeFailure(error);
    const decision = retryDecision(error, result.attempts);
    if (decision.retry) {
      return {
        ...base,
        status: 'pending',
        errorCode,
        errorMessage,
        notBefore: new Date(Date.now() + decision.delayMs),
      };
    }
    return { ...base, status: 'failed', errorCode, errorMessage };
  }
}

/**
 * Applies a run's set to its pending numbers, a chunk at a time: the chunk's results and the
 * run's counters are saved in one transaction under the run's row lock (the results are the
 * cursor), with a `profile.progress` event. A retry raises the run's generation, which stops an
 * older job at its next chunk. When only numbers waiting out a rate limit are left, the job
 * queues itself for the first of them and ends, holding no worker slot while it waits.
 */
export const profileRunJob = defineJob({
  name: 'profile_run',
  payload: Payload,
  maxAttempts: 10,
  async handle(payload, _helpers, context) {
    const { tenantId, runId, generation } = payload;
    for (;;) {
      const run = await lockProfileRun(context.pool, tenantId, runId);
      if (!run || run.status === 'done' || run.generation !== generation) return;
      const { due, nextAt } = await dueResults(context.pool, tenantId, runId, CHUNK);
      if (due.length === 0) {
        if (nextAt) await enqueueProfileRun(context.pool, payload, nextAt);
        return;
      }
      const outcomes: ResultOutcome[] = [];
      for (const result of due) outcomes.push(await applyToNumber(context, tenantId, run, result));
      const stop = await withTransaction(context.pool, async (client) => {
        const locked = await lockProfileRun(client, tenantId, runId);
        if (!locked || locked.status === 'done' || locked.generation !== generation) return true;
        const counts = await saveResults(client, tenantId, runId, outcomes);
        await publishEvents(client, [
          {
            tenantId,
            roles: ['admin', 'operator'],
            event: { type: 'profile.progress', data: { run_id: runId, ...counts } },
          },
        ]);
        return counts.status === 'done';
      });
      if (stop) return;
    }
  },
});
