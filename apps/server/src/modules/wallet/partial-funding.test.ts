/**
 * A prepaid wallet that covers only part of a batch (decision 0026): the send lane sends the part
 * it covers, in order, and holds the rest (a campaign held with the reason, other sends refused);
 * it never spends past the balance, never holds a message twice, and a held message that is not
 * sent gives its money back at once.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, seedContact, seedNumber, seedTemplate } from '../../test/whatsapp-fixtures.js';
import type { ErrorVerdict, LaneTransport, OutboundMessage } from '../../whatsapp/governor/lane-transport.js';
import { queueMessages } from '../../whatsapp/governor/queue-messages.js';
import { SendLane } from '../../whatsapp/governor/send-lane.js';
import { fundSends, UNFUNDED, UNFUNDED_REFUSAL } from './fund-sends.js';
import { postTransaction } from './post-transaction.js';
import { affordablePrefix } from './take-holds.js';

const t = useTestApp();
const RATE = 4_000;
const UNDELIVERABLE: ErrorVerdict = {
  kind: 'failed',
  code: 131026,
  title: 'undeliverable',
  optedOut: false,
  pauseNumber: null,
};

/** Sends everything except to the wa_ids listed in `failing`, which Meta refuses for good. */
function transport(failing: string[] = []) {
  const sent: OutboundMessage[] = [];
  const lane: LaneTransport = {
    async send(_number, message) {
      if (failing.includes(message.to ?? '')) throw new Error('scripted failure');
      sent.push(message);
      return `wamid.${message.callbackData}`;
    },
    verdict: () => UNDELIVERABLE,
  };
  return { lane, sent };
}

async function prepaidTenant(balance: number, waIds: string[]) {
  const tenantId = await createTenant(t.pool);
  const { numberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId, {});
  const templateId = await seedTemplate(t.pool, tenantId, numberId, { name: 'promo' });
  await t.pool.query(`insert into tenant_wallet (tenant_id, prepaid) values ($1, true)`, [tenantId]);
  await t.pool.query(
    `insert into price_rate (market, category, effective_from, unit_micros, source)
     values ('US', 'marketing', '2020-01-01', $1, 'test') on conflict do nothing`,
    [RATE],
  );
  await postTransaction(t.pool, tenantId, {
    kind: 'top_up',
    idempotencyKey: `top-up:${tenantId}`,
    unit: 'usd_micros',
    entries: [
      { tenant: 'wallet', amount: BigInt(balance) },
      { platform: 'funding', amount: -BigInt(balance) },
    ],
  });
  const contacts: string[] = [];
  for (const waId of waIds) contacts.push(await seedContact(t.pool, tenantId, { waId, consent: true }));
  const queue = (campaignId?: string) =>
    withTransaction(t.pool, (client) =>
      queueMessages(
        client,
        tenantId,
        contacts.map((contactId) => ({
          numberId,
          contactId,
          campaignId,
          type: 'template',
          templateId,
          content: { template: { name: 'promo', language: { code: 'en_US' } } },
        })),
      ),
    );
  const run = (lane: LaneTransport) =>
    new SendLane(tenantId, numberId, {
      pool: t.pool,
      cipher: t.context.whatsapp.tokenCipher,
      transport: lane,
      logger: pino({ level: 'silent' }),
      lingerMs: 0,
    }).run();
  return { tenantId, numberId, templateId, queue, run };
}

const balances = async (tenantId: string) => {
  const { rows } = await t.pool.query(
    `select purpose, balance::float8 as balance from ledger_account where tenant_id = $1 and unit = 'usd_micros'`,
    [tenantId],
  );
  return Object.fromEntries(rows.map((row) => [row.purpose, row.balance]));
};
const postings = async (tenantId: string) =>
  (
    await t.pool.query(
      `select kind, amount::float8 as amount, quantity::int from ledger_transaction where tenant_id = $1 order by id`,
      [tenantId],
    )
  ).rows;
const holds = async (tenantId: string) =>
  (
    await t.pool.query(`select message_id::text, state from ledger_hold where tenant_id = $1 order by message_id`, [
      tenantId,
    ])
  ).rows;
const messages = async (tenantId: string) =>
  (
    await t.pool.query(
      `select m.id::text, m.status, m.error_title, q.not_before = 'infinity' as waiting
         from message m left join send_queue q on q.tenant_id = m.tenant_id and q.message_id = m.id
        where m.tenant_id = $1 order by m.id`,
      [tenantId],
    )
  ).rows;

