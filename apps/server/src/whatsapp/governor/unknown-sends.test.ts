/**
 * Sends that may have gone (the Cloud API has no idempotency key): the lane records them unknown
 * and never sends them again, retries only failures that prove nothing was sent, and the status
 * webhooks settle an unknown message by the callback data every send carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { runSendLane, settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { useTestApp } from '../../test/test-app.js';
import {
  createTenant,
  queueTemplate,
  seedContact,
  seedNumber,
  seedSandboxNumber,
  seedSandboxTemplate,
  seedTemplate,
} from '../../test/whatsapp-fixtures.js';
import { type Answer, type RecordedRequest, startGraphServer, type TestServer } from '../cloud-api/test-servers.js';
import { WEBHOOK_ENV } from '../webhooks/test-support.js';
import { settleUnknownSends } from './unknown-sends-job.js';

const t = useTestApp(WEBHOOK_ENV);
let sandbox: RunningSandbox;
let graph: TestServer;
/** The stand-in's answer per recipient; anyone else is accepted. */
const answers = new Map<string, Answer>();

const accepted = (request: RecordedRequest): Answer => ({
  json: {
    messaging_product: 'whatsapp',
    contacts: [{ input: '1', wa_id: '1' }],
    messages: [{ id: `wamid.${(request.json as { to: string }).to}` }],
  },
});
const metaError = (status: number, code: number, message = 'title') => ({
  status,
  json: { error: { message: `(#${code}) ${message}`, type: 'OAuthException', code, fbtrace_id: 'A1' } },
});

beforeAll(async () => {
  sandbox = await startSandboxFor(t, { behaviour: quietBehaviour, delays: instantDelays });
  graph = await startGraphServer((request) => answers.get((request.json as { to: string }).to) ?? accepted(request));
});
afterAll(async () => {
  await sandbox?.stop();
  await graph?.close();
});

async function messages(tenantId: string) {
  const { rows } = await t.pool.query(
    `select m.id::text, m.status, m.error_code, m.error_title, m.meta_message_id, q.attempts, q.not_before
       from message m left join send_queue q on q.tenant_id = m.tenant_id and q.message_id = m.id
      where m.tenant_id = $1 order by m.id`,
    [tenantId],
  );
  return rows;
}

/** A tenant with a number whose Cloud API is the stand-in, a template, and consenting contacts. */
async function standInSetUp(waIds: string[]) {
  const tenantId = await createTenant(t.pool);
  const { numberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId, { apiBaseUrl: graph.url });
  const templateId = await seedTemplate(t.pool, tenantId, numberId, { name: 'promo' });
  const contacts: string[] = [];
  for (const waId of waIds) contacts.push(await seedContact(t.pool, tenantId, { waId, consent: true }));
  const queued = await queueTemplate(t.pool, tenantId, numberId, { id: templateId, name: 'promo' }, contacts);
  return { tenantId, numberId, contacts, queued };
}

async function watched(tenantId: string) {
  const { rows } = await t.pool.query<{ id: string }>(
    'select message_id::text as id from unknown_send where tenant_id = $1 order by message_id',
    [tenantId],
  );
  return rows.map((row) => row.id);
}

/** A tenant with a sandbox number and its approved marketing template `promo`. */
async function sandboxSetUp() {
  const tenantId = await createTenant(t.pool);
  const { numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, tenantId);
  const templateId = await seedSandboxTemplate(
    t.pool,
    sandbox,
    tenantId,
    { numberId, wabaId: made.waba_id },
    { name: 'promo', category: 'MARKETING', text: 'Hello' },
  );
  return { tenantId, numberId, templateId };
}

/** The message id in a send's callback data (its key: `<id>.<created_at in microseconds>`). */
const messageIdOf = (callback: unknown) => String(callback).split('.')[0];
const requestsTo = (waId: string) => graph.requests.filter((request) => (request.json as { to: string }).to === waId);

