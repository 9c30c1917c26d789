/**
 * A run through the sandbox with the worker: a set with a picture applied to three numbers (the
 * picture by a resumable upload session), Meta's 80007 waited out and not failed, a number that
 * fails with Meta's code retried once its token works, progress as realtime events, and each
 * number's current profile read back with the differences from the set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { startSandboxFor } from '../../test/sandbox-app.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { until } from '../campaigns/test-support.js';
import { addSet, PNG, uploadPicture } from './test-support.js';

const t = useTestApp({}, { worker: true });
const { a } = useTenants(t, 'profileruns');
let sandbox: RunningSandbox;
const numbers: { numberId: string; phoneNumberId: string; token: string }[] = [];

beforeAll(async () => {
  sandbox = await startSandboxFor(t);
  for (let index = 0; index < 3; index++) {
    const { numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, a.tenantId);
    numbers.push({ numberId, phoneNumberId: made.phone_number_id, token: made.access_token });
  }
});
afterAll(() => sandbox?.stop());

const post = (path: string, body: object) => t.post(`/api/profile/${path}`, { token: a.token, body });

async function finished(runId: string) {
  let run: any;
  await until(async () => {
    const runs = await post('runs', { pageSize: 100 });
    run = runs.body.data.records.find((r: { id: string }) => r.id === runId);
    return run?.status === 'done';
  }, `run ${runId} to finish`);
  return run;
}

/** The profile as the sandbox holds it, read with the number's own token. */
async function sandboxProfile(number: (typeof numbers)[0]) {
  const reply = await fetch(`${sandbox.url}/v23.0/${number.phoneNumberId}/whatsapp_business_profile`, {
    headers: { authorization: `Bearer ${number.token}` },
  });
  return ((await reply.json()) as { data: Record<string, unknown>[] }).data[0];
}

describe('a profile run through the sandbox', () => {
  it('applies a set with its picture to three numbers, waiting out 80007, and reads them back', async () => {
    const picture = await uploadPicture(t, a);
    const set = await addSet(t, a, {
      name: 'Bakery',
      about: 'Fresh bread daily',
      description: 'Sourdough since 1990',
      email: 'hello@bakery.example',
      websites: ['https://bakery.example'],
      vertical: 'RESTAURANT',
      picture,
    });
    const ids = numbers.map((n) => n.numberId);
    const before = await post('current', { setId: set.id, numberIds: ids });
    expect(before.body.data.map((p: { differences: string[] }) => p.differences.sort())).toEqual(
      ids.map(() => ['about', 'description', 'email', 'picture', 'vertical', 'websites']),
    );
    await sandbox.control('POST', '/config', { limits: { profileUpdateRefusals: 2 } });
    const started = await post('apply', { setId: set.id, numberIds: ids });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = await finished(started.body.data.id);
    expect(run).toMatchObject({ total: 3, applied: 3, failed: 0, skipped: 0 });
    const results = await post('results', { runId: run.id });
    const attempts = results.body.data.records.map((r: { attempts: number }) => r.attempts);
    // Two updates met 80007 and were tried again later instead of failing.
    expect(attempts.reduce((sum: number, n: number) => sum + n, 0)).toBe(5);
    expect(results.body.data.records.every((r: { status: string }) => r.status === 'applied')).toBe(true);

    const after = await post('current', { setId: set.id, numberIds: ids });
    for (const current of after.body.data) {
      expect(current.differences).toEqual([]);
      expect(current.profile).toMatchObject({ about: 'Fresh bread daily', vertical: 'RESTAURANT' });
      const served = await fetch(current.profile.profile_picture_url);
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const { rows } = await t.pool.query(
      `select count(*)::int as events from realtime_event where tenant_id = $1 and type = 'profile.progress' and payload->>'run_id' = $2`,
      [a.tenantId, run.id],
    );
    expect(rows[0].events).toBeGreaterThan(0);
  });

  it('skips a number that already shows the set, and retries a failed number', async () => {
    const set = await addSet(t, a, { name: 'Plain', about: 'Plain about' });
    const [first, second] = numbers as [(typeof numbers)[0], (typeof numbers)[0]];
    // The second number's token stops working: Meta answers 190, a failure no retry mends by itself.
    const { rows } = await t.pool.query('select access_token_encrypted from wa_number where id = $1', [
      second.numberId,
    ]);
    await t.pool.query('update wa_number set access_token_encrypted = $2 where id = $1', [
      second.numberId,
      t.context.whatsapp.tokenCipher.encrypt('revoked-token'),
    ]);
    const once = await post('apply', { setId: set.id, numberIds: [first.numberId, second.numberId] });
    const run = await finished(once.body.data.id);
    expect(run).toMatchObject({ total: 2, applied: 1, failed: 1 });
    const failed = await post('results', { runId: run.id, filters: { status: 'failed' } });
    expect(failed.body.data.records).toEqual([
      expect.objectContaining({
        number_id: second.numberId,
        error_code: 190,
        error_message: expect.stringMatching(/^190: /),
      }),
    ]);

    await t.pool.query('update wa_number set access_token_encrypted = $2 where id = $1', [
      second.numberId,
      rows[0].access_token_encrypted,
    ]);
    const retried = await post('retry', { runId: run.id });
    expect(retried.body.data).toEqual({ count: 1 });
    const again = await finished(run.id);
    expect(again).toMatchObject({ total: 2, applied: 2, failed: 0 });
    expect((await sandboxProfile(second))?.about).toBe('Plain about');
    expect((await post('retry', { runId: run.id })).body.data).toEqual({ count: 0 });

    const repeat = await post('apply', { setId: set.id, numberIds: [first.numberId] });
    const skipped = await finished(repeat.body.data.id);
    expect(skipped).toMatchObject({ total: 1, skipped: 1, applied: 0 });
  });
});
