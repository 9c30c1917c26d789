import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, seedContact, seedNumber, seedTemplate } from '../../test/whatsapp-fixtures.js';
import type { ErrorVerdict, LaneTransport, OutboundMessage } from './lane-transport.js';
import { type MessageIntent, queueMessages } from './queue-messages.js';
import { SendLane } from './send-lane.js';

const app = useTestApp();
const logger = pino({ level: 'silent' });

/** Records what the lane sends; a recipient listed in `failures` gets that verdict instead. */
function scriptedTransport(failures: Record<string, ErrorVerdict> = {}) {
  const sent: OutboundMessage[] = [];
  const transport: LaneTransport = {
    async send(_number, message) {
      const failure = failures[message.to ?? `recipient:${message.recipient}`];
      if (failure) throw Object.assign(new Error('scripted failure'), { verdict: failure });
      sent.push(message);
      return `wamid.${sent.length}.${message.to}`;
    },
    verdict: (error) => (error as { verdict: ErrorVerdict }).verdict,
  };
  return { transport, sent };
}

async function setUp(messagingLimit: number | null = null) {
  const tenantId = await createTenant(app.pool);
  const number = await seedNumber(app.pool, app.context.whatsapp, tenantId, { messagingLimit });
  const marketing = await seedTemplate(app.pool, tenantId, number.numberId, { name: 'promo' });
  return { tenantId, ...number, marketing };
}

const template = (templateId: string, name = 'promo') => ({
  type: 'template',
  templateId,
  content: { template: { name, language: { code: 'en_US' } } },
});
const text = (body: string) => ({ type: 'text', content: { text: { body } } });

async function queue(tenantId: string, intents: MessageIntent[]) {
  return withTransaction(app.pool, (client) => queueMessages(client, tenantId, intents));
}

function newLane(tenantId: string, numberId: string, transport: LaneTransport, lingerMs?: number) {
  return new SendLane(tenantId, numberId, {
    pool: app.pool,
    cipher: app.context.whatsapp.tokenCipher,
    transport,
    logger,
    lingerMs,
  });
}

const runLane = (tenantId: string, numberId: string, transport: LaneTransport) =>
  newLane(tenantId, numberId, transport).run();

async function statuses(tenantId: string) {
  const { rows } = await app.pool.query(
    `select m.id::text, m.status, m.error_title, m.error_code, m.meta_message_id, q.not_before
       from message m left join send_queue q on q.tenant_id = m.tenant_id and q.message_id = m.id
      where m.tenant_id = $1 order by m.id`,
    [tenantId],
  );
  return rows;
}

