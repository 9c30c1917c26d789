/**
 * Message cost from status webhooks: a redelivered webhook, or the delivered and read statuses of
 * one message, charge once; Meta's free types charge nothing; a failure voids a prepaid hold.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import {
  deliver,
  EXAMPLE_WABA_ID,
  insertOutbound,
  recentUnix,
  type SeededNumber,
  seedNumber,
  statusesPayload,
  WEBHOOK_ENV,
} from '../../whatsapp/webhooks/test-support.js';
import { walletHoldExpiryJob } from './hold-expiry-job.js';
import { postTransaction } from './post-transaction.js';
import { takeSendHolds } from './take-holds.js';

const t = useTestApp(WEBHOOK_ENV);
const PHONE_NUMBER_ID = '200000000000441';
let number: SeededNumber;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '440001', phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID });
  await t.pool.query(
    `insert into price_rate (market, category, effective_from, unit_micros, source) values ('US', 'marketing', '2020-01-01', 25000, 'test')`,
  );
});

const postings = async () =>
  (
    await t.pool.query(`select kind, amount::int, memo from ledger_transaction where tenant_id = $1 order by id`, [
      number.tenantId,
    ])
  ).rows;
const account = async (purpose: string) =>
  Number(
    (
      await t.pool.query(`select balance from ledger_account where tenant_id = $1 and purpose = $2`, [
        number.tenantId,
        purpose,
      ])
    ).rows[0]?.balance ?? 0,
  );

describe('message cost from status webhooks', () => {
  it('charges a delivered billable message once, however often its statuses come', async () => {
    await insertOutbound(t.pool, number, 'wamid.cost-once');
    const at = recentUnix();
    const payload = statusesPayload(PHONE_NUMBER_ID, [
      { id: 'wamid.cost-once', status: 'sent', at },
      { id: 'wamid.cost-once', status: 'delivered', at: at + 1 },
    ]);
    await deliver(t, payload);
    await deliver(
      t,
      payload,
      statusesPayload(PHONE_NUMBER_ID, [{ id: 'wamid.cost-once', status: 'read', at: at + 2 }]),
    );
    expect(await postings()).toEqual([{ kind: 'message_cost', amount: -25_000, memo: 'US marketing from 2020-01-01' }]);
    expect(await account('wallet')).toBe(-25_000);
  });

  it('charges nothing for a status Meta says is free, and says why', async () => {
    const before = await account('wallet');
    await insertOutbound(t.pool, number, 'wamid.free');
    const payload = statusesPayload(PHONE_NUMBER_ID, [{ id: 'wamid.free', status: 'delivered', at: recentUnix() }]);
    const status = payload.entry[0]?.changes[0]?.value as { statuses: { pricing: object }[] };
    (status.statuses[0] as { pricing: object }).pricing = {
      billable: false,
      pricing_model: 'PMP',
      category: 'service',
      type: 'free_customer_service',
    };
    await deliver(t, payload);
    expect((await postings()).at(-1)).toEqual({ kind: 'message_cost', amount: 0, memo: 'free: free_customer_service' });
    expect(await account('wallet')).toBe(before);
  });

  it('voids a prepaid hold when the message fails, and captures another at the price on delivery', async () => {
    await postTransaction(t.pool, number.tenantId, {
      kind: 'top_up',
      idempotencyKey: 'costs-top-up',
      unit: 'usd_micros',
      entries: [
        { tenant: 'wallet', amount: 100_000n },
        { platform: 'funding', amount: -100_000n },
      ],
    });
    const failing = await insertOutbound(t.pool, number, 'wamid.will-fail');
    const delivered = await insertOutbound(t.pool, number, 'wamid.will-arrive');
    const holds = [failing, delivered].map((messageId) => ({
      messageId,
      amount: 30_000,
      category: 'marketing',
      country: 'US',
      numberId: number.numberId,
    }));
    const wallet = await account('wallet');
    expect((await takeSendHolds(t.pool, number.tenantId, holds)).size).toBe(2);
    // Taking the same holds again holds nothing more.
    expect((await takeSendHolds(t.pool, number.tenantId, holds)).size).toBe(2);
    expect([await account('wallet'), await account('held')]).toEqual([wallet - 60_000, 60_000]);
    await deliver(
      t,
      statusesPayload(PHONE_NUMBER_ID, [
        { id: 'wamid.will-fail', status: 'failed', at: recentUnix(), errorCode: 131026, callbackData: failing },
        { id: 'wamid.will-arrive', status: 'delivered', at: recentUnix(), callbackData: delivered },
      ]),
    );
    expect([await account('wallet'), await account('held')]).toEqual([wallet - 25_000, 0]);
    const { rows } = await t.pool.query(
      `select message_id::text, state from ledger_hold where tenant_id = $1 order by message_id`,
      [number.tenantId],
    );
    expect(rows).toEqual([
      { message_id: failing, state: 'voided' },
      { message_id: delivered, state: 'captured' },
    ]);
  });

  it('moves a hold once when one batch both delivers and fails its message', async () => {
    const message = await insertOutbound(t.pool, number, 'wamid.both');
    const hold = {
      messageId: message,
      amount: 30_000,
      category: 'marketing',
      country: 'US',
      numberId: number.numberId,
    };
    const [wallet, held] = [await account('wallet'), await account('held')];
    expect((await takeSendHolds(t.pool, number.tenantId, [hold])).size).toBe(1);
    await deliver(
      t,
      statusesPayload(PHONE_NUMBER_ID, [
        { id: 'wamid.both', status: 'delivered', at: recentUnix(), callbackData: message },
        { id: 'wamid.both', status: 'failed', at: recentUnix(), errorCode: 131026, callbackData: message },
      ]),
    );
    // Captured at the price by the delivery, not also given back by the failure.
    expect([await account('wallet'), await account('held')]).toEqual([wallet - 25_000, held]);
    const { rows } = await t.pool.query(
      `select kind, amount::int from ledger_transaction where tenant_id = $1 and message_id = $2 order by id`,
      [number.tenantId, message],
    );
    expect(rows).toEqual([{ kind: 'capture', amount: -25_000 }]);
  });
});

describe('hold expiry', () => {
  it('voids the holds whose message never settled, and only those', async () => {
    const stuck = await insertOutbound(t.pool, number, null);
    const fresh = await insertOutbound(t.pool, number, null);
    const hold = (messageId: string) => ({
      messageId,
      amount: 7_000,
      category: 'utility',
      country: 'US',
      numberId: number.numberId,
    });
    const wallet = await account('wallet');
    expect((await takeSendHolds(t.pool, number.tenantId, [hold(stuck), hold(fresh)])).size).toBe(2);
    await t.pool.query(
      `update ledger_hold set expires_at = now() - interval '1 minute' where tenant_id = $1 and message_id = $2`,
      [number.tenantId, stuck],
    );
    await walletHoldExpiryJob.handle(undefined, {} as never, t.context);
    expect([await account('wallet'), await account('held')]).toEqual([wallet - 7_000, 7_000]);
    const { rows } = await t.pool.query(`select state from ledger_hold where tenant_id = $1 and message_id = $2`, [
      number.tenantId,
      stuck,
    ]);
    expect(rows[0].state).toBe('voided');
  });
});

describe('the low-balance notice', () => {
  it('tells the tenant once when a charge leaves its wallet under the threshold', async () => {
    await t.pool.query(
      `insert into tenant_wallet (tenant_id, low_balance_micros) values ($1, 1000000000)
       on conflict (tenant_id) do update set low_balance_micros = excluded.low_balance_micros, low_balance_notified_at = null`,
      [number.tenantId],
    );
    for (const id of ['wamid.low-1', 'wamid.low-2']) {
      await insertOutbound(t.pool, number, id);
      await deliver(t, statusesPayload(PHONE_NUMBER_ID, [{ id, status: 'delivered', at: recentUnix() }]));
    }
    const { rows } = await t.pool.query(
      `select payload from realtime_event where tenant_id = $1 and type = 'wallet.low_balance'`,
      [number.tenantId],
    );
    expect(rows.map((row) => row.payload)).toEqual([
      { available: (await account('wallet')) + 25_000, threshold: 1_000_000_000, sends_held: 0 },
    ]);
  });
});
