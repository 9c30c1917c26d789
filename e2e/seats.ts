import { randomBytes } from 'node:crypto';
import type { TokenPair } from '@ws/contract';
import { vi } from 'vitest';
import { apiSignIn, postApi } from './console-pages.js';

export const SEAT_PASSWORD = 'seat-pass-1234';

/** A seat of the operator's tenant, made through auth/createuser (a job) and signed in through the API. */
export async function createSeat(
  baseUrl: string,
  operator: TokenPair,
  prefix = `agent${randomBytes(3).toString('hex')}`,
): Promise<{ name: string; pair: TokenPair }> {
  const started = await postApi<{ task_id: string }>(
    baseUrl,
    '/api/auth/createuser',
    { count: 1, prefix, password: SEAT_PASSWORD },
    operator.access_token,
  );
  // A condition waited for (vi.waitFor works outside a test, where expect.poll does not).
  await vi.waitFor(
    async () => {
      const progress = await postApi<{ status: string }>(
        baseUrl,
        '/api/auth/getprogress',
        { taskId: started.task_id },
        operator.access_token,
      );
      if (progress.status !== 'done') throw new Error(`seat creation ${progress.status}`);
    },
    { timeout: 30_000, interval: 200 },
  );
  return { name: `${prefix}1`, pair: await apiSignIn(baseUrl, `${prefix}1`, SEAT_PASSWORD) };
}