describe('the send lane', () => {
  it('sends what the rules allow and refuses the rest with the reason', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const pending = await seedTemplate(app.pool, tenantId, numberId, { name: 'draft', status: 'PENDING' });
    const consented = await seedContact(app.pool, tenantId, { waId: '4470001', consent: true });
    const stranger = await seedContact(app.pool, tenantId, { waId: '4470002' });
    const recent = await seedContact(app.pool, tenantId, { waId: '4470003', numberId, lastInboundAt: new Date() });
    const stopped = await seedContact(app.pool, tenantId, {
      waId: '4470004',
      consent: true,
      optedOut: { at: new Date(), channel: 'stop_keyword' },
    });
    await queue(tenantId, [
      { numberId, contactId: consented, ...template(marketing) },
      { numberId, contactId: stranger, ...template(marketing) },
      { numberId, contactId: stranger, ...text('hello') },
      { numberId, contactId: recent, ...text('thanks for writing') },
      { numberId, contactId: stopped, ...template(marketing) },
      { numberId, contactId: consented, ...template(pending, 'draft') },
    ]);
    const { transport, sent } = scriptedTransport();
    await runLane(tenantId, numberId, transport);

    expect(sent.map((message) => message.to)).toEqual(['4470001', '4470003']);
    expect((await statuses(tenantId)).map((row) => [row.status, row.error_title])).toEqual([
      ['accepted', null],
      ['refused', 'no_consent'],
      ['refused', 'window_closed'],
      ['accepted', null],
      ['refused', 'opted_out'],
      ['refused', 'template_not_approved'],
    ]);
    const { rows } = await app.pool.query('select count(*)::int as left from send_queue where tenant_id = $1', [
      tenantId,
    ]);
    expect(rows[0].left).toBe(0);
  });

  it("sends to a contact without phone by its BSUID (recipient), only one of the number's portfolio", async () => {
    const { tenantId, numberId, portfolioId } = await setUp();
    const elsewhere = await app.pool.query<{ id: string }>(
      `insert into wa_portfolio (tenant_id, name) values ($1, 'another portfolio') returning id::text`,
      [tenantId],
    );
    const hidden = async (userId: string, portfolio: string) => {
      const { rows } = await app.pool.query<{ id: string }>(
        `insert into contact (tenant_id, user_id, user_portfolio_id, number_id, last_inbound_at)
         values ($1, $2, $3, $4, now()) returning id::text`,
        [tenantId, userId, portfolio, numberId],
      );
      await app.pool.query(
        `insert into conversation (tenant_id, number_id, contact_id, last_inbound_at, last_message_at)
         values ($1, $2, $3, now(), now())`,
        [tenantId, numberId, rows[0]!.id],
      );
      return rows[0]!.id;
    };
    const mine = await hidden('US.20000000000000000001', portfolioId);
    const foreign = await hidden('US.20000000000000000002', elsewhere.rows[0]!.id);
    await queue(tenantId, [
      { numberId, contactId: mine, ...text('hello by user id') },
      { numberId, contactId: foreign, ...text('not reachable from this number') },
    ]);
    const { transport, sent } = scriptedTransport();
    await runLane(tenantId, numberId, transport);
    expect(sent.map((message) => [message.to, message.recipient])).toEqual([[null, 'US.20000000000000000001']]);
    expect((await statuses(tenantId)).map((row) => [row.status, row.error_title])).toEqual([
      ['accepted', null],
      ['failed', 'no phone number, nor a user id of this number’s portfolio'],
    ]);
  });

  it('lets a burst of up to 45 messages reach one contact, then defers the next by the time borrowed', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const contact = await seedContact(app.pool, tenantId, { waId: '4471001', consent: true });
    await queue(
      tenantId,
      Array.from({ length: 46 }, () => ({ numberId, contactId: contact, ...template(marketing) })),
    );
    const { transport, sent } = scriptedTransport();
    await newLane(tenantId, numberId, transport, 0).run();
    expect(sent).toHaveLength(45);
    const waiting = (await statuses(tenantId)).filter((row) => row.status === 'queued');
    expect(waiting).toHaveLength(1);
    // 45 messages borrowed 45 × 6 s: the 46th waits about 4.5 minutes, not 6 s.
    expect(new Date(waiting[0]?.not_before).getTime() - Date.now()).toBeGreaterThan(200_000);
  });

  it('reaches at most the portfolio’s limit of contacts outside the window, then defers', async () => {
    const { tenantId, numberId, marketing } = await setUp(2);
    const contacts = [];
    for (const waId of ['4472001', '4472002', '4472003'])
      contacts.push(await seedContact(app.pool, tenantId, { waId, consent: true }));
    const inWindow = await seedContact(app.pool, tenantId, { waId: '4472004', numberId, lastInboundAt: new Date() });
    await queue(tenantId, [
      ...contacts.map((contactId) => ({ numberId, contactId, ...template(marketing) })),
      { numberId, contactId: inWindow, ...text('inside the window: not counted') },
    ]);
    const { transport, sent } = scriptedTransport();
    await runLane(tenantId, numberId, transport);
    expect(sent.map((message) => message.to)).toEqual(['4472001', '4472002', '4472004']);
    const third = (await statuses(tenantId))[2];
    expect(third.status).toBe('queued');
    expect(new Date(third.not_before).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('keeps its number for new work while idle (idleMs), and lets it go when none comes', async () => {
    const { tenantId, numberId } = await setUp();
    const first = await seedContact(app.pool, tenantId, { waId: '4478001', numberId, lastInboundAt: new Date() });
    const second = await seedContact(app.pool, tenantId, { waId: '4478002', numberId, lastInboundAt: new Date() });
    await queue(tenantId, [{ numberId, contactId: first, ...text('one') }]);
    const { transport, sent } = scriptedTransport();
    const deps = { pool: app.pool, cipher: app.context.whatsapp.tokenCipher, transport, logger };
    // Far longer than the test: only new work or stop() ends this wait.
    const lane = new SendLane(tenantId, numberId, { ...deps, idleMs: 600_000 });
    let ended = false;
    const running = lane.run().finally(() => {
      ended = true;
    });
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    await queue(tenantId, [{ numberId, contactId: second, ...text('two') }]);
    // What the runner does when the queueing's wake-up arrives.
    lane.poke();
    await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 10_000 });
    expect(ended).toBe(false);
    lane.stop();
    expect(await running).toEqual({ paused: false });
    expect((await statuses(tenantId)).map((row) => row.status)).toEqual(['accepted', 'accepted']);

    // Nothing comes: the lane lets its number go by itself.
    const idle = new SendLane(tenantId, numberId, { ...deps, idleMs: 10 });
    expect(await idle.run()).toEqual({ paused: false });
  });

  it('makes an interrupted send unknown instead of sending it twice', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const contact = await seedContact(app.pool, tenantId, { waId: '4473001', consent: true });
    const [queued] = await queue(tenantId, [{ numberId, contactId: contact, ...template(marketing) }]);
    await app.pool.query('update send_queue set claimed_at = now(), attempts = 1 where message_id = $1', [queued?.id]);
    const { transport, sent } = scriptedTransport();
    await runLane(tenantId, numberId, transport);
    expect(sent).toHaveLength(0);
    expect((await statuses(tenantId))[0]).toMatchObject({
      status: 'unknown',
      error_code: null,
      error_title: 'interrupted while sending: the request may have reached Meta',
      not_before: null,
    });
  });

  it('never waits between claiming a send and handing it to the transport', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    // 10 a second: slices of 2, and the bucket runs dry after its first 10 tokens.
    await app.pool.query('update wa_number set throughput_per_second = 10 where id = $1', [numberId]);
    const contacts = [];
    for (let index = 0; index < 16; index++)
      contacts.push(await seedContact(app.pool, tenantId, { waId: `447350${index}`, consent: true }));
    await queue(
      tenantId,
      contacts.map((contactId) => ({ numberId, contactId, ...template(marketing) })),
    );
    const { transport, sent } = scriptedTransport();
    const claimedButNotSent: number[] = [];
    // A kill during any wait of the lane must find no claimed row whose request has not started.
    const watchingSleep = async (ms: number) => {
      const { rows } = await app.pool.query<{ id: string }>(
        'select message_id::text as id from send_queue where tenant_id = $1 and claimed_at is not null',
        [tenantId],
      );
      const started = new Set(sent.map((message) => message.callbackData.split('.')[0]));
      claimedButNotSent.push(rows.filter((row) => !started.has(row.id)).length);
      await new Promise((resolve) => setTimeout(resolve, ms));
    };
    const lane = new SendLane(tenantId, numberId, {
      pool: app.pool,
      cipher: app.context.whatsapp.tokenCipher,
      transport,
      logger,
      sleep: watchingSleep,
    });
    await lane.run();
    expect(sent).toHaveLength(16);
    expect(claimedButNotSent.length).toBeGreaterThan(0);
    expect(claimedButNotSent.filter((count) => count > 0)).toEqual([]);
  });

  it('records a send that went although its message was cancelled while the request was in flight', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const first = await seedContact(app.pool, tenantId, { waId: '4473101', consent: true });
    const second = await seedContact(app.pool, tenantId, { waId: '4473102', consent: true });
    const queued = await queue(
      tenantId,
      [first, second].map((contactId) => ({ numberId, contactId, ...template(marketing) })),
    );
    const { transport } = scriptedTransport({
      '4473102': { kind: 'unknown', title: 'no answer from the Cloud API (timeout)' },
    });
    const cancelling: LaneTransport = {
      ...transport,
      async send(number, message) {
        await app.pool.query(`update message set status = 'cancelled' where tenant_id = $1 and id = $2`, [
          tenantId,
          message.callbackData.split('.')[0],
        ]);
        return transport.send(number, message);
      },
    };
    await runLane(tenantId, numberId, cancelling);
    expect((await statuses(tenantId)).map((row) => [row.id, row.status, row.meta_message_id])).toEqual([
      [queued[0]?.id, 'accepted', 'wamid.1.4473101'],
      [queued[1]?.id, 'unknown', null],
    ]);
  });

  it('retries what Meta asks to retry and records final failures with their code', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const busy = await seedContact(app.pool, tenantId, { waId: '4474001', consent: true });
    const gone = await seedContact(app.pool, tenantId, { waId: '4474002', consent: true });
    const stoppedMarketing = await seedContact(app.pool, tenantId, { waId: '4474003', consent: true });
    await queue(
      tenantId,
      [busy, gone, stoppedMarketing].map((contactId) => ({ numberId, contactId, ...template(marketing) })),
    );
    const { transport } = scriptedTransport({
      '4474001': { kind: 'retry', delayMs: 16_000, code: 131056, pairRate: true, throughput: false },
      '4474002': { kind: 'failed', code: 131026, title: 'Message undeliverable', optedOut: false, pauseNumber: null },
      '4474003': { kind: 'failed', code: 131050, title: 'User stopped marketing', optedOut: true, pauseNumber: null },
    });
    await runLane(tenantId, numberId, transport);
    const rows = await statuses(tenantId);
    expect(rows[0].status).toBe('queued');
    expect(new Date(rows[0].not_before).getTime() - Date.now()).toBeGreaterThan(14_000);
    expect(rows[1]).toMatchObject({ status: 'failed', error_code: 131026, error_title: 'Message undeliverable' });
    expect(rows[2]).toMatchObject({ status: 'failed', error_code: 131050 });
    const { rows: contact } = await app.pool.query('select opt_out_channel from contact where id = $1', [
      stoppedMarketing,
    ]);
    expect(contact[0].opt_out_channel).toBe('error_131050');
  });

  it('pauses a number Meta refuses and leaves its queue for when an operator resumes it', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const first = await seedContact(app.pool, tenantId, { waId: '4475001', consent: true });
    const second = await seedContact(app.pool, tenantId, { waId: '4475002', consent: true });
    await queue(
      tenantId,
      [first, second].map((contactId) => ({ numberId, contactId, ...template(marketing) })),
    );
    const { transport, sent } = scriptedTransport({
      '4475001': {
        kind: 'failed',
        code: 190,
        title: 'Invalid OAuth access token',
        optedOut: false,
        pauseNumber: 'token_invalid',
      },
    });
    expect(await runLane(tenantId, numberId, transport)).toEqual({ paused: true });
    expect(sent.length).toBeLessThanOrEqual(1);
    const { rows } = await app.pool.query('select pause_reason from wa_number where id = $1', [numberId]);
    expect(rows[0].pause_reason).toBe('token_invalid');
  });

  it('refuses a queued marketing message once the contact opts out mid-run', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const contact = await seedContact(app.pool, tenantId, { waId: '4476001', consent: true });
    await queue(tenantId, [{ numberId, contactId: contact, ...template(marketing) }]);
    const { transport, sent } = scriptedTransport();
    const lane = newLane(tenantId, numberId, transport);
    lane.contactOptedOut(contact, 'user_preferences');
    await lane.run();
    expect(sent).toHaveLength(0);
    expect((await statuses(tenantId))[0]).toMatchObject({ status: 'refused', error_title: 'opted_out' });
  });

  it('refuses to queue for a number of another tenant', async () => {
    const mine = await setUp();
    const other = await setUp();
    const contact = await seedContact(app.pool, mine.tenantId, { waId: '4477001', consent: true });
    await expect(
      queue(mine.tenantId, [{ numberId: other.numberId, contactId: contact, ...template(mine.marketing) }]),
    ).rejects.toThrow(/another tenant/);
  });

  it('does not send what was paused after its batch was fetched: only rows still due are claimed', async () => {
    const { tenantId, numberId, marketing } = await setUp();
    const contacts: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      contacts.push(
        await seedContact(app.pool, tenantId, { waId: `44701${String(index).padStart(3, '0')}`, consent: true }),
      );
    }
    await queue(
      tenantId,
      contacts.map((contactId) => ({ numberId, contactId, ...template(marketing) })),
    );
    const { transport, sent } = scriptedTransport();
    // A pause lands while the lane works through the batch it fetched: the first send pauses the
    // rest, and any later claim waits for that pause to commit (the lane does not wait for its
    // sends before it claims the next slice, so without this the order would be the machine's).
    let pause: Promise<unknown> | undefined;
    const pausing: LaneTransport = {
      ...transport,
      async send(number, message) {
        pause ??= app.pool.query(
          `update send_queue set not_before = 'infinity' where tenant_id = $1 and claimed_at is null`,
          [tenantId],
        );
        await pause;
        return transport.send(number, message);
      },
    };
    const claimsAfterThePause = new Proxy(app.pool, {
      get(target, property) {
        if (property === 'query') {
          return async (...args: Parameters<typeof target.query>) => {
            const [config] = args as unknown as [string | { text?: string }];
            const text = typeof config === 'string' ? config : config?.text;
            if (pause && text?.includes('set claimed_at = now()')) await pause;
            return (target.query as (...a: unknown[]) => unknown)(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await new SendLane(tenantId, numberId, {
      pool: claimsAfterThePause,
      cipher: app.context.whatsapp.tokenCipher,
      transport: pausing,
      logger,
    }).run();
    const rows = await statuses(tenantId);
    const queued = rows.filter((row) => row.status === 'queued');
    expect(sent.length + queued.length).toBe(40);
    expect(queued.length).toBeGreaterThan(0);
    // node-postgres reads 'infinity' as Infinity.
    expect(queued.map((row) => Number(row.not_before))).toEqual(queued.map(() => Number.POSITIVE_INFINITY));
  });
});