describe('a send whose answer is lost', () => {
  it('is unknown after a 5xx, sent once, and settled by the status webhooks through its callback data', async () => {
    const { tenantId, numberId, templateId } = await sandboxSetUp();
    await sandbox.control('POST', '/customers', { wa_id: '4481001', behaviour: { lostReply: 1 } });
    const contact = await seedContact(t.pool, tenantId, { waId: '4481001', consent: true });
    const [queued] = await queueTemplate(t.pool, tenantId, numberId, { id: templateId, name: 'promo' }, [contact]);

    await runSendLane(t, tenantId, numberId);
    expect(await messages(tenantId)).toEqual([
      expect.objectContaining({
        status: 'unknown',
        error_code: null,
        error_title: expect.stringMatching(/^HTTP 500 from the Cloud API/),
        meta_message_id: null,
        attempts: null,
      }),
    ]);
    await runSendLane(t, tenantId, numberId);
    const sent = sandbox.sandbox.store.messages.list().filter((message) => message.waId === '4481001');
    expect(sent).toHaveLength(1);
    expect(messageIdOf(JSON.parse(String(sent[0]?.body)).biz_opaque_callback_data)).toBe(queued?.id);

    await settleSandbox(t, sandbox);
    expect(await messages(tenantId)).toEqual([
      expect.objectContaining({ id: queued?.id, status: 'read', meta_message_id: sent[0]?.id }),
    ]);
    const { rows: orphans } = await t.pool.query('select 1 from webhook_status_orphan where tenant_id = $1', [
      tenantId,
    ]);
    expect(orphans).toEqual([]);
    // Settled by its webhook: no longer watched, and never queued again.
    expect(await settleUnknownSends(t.pool, 0)).toBe(0);
    expect(await watched(tenantId)).toEqual([]);
  });

  it('goes again, once, when Meta evidently never took it: a later message of the number was sent after it was marked', async () => {
    const { tenantId, numberId, templateId } = await sandboxSetUp();
    const lost = await seedContact(t.pool, tenantId, { waId: '4481501', consent: true });
    const later = await seedContact(t.pool, tenantId, { waId: '4481502', consent: true });
    const template = { id: templateId, name: 'promo' };
    const [interrupted] = await queueTemplate(t.pool, tenantId, numberId, template, [lost]);
    // A worker claimed it and was killed before its request left.
    await t.pool.query('update send_queue set claimed_at = now(), attempts = 1 where message_id = $1', [
      interrupted?.id,
    ]);
    await runSendLane(t, tenantId, numberId);
    expect(await watched(tenantId)).toEqual([interrupted?.id]);
    // Marked long ago, but no later message was sent since: nothing says Meta never took it.
    await t.pool.query(`update unknown_send set since = now() - interval '10 minutes' where tenant_id = $1`, [
      tenantId,
    ]);
    expect(await settleUnknownSends(t.pool)).toBe(0);

    await queueTemplate(t.pool, tenantId, numberId, template, [later]);
    await runSendLane(t, tenantId, numberId);
    await settleSandbox(t, sandbox);
    // Still inside the grace: it waits for a webhook that may yet come.
    await t.pool.query(`update unknown_send set since = now() - interval '60 seconds' where tenant_id = $1`, [
      tenantId,
    ]);
    expect(await settleUnknownSends(t.pool)).toBe(0);
    await t.pool.query(`update unknown_send set since = now() - interval '10 minutes' where tenant_id = $1`, [
      tenantId,
    ]);
    expect(await settleUnknownSends(t.pool)).toBe(1);
    expect(await watched(tenantId)).toEqual([]);
    expect(await settleUnknownSends(t.pool)).toBe(0);

    await runSendLane(t, tenantId, numberId);
    await settleSandbox(t, sandbox);
    const toLost = sandbox.sandbox.store.messages.list().filter((message) => message.waId === '4481501');
    expect(toLost).toHaveLength(1);
    expect(messageIdOf(JSON.parse(String(toLost[0]?.body)).biz_opaque_callback_data)).toBe(interrupted?.id);
    expect((await messages(tenantId)).map((row) => [row.id, row.status])).toEqual([
      [interrupted?.id, 'read'],
      [expect.any(String), 'read'],
    ]);
  });

  it('is unknown after a reset, a 5xx or an unreadable reply; only a refusal that proves nothing went is retried', async () => {
    answers.set('4482001', { destroy: true });
    answers.set('4482002', metaError(503, 131000, 'Something went wrong'));
    answers.set('4482003', { status: 200, text: '<html>gateway</html>' });
    answers.set('4482004', metaError(429, 130429, 'Rate limit hit'));
    answers.set('4482005', metaError(400, 131056, 'pair rate limit hit'));
    const waIds = ['4482001', '4482002', '4482003', '4482004', '4482005', '4482006'];
    const { tenantId, numberId, queued } = await standInSetUp(waIds);
    await runSendLane(t, tenantId, numberId);

    const rows = await messages(tenantId);
    expect(rows.map((row) => row.status)).toEqual(['unknown', 'unknown', 'unknown', 'queued', 'queued', 'accepted']);
    expect(rows[0].error_title).toBe('no answer from the Cloud API (reset)');
    expect(rows[1].error_title).toMatch(/HTTP 503.*131000/);
    expect(rows[2].error_title).toMatch(/unexpected reply, HTTP 200 \(not-json\)/);
    // Unknown ones left the queue: nothing will send them again.
    expect(rows.slice(0, 3).map((row) => row.attempts)).toEqual([null, null, null]);
    for (const waId of [...waIds.slice(0, 3), waIds[5] as string]) expect(requestsTo(waId)).toHaveLength(1);
    // The refused ones wait for their backoff, each attempt a request.
    for (const [index, waId] of [
      [3, '4482004'],
      [4, '4482005'],
    ] as const) {
      expect(rows[index].attempts).toBeGreaterThanOrEqual(1);
      expect(requestsTo(waId)).toHaveLength(rows[index].attempts);
    }
    // Every send names its message.
    expect(
      waIds.map((waId) =>
        messageIdOf((requestsTo(waId)[0]?.json as Record<string, unknown> | undefined)?.biz_opaque_callback_data),
      ),
    ).toEqual(queued.map((message) => message.id));
  });

  it('is retried when the connection was refused: nothing reached Meta', async () => {
    const tenantId = await createTenant(t.pool);
    // Port 9 (discard) refuses on this machine.
    const { numberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId);
    const templateId = await seedTemplate(t.pool, tenantId, numberId, { name: 'promo' });
    const contact = await seedContact(t.pool, tenantId, { waId: '4483001', consent: true });
    await queueTemplate(t.pool, tenantId, numberId, { id: templateId, name: 'promo' }, [contact]);
    await runSendLane(t, tenantId, numberId);
    expect(await messages(tenantId)).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })]);
  });
});

