/**
 * The run job driven by hand (no worker): it saves each number's result with the run's counters,
 * an older generation's job does nothing once a retry raised the run's generation, and a run whose
 * numbers only wait out a rate limit queues its job for the first of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { startSandboxFor } from '../../test/sandbox-app.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { profileRunJob } from './profile-run-job.js';
import { addSet } from './test-support.js';

const t = useTestApp();
const { a } = useTenants(t, 'profilejob');
let sandbox: RunningSandbox;
let numberId: string;
let token: string;

beforeAll(async () => {
  sandbox = await startSandboxFor(t);
  ({ numberId } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, a.tenantId));
  token = (await t.pool.query('select access_token_encrypted from wa_number where id = $1', [numberId])).rows[0]
    .access_token_encrypted;
});
afterAll(() => sandbox?.stop());

const run = (runId: string, generation: number) =>
  profileRunJob.handle({ tenantId: a.tenantId, runId, generation }, {} as never, t.context);
const resultOf = async (runId: string) =>
  (await t.pool.query('select status, attempts, error_code, not_before from profile_result where run_id = $1', [runId]))
    .rows[0];
const setToken = (sealed: string) =>
  t.pool.query('update wa_number set access_token_encrypted = $2 where id = $1', [numberId, sealed]);

describe('the profile run job', () => {
  it("stops a job of an older generation once a retry raised the run's", async () => {
    const set = await addSet(t, a, { name: 'Generations', about: 'Gen' });
    await setToken(t.context.whatsapp.tokenCipher.encrypt('revoked-token'));
    const started = await t.post('/api/profile/apply', {
      token: a.token,
      body: { setId: set.id, numberIds: [numberId] },
    });
    const runId = started.body.data.id as string;
    await run(runId, 1);
    expect(await resultOf(runId)).toMatchObject({ status: 'failed', error_code: 190, attempts: 1 });

    await setToken(token);
    expect((await t.post('/api/profile/retry', { token: a.token, body: { runId } })).body.data).toEqual({ count: 1 });
    await run(runId, 1);
    expect(await resultOf(runId)).toMatchObject({ status: 'pending', attempts: 0 });
    await run(runId, 2);
    expect(await resultOf(runId)).toMatchObject({ status: 'applied', attempts: 1 });
    const runs = await t.post('/api/profile/runs', { token: a.token, body: { filters: { setId: set.id } } });
    expect(runs.body.data.records[0]).toMatchObject({ status: 'done', applied: 1, failed: 0 });
  });

  it('leaves a rate-limited number pending and queues the job for when it is due', async () => {
    const set = await addSet(t, a, { name: 'Rate limited', about: 'Later' });
    await sandbox.control('POST', '/config', { limits: { profileUpdateRefusals: 1 } });
    const started = await t.post('/api/profile/apply', {
      token: a.token,
      body: { setId: set.id, numberIds: [numberId] },
    });
    const runId = started.body.data.id as string;
    await run(runId, 1);
    const waiting = await resultOf(runId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, error_code: 80007 });
    const { rows } = await t.pool.query(`select run_at from graphile_worker.jobs where key = $1`, [
      `profile_run:${a.tenantId}:${runId}`,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].run_at.getTime()).toBe(waiting.not_before.getTime());
  });
});
