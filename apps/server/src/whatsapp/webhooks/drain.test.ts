import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../platform/db/pool.js';
import { poolActingBefore } from '../../test/intercepting-pool.js';
import { createTestApp, useTestApp } from '../../test/test-app.js';
import { drainWebhookEvents } from './drain.js';
import { pendingEvents } from './event-repository.js';
import { webhookHousekeepingJob } from './jobs.js';
import {
  changePayload,
  EXAMPLE_PHONE_NUMBER_ID,
  EXAMPLE_WABA_ID,
  inboundPayload,
  metaExamples,
  postWebhook,
  recentUnix,
  rows,
  type SeededNumber,
  seedNumber,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
let number: SeededNumber;

beforeAll(async () => {
  number = await seedNumber(t, {
    tenantId: '350001',
    phoneNumberId: EXAMPLE_PHONE_NUMBER_ID,
    wabaId: EXAMPLE_WABA_ID,
  });
});

/** Posts bodies (each must be acknowledged) and returns the ids of the events stored. */
async function post(...bodies: unknown[]): Promise<string[]> {
  const before = (await rows<{ id: string }>(t.pool, 'select coalesce(max(id), 0)::text as id from webhook_event'))[0]!
    .id;
  for (const body of bodies) expect((await postWebhook(t, body)).statusCode).toBe(200);
  return (
    await rows<{ id: string }>(t.pool, 'select id::text from webhook_event where id > $1 order by id', [before])
  ).map((row) => row.id);
}

const outcomes = (ids: string[]) =>
  rows(t.pool, 'select outcome, problem, tenant_id from webhook_event where id = any($1) order by id', [ids]);

/** A logger whose warnings the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

let sequence = 0;
const textFrom = (waId: string, body: string, phoneNumberId = EXAMPLE_PHONE_NUMBER_ID) => {
  sequence += 1;
  return inboundPayload(phoneNumberId, waId, [
    { id: `wamid.drain-${sequence}`, timestamp: String(recentUnix()), type: 'text', text: { body } },
  ]);
};

describe('webhook processing', () => {
  it('keeps an event for an unknown number, with its outcome, and warns', async () => {
    const ids = await post(textFrom('447700906000', 'hello', '999999999999999'));
    const { logger, lines } = capturingLogger();
    await drainWebhookEvents({ pool: t.pool, logger });
    expect(await outcomes(ids)).toEqual([
      { outcome: 'unknown_number', problem: 'messages: unknown phone_number_id 999999999999999', tenant_id: null },
    ]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, eventId: ids[0], msg: 'webhook event names no known number; kept' }),
    );
    expect(await rows(t.pool, `select 1 from contact where wa_id = '447700906000'`)).toEqual([]);
  });

  it('applies what it can and reports the rest: unknown field, invalid value, unknown number beside a known one', async () => {
    const known = textFrom('447700906100', 'hi');
    const mixed = {
      object: 'whatsapp_business_account',
      entry: [
        ...known.entry,
        { id: EXAMPLE_WABA_ID, changes: [{ field: 'calls', value: { calls: [] } }] },
        {
          id: EXAMPLE_WABA_ID,
          changes: [{ field: 'user_preferences', value: { metadata: { phone_number_id: 'x' } } }],
        },
        ...textFrom('447700906101', 'hi', '999999999999999').entry,
      ],
    };
    const ids = await post(mixed);
    await drainWebhookEvents(t.context);
    const [event] = await outcomes(ids);
    expect(event).toMatchObject({ outcome: 'partial', tenant_id: number.tenantId });
    expect(event!.problem).toContain('messages: unknown phone_number_id 999999999999999');
    expect(event!.problem).toContain('field "calls" not handled');
    expect(event!.problem).toContain('user_preferences: metadata.display_phone_number');
    expect(await rows(t.pool, `select wa_id from contact where wa_id like '4477009061%'`)).toEqual([
      { wa_id: '447700906100' },
    ]);
  });

  it('keeps an unknown message type as it came, with a note', async () => {
    const ids = await post(
      inboundPayload(EXAMPLE_PHONE_NUMBER_ID, '447700906200', [
        { id: 'wamid.hologram', timestamp: String(recentUnix()), type: 'hologram', hologram: { depth: 3 } },
      ]),
    );
    await drainWebhookEvents(t.context);
    expect(await outcomes(ids)).toEqual([
      { outcome: 'processed', problem: 'messages: message type "hologram" kept as is', tenant_id: number.tenantId },
    ]);
    const [message] = await rows(
      t.pool,
      `select type, preview, body from message where meta_message_id = 'wamid.hologram'`,
    );
    expect(message).toMatchObject({ type: 'hologram', preview: '[hologram]', body: { hologram: { depth: 3 } } });
  });

  it('an event that cannot be applied fails alone; the rest of its batch goes through', async () => {
    // A group id another tenant holds: recording it here breaks the unique index.
    const elsewhere = await seedNumber(t, {
      tenantId: '350002',
      phoneNumberId: '230000000000002',
      wabaId: '430000000000002',
    });
    await t.pool.query(
      `insert into wa_group (tenant_id, number_id, group_id, subject) values ($1, $2, 'G-taken', 'x')`,
      [elsewhere.tenantId, elsewhere.numberId],
    );
    const clash = changePayload(EXAMPLE_WABA_ID, {
      field: 'group_participants_update',
      value: {
        metadata: { display_phone_number: '15550783881', phone_number_id: EXAMPLE_PHONE_NUMBER_ID },
        groups: [
          {
            timestamp: '1750270000',
            group_id: 'G-taken',
            type: 'group_participants_add',
            added_participants: [{ wa_id: '1' }],
          },
        ],
      },
    });
    const ids = await post(textFrom('447700906300', 'before'), clash, textFrom('447700906301', 'after'));
    await drainWebhookEvents({ pool: t.pool, logger: pino({ level: 'silent' }) });
    const [before, failed, after] = await outcomes(ids);
    expect(before).toMatchObject({ outcome: 'processed' });
    expect(failed).toMatchObject({ outcome: 'failed', tenant_id: null });
    expect(failed!.problem).toContain('wa_group_meta_key');
    expect(after).toMatchObject({ outcome: 'processed' });
    expect(await rows(t.pool, `select wa_id from contact where wa_id like '4477009063%' order by wa_id`)).toEqual([
      { wa_id: '447700906300' },
      { wa_id: '447700906301' },
    ]);
  });

  it('a worker killed before its batch commits leaves nothing done; the next run does it once', async () => {
    const ids = await post(textFrom('447700906400', 'once'));
    await expect(drainWebhookEvents({ pool: crashBeforeCommit(t.pool), logger: t.context.logger })).rejects.toThrow(
      'worker killed',
    );
    expect(await outcomes(ids)).toEqual([{ outcome: null, problem: null, tenant_id: null }]);
    expect(await rows(t.pool, `select 1 from contact where wa_id = '447700906400'`)).toEqual([]);
    await drainWebhookEvents(t.context);
    await drainWebhookEvents(t.context);
    expect(await outcomes(ids)).toEqual([{ outcome: 'processed', problem: null, tenant_id: number.tenantId }]);
    const conversations = await rows(
      t.pool,
      `select v.unread from conversation v join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id where c.wa_id = '447700906400'`,
    );
    expect(conversations).toEqual([{ unread: 1 }]);
  });

  // Each time the holder lets go of the lock it looks for events again: after its batch, and after
  // its retry of statuses waiting for their message, which takes the lock too.
  it.each([
    { step: 'its batch', marker: 'set processed_at = now()', waId: '4477009065' },
    {
      step: 'its retry of waiting statuses',
      marker: 'select exists (select 1 from webhook_status_orphan)',
      waId: '4477009066',
    },
  ])(
    'a run that finds another drainer at work ($step) leaves; the holder applies what was stored meanwhile',
    async ({ marker, waId }) => {
      const first = await post(textFrom(`${waId}00`, 'first'));
      let later: string[] = [];
      let leaving: Awaited<ReturnType<typeof drainWebhookEvents>> | undefined;
      // While the holder's transaction is open (the lock held), a webhook arrives and its run leaves at once.
      const holder = poolActingBefore(t.pool, marker, async () => {
        later = await post(textFrom(`${waId}01`, 'meanwhile'));
        leaving = await drainWebhookEvents(t.context, { leaveIfBusy: true });
      });
      const report = await drainWebhookEvents({ pool: holder, logger: t.context.logger }, { leaveIfBusy: true });
      expect(leaving).toEqual({ events: 0, batches: 0, busy: true });
      expect(report).toMatchObject({ events: 2, busy: false });
      expect(await outcomes([...first, ...later])).toEqual([
        { outcome: 'processed', problem: null, tenant_id: number.tenantId },
        { outcome: 'processed', problem: null, tenant_id: number.tenantId },
      ]);
    },
  );

  it('takes a batch up to its payload bytes: the event that reaches them is the last, and the first always comes', async () => {
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query('update webhook_event set processed_at = now() where processed_at is null');
      const { rows: stored } = await client.query<{ id: string }>(
        `insert into webhook_event (payload) select repeat('x', n) from unnest(array[3000, 1000, 500, 800]) as n
         returning id::text`,
      );
      const taken = async (maxBytes: number) => (await pendingEvents(client, 100, maxBytes)).map((event) => event.id);
      const ids = stored.map((row) => row.id);
      expect(await taken(1_000_000)).toEqual(ids);
      expect(await taken(4001)).toEqual(ids.slice(0, 3));
      expect(await taken(4000)).toEqual(ids.slice(0, 2));
      expect(await taken(10)).toEqual(ids.slice(0, 1));
      expect((await pendingEvents(client, 2, 1_000_000)).map((event) => event.id)).toEqual(ids.slice(0, 2));
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('housekeeping deletes processed events after 30 days and the others after 90', async () => {
    await t.pool.query('delete from webhook_event');
    await t.pool.query(
      `insert into webhook_event (payload, received_at, processed_at, outcome) values
         ('{}', now() - interval '31 days', now(), 'processed'),
         ('{}', now() - interval '29 days', now(), 'processed'),
         ('{}', now() - interval '31 days', now(), 'unknown_number'),
         ('{}', now() - interval '91 days', now(), 'failed'),
         ('{}', now() - interval '91 days', null, null)`,
    );
    await webhookHousekeepingJob.handle(undefined, {} as never, t.context);
    expect(
      await rows(
        t.pool,
        `select outcome, extract(day from now() - received_at)::int as days from webhook_event order by id`,
      ),
    ).toEqual([
      { outcome: 'processed', days: 29 },
      { outcome: 'unknown_number', days: 31 },
      { outcome: null, days: 91 },
    ]);
  });
});

describe('webhook processing by the worker', () => {
  it('an acknowledged event is processed by the queued job', async () => {
    const app = await createTestApp(WEBHOOK_ENV, { worker: true });
    try {
      await seedNumber(app, {
        tenantId: '350003',
        phoneNumberId: EXAMPLE_PHONE_NUMBER_ID,
        wabaId: EXAMPLE_WABA_ID,
      });
      expect((await postWebhook(app, metaExamples['Location Message'])).statusCode).toBe(200);
      let processed: unknown[] = [];
      for (let attempt = 0; attempt < 200 && processed.length === 0; attempt += 1) {
        processed = await rows(app.pool, `select outcome from webhook_event where processed_at is not null`);
        if (processed.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(processed).toEqual([{ outcome: 'processed' }]);
      expect(await rows(app.pool, `select type, preview from message`)).toEqual([
        { type: 'location', preview: '[location] Philz Coffee' },
      ]);
    } finally {
      await app.stop();
    }
  });
});

/** The pool as a worker killed between its batch's work and its commit would leave it. */
function crashBeforeCommit(pool: Pool): Pool {
  return beforeCommit(pool, () => {
    throw new Error('worker killed');
  });
}

/** The pool with `action` run (once) between a batch's work and the marking of its events, its lock held. */
const beforeCommit = (pool: Pool, action: () => unknown) => poolActingBefore(pool, 'set processed_at = now()', action);