describe('a prepaid batch the wallet covers in part', () => {
  it('sends the campaign messages it covers, in order, and holds the campaign for the rest', async () => {
    const tenant = await prepaidTenant(2 * RATE + RATE / 2, [
      '16505550601',
      '16505550602',
      '16505550603',
      '16505550604',
    ]);
    const { rows } = await t.pool.query(
      `insert into campaign (tenant_id, kind, name, status, audience, content, purpose, template_id, run_no)
       values ($1, 'mass', 'Partly funded', 'running', '{}', '{}', 'marketing', $2, 1) returning id::text`,
      [tenant.tenantId, tenant.templateId],
    );
    const campaignId = rows[0].id as string;
    const queued = await tenant.queue(campaignId);
    const { lane, sent } = transport();
    await tenant.run(lane);

    expect(sent.map((message) => message.to)).toEqual(['16505550601', '16505550602']);
    expect((await messages(tenant.tenantId)).map((m) => [m.status, m.waiting])).toEqual([
      ['accepted', null],
      ['accepted', null],
      ['queued', true],
      ['queued', true],
    ]);
    const [campaign] = (
      await t.pool.query('select status, hold_reason_zh, hold_reason_en from campaign where id = $1', [campaignId])
    ).rows;
    expect(campaign).toEqual({ status: 'held', hold_reason_zh: UNFUNDED.zh, hold_reason_en: UNFUNDED.en });
    expect(await postings(tenant.tenantId)).toEqual([
      { kind: 'top_up', amount: 2.5 * RATE, quantity: 0 },
      { kind: 'hold', amount: 0, quantity: 2 },
    ]);
    expect(await balances(tenant.tenantId)).toEqual({ wallet: RATE / 2, held: 2 * RATE });
    expect(await holds(tenant.tenantId)).toEqual(queued.slice(0, 2).map((q) => ({ message_id: q.id, state: 'open' })));
    const { rows: events } = await t.pool.query(
      `select payload from realtime_event where tenant_id = $1 and type = 'wallet.low_balance'`,
      [tenant.tenantId],
    );
    expect(events.map((event) => event.payload.sends_held)).toEqual([2]);

    // The lane again: the held campaign's messages wait, nothing is held or charged twice.
    await tenant.run(transport().lane);
    expect(await postings(tenant.tenantId)).toHaveLength(2);
    expect(await balances(tenant.tenantId)).toEqual({ wallet: RATE / 2, held: 2 * RATE });
  });

  it('refuses the sends past the balance, and gives back the hold of a send Meta refuses', async () => {
    const tenant = await prepaidTenant(2 * RATE, ['16505550701', '16505550702', '16505550703']);
    const queued = await tenant.queue();
    const { lane, sent } = transport(['16505550701']);
    await tenant.run(lane);

    expect(sent.map((message) => message.to)).toEqual(['16505550702']);
    expect((await messages(tenant.tenantId)).map((m) => [m.status, m.error_title])).toEqual([
      ['failed', 'undeliverable'],
      ['accepted', null],
      ['refused', UNFUNDED_REFUSAL],
    ]);
    expect((await postings(tenant.tenantId)).map((p) => p.kind)).toEqual(['top_up', 'hold', 'void']);
    expect(await balances(tenant.tenantId)).toEqual({ wallet: RATE, held: RATE });
    expect(await holds(tenant.tenantId)).toEqual([
      { message_id: queued[0]?.id, state: 'voided' },
      { message_id: queued[1]?.id, state: 'open' },
    ]);
  });

  it('never spends past the balance when many batches fund at once', async () => {
    const tenant = await prepaidTenant(7 * RATE, ['16505550801']);
    const batch = (from: number) =>
      Array.from({ length: 5 }, (_, i) => ({
        id: String(9_000_000 + from + i),
        to: '16505550801',
        category: 'marketing' as const,
      }));
    const funded = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fundSends(t.pool, tenant.tenantId, tenant.numberId, batch(i * 10))),
    );
    const first = funded.reduce((sum, outcome) => sum + outcome.funded.size, 0);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(7);
    // What the race left is taken exactly by the next batch.
    const rest = await fundSends(t.pool, tenant.tenantId, tenant.numberId, [...batch(200), ...batch(300)]);
    expect(rest.funded.size).toBe(7 - first);
    expect(await balances(tenant.tenantId)).toEqual({ wallet: 0, held: 7 * RATE });
    const { rows } = await t.pool.query(
      `select count(*)::int as holds, sum(amount)::float8 as amount from ledger_hold where tenant_id = $1`,
      [tenant.tenantId],
    );
    expect(rows[0]).toEqual({ holds: 7, amount: 7 * RATE });
    const { rows: entries } = await t.pool.query(
      `select sum(e.amount)::float8 as sum from ledger_entry e join ledger_account a on a.id = e.account_id
        where a.tenant_id = $1 and a.purpose in ('wallet', 'held')`,
      [tenant.tenantId],
    );
    expect(entries[0].sum).toBe(7 * RATE);
  });

  it('takes the longest prefix that fits; held and free messages always go', () => {
    const hold = (messageId: string, amount: number) => ({
      messageId,
      amount,
      category: 'marketing',
      country: 'US',
      numberId: '1',
    });
    const batch = [hold('1', 3), hold('2', 0), hold('3', 4), hold('4', 1), hold('5', 2), hold('6', 0)];
    expect(affordablePrefix(batch, 5, new Set(['5'])).map((h) => h.messageId)).toEqual(['1', '2', '5', '6']);
    expect(affordablePrefix(batch, 8, new Set()).map((h) => h.messageId)).toEqual(['1', '2', '3', '4', '6']);
    expect(affordablePrefix(batch, 0, new Set()).map((h) => h.messageId)).toEqual(['2', '6']);
  });
});