describe("Meta's refusals at send time", () => {
  it('131049 fails that message only: the contact stays opted in and the number sends on', async () => {
    answers.set('4484001', metaError(400, 131049, 'This message was not delivered to maintain healthy ecosystem'));
    const { tenantId, numberId, contacts } = await standInSetUp(['4484001', '4484002']);
    expect(await runSendLane(t, tenantId, numberId)).toEqual({ paused: false });
    expect((await messages(tenantId)).map((row) => [row.status, row.error_code])).toEqual([
      ['failed', 131049],
      ['accepted', null],
    ]);
    const { rows } = await t.pool.query(
      `select c.opted_out_at, n.paused_at from contact c join wa_number n on n.tenant_id = c.tenant_id
        where c.tenant_id = $1 and c.id = $2 and n.id = $3`,
      [tenantId, contacts[0], numberId],
    );
    expect(rows).toEqual([{ opted_out_at: null, paused_at: null }]);
  });

  it('131048 pauses the number, and what is queued behind stays queued', async () => {
    answers.set('4485001', metaError(400, 131048, 'Spam rate limit hit'));
    const { tenantId, numberId } = await standInSetUp(['4485001']);
    expect(await runSendLane(t, tenantId, numberId)).toEqual({ paused: true });
    expect(await messages(tenantId)).toEqual([expect.objectContaining({ status: 'failed', error_code: 131048 })]);
    const { rows: number } = await t.pool.query('select pause_reason from wa_number where tenant_id = $1 and id = $2', [
      tenantId,
      numberId,
    ]);
    expect(number).toEqual([{ pause_reason: 'spam_rate_limit' }]);

    const templateId = await seedTemplate(t.pool, tenantId, numberId, { name: 'later' });
    const next = await seedContact(t.pool, tenantId, { waId: '4485002', consent: true });
    await queueTemplate(t.pool, tenantId, numberId, { id: templateId, name: 'later' }, [next]);
    expect(await runSendLane(t, tenantId, numberId)).toEqual({ paused: true });
    expect((await messages(tenantId))[1]).toMatchObject({ status: 'queued', attempts: 0 });
    expect(requestsTo('4485002')).toEqual([]);
  });
});
