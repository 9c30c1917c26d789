/**
 * Message cost end to end through the Cloud API sandbox: the send lane funds a prepaid tenant's
 * batch by a hold, the sandbox's status webhooks carry Meta's pricing, and the intake captures
 * the price (a postpaid tenant is charged directly); a prepaid tenant out of money has its send
 * refused with the reason and its screens told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { runSendLane, settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { queueTemplate, seedContact, seedSandboxNumber, seedSandboxTemplate } from '../../test/whatsapp-fixtures.js';
import { WEBHOOK_ENV } from '../../whatsapp/webhooks/test-support.js';
import { UNFUNDED_REFUSAL } from './fund-sends.js';
import { postTransaction } from './post-transaction.js';

const t = useTestApp(WEBHOOK_ENV);
const { a, b } = useTenants(t, 'metering');
const RATE = 4_000;
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandboxFor(t, { behaviour: quietBehaviour, delays: instantDelays });
  await t.pool.query(
    `insert into price_rate (market, category, effective_from, unit_micros, source) values ('US', 'utility', '2020-01-01', $1, 'test')`,
    [RATE],
  );
});
afterAll(() => sandbox?.stop());

async function tenantSending(tenantId: string, waIds: string[]) {
  const { numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, tenantId);
  const templateId = await seedSandboxTemplate(
    t.pool,
    sandbox,
    tenantId,
    { numberId, wabaId: made.waba_id },
    { name: 'order_shipped', category: 'UTILITY', text: 'Your order shipped.' },
  );
  const contacts = [];
  for (const waId of waIds) contacts.push(await seedContact(t.pool, tenantId, { waId, numberId }));
  const send = async (contactIds: string[]) => {
    const queued = await queueTemplate(
      t.pool,
      tenantId,
      numberId,
      { id: templateId, name: 'order_shipped' },
      contactIds,
    );
    await runSendLane(t, tenantId, numberId);
    await settleSandbox(t, sandbox);
    return queued.map((q) => q.id);
  };
  return { numberId, contacts, send };
}

const balances = async (tenantId: string) => {
  const { rows } = await t.pool.query(
    `select purpose, balance::float8 as balance from ledger_account where tenant_id = $1 order by purpose`,
    [tenantId],
  );
  return Object.fromEntries(rows.map((row) => [row.purpose, row.balance]));
};
const kindsOf = async (tenantId: string) =>
  (
    await t.pool.query(
      `select kind, amount::float8 as amount from ledger_transaction where tenant_id = $1 order by id`,
      [tenantId],
    )
  ).rows;

describe('message cost through the sandbox', () => {
  it('charges a postpaid tenant the book price of each delivered message, once', async () => {
    const { contacts, send } = await tenantSending(a.tenantId, ['16505550301', '16505550302']);
    await send(contacts);
    expect(await kindsOf(a.tenantId)).toEqual([
      { kind: 'message_cost', amount: -RATE },
      { kind: 'message_cost', amount: -RATE },
    ]);
    expect(await balances(a.tenantId)).toMatchObject({ wallet: -2 * RATE, held: 0 });
    const { rows } = await t.pool.query(
      `select category, country, quantity::int, amount::float8 from ledger_daily where tenant_id = $1 and kind = 'message_cost'`,
      [a.tenantId],
    );
    expect(rows).toEqual([{ category: 'utility', country: 'US', quantity: 2, amount: -2 * RATE }]);
  });

  it('holds a prepaid batch, captures the price on delivery, and refuses a send it cannot fund', async () => {
    await t.pool.query(`insert into tenant_wallet (tenant_id, prepaid, low_balance_micros) values ($1, true, 2000)`, [
      b.tenantId,
    ]);
    await postTransaction(t.pool, b.tenantId, {
      kind: 'top_up',
      idempotencyKey: 'metering-top-up',
      unit: 'usd_micros',
      entries: [
        { tenant: 'wallet', amount: 5_000n },
        { platform: 'funding', amount: -5_000n },
      ],
    });
    const { contacts, send } = await tenantSending(b.tenantId, ['16505550401', '16505550402']);
    await send([contacts[0] as string]);
    expect((await kindsOf(b.tenantId)).map((row) => row.kind)).toEqual(['top_up', 'hold', 'capture']);
    expect(await balances(b.tenantId)).toMatchObject({ wallet: 5_000 - RATE, held: 0 });
    const { rows: holds } = await t.pool.query(`select state, amount::int from ledger_hold where tenant_id = $1`, [
      b.tenantId,
    ]);
    expect(holds).toEqual([{ state: 'captured', amount: RATE }]);

    const [refusedId] = await send([contacts[1] as string]);
    const { rows: messages } = await t.pool.query(
      `select status, error_title from message where tenant_id = $1 and id = $2`,
      [b.tenantId, refusedId],
    );
    expect(messages[0]).toMatchObject({ status: 'refused', error_title: UNFUNDED_REFUSAL });
    expect(await balances(b.tenantId)).toMatchObject({ wallet: 5_000 - RATE, held: 0 });
    const { rows: events } = await t.pool.query(
      `select payload from realtime_event where tenant_id = $1 and type = 'wallet.low_balance'`,
      [b.tenantId],
    );
    // Once when the capture left it under the threshold, again when a send could not be funded.
    expect(events.map((event) => event.payload)).toEqual([
      { available: 5_000 - RATE, threshold: 2000, sends_held: 0 },
      { available: 5_000 - RATE, threshold: 2000, sends_held: 1 },
    ]);
  });
});
