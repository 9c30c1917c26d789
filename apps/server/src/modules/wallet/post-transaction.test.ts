import { beforeAll, describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { postTransaction } from './post-transaction.js';

const t = useTestApp();
const { a, b } = useTenants(t, 'ledger');

const topUp = (micros: bigint, key: string) => ({
  kind: 'top_up' as const,
  idempotencyKey: key,
  unit: 'usd_micros' as const,
  entries: [
    { tenant: 'wallet' as const, amount: micros },
    { platform: 'funding' as const, amount: -micros },
  ],
});
const portPurchase = (micros: bigint, key: string) => ({
  kind: 'port_purchase' as const,
  idempotencyKey: key,
  unit: 'usd_micros' as const,
  entries: [
    { tenant: 'wallet' as const, amount: -micros },
    { platform: 'port_sales' as const, amount: micros },
  ],
});

/**
 * Every tenant account whose kept balance differs from the sum of its entries (none, ever), and
 * any unit whose entries over all accounts, the platform's included, do not sum to zero.
 */
async function driftedAccounts() {
  const { rows } = await t.pool.query(
    `select a.id, a.balance, coalesce(sum(e.amount), 0) as entries from ledger_account a
       left join ledger_entry e on e.account_id = a.id
      where a.tenant_id is not null
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)
     union all
     select null, null, sum(e.amount) from ledger_entry e join ledger_account a on a.id = e.account_id
      group by a.unit having sum(e.amount) <> 0`,
  );
  return rows;
}
const walletOf = async (tenantId: string) =>
  Number(
    (await t.pool.query(`select balance from ledger_account where tenant_id = $1 and purpose = 'wallet'`, [tenantId]))
      .rows[0]?.balance ?? 0,
  );

describe('postTransaction', () => {
  beforeAll(async () => {
    await t.pool.query(`insert into tenant_wallet (tenant_id, prepaid) values ($1, true)`, [b.tenantId]);
  });

  it('posts once per idempotency key', async () => {
    const first = await postTransaction(t.pool, a.tenantId, topUp(5_000_000n, 'once'));
    const again = await postTransaction(t.pool, a.tenantId, topUp(5_000_000n, 'once'));
    expect(first.transactionId).toMatch(/^\d+$/);
    expect(again.transactionId).toBeNull();
    expect(await walletOf(a.tenantId)).toBe(5_000_000);
    // The same key of another tenant is its own posting.
    expect((await postTransaction(t.pool, b.tenantId, topUp(1n, 'once'))).transactionId).not.toBeNull();
    expect(await driftedAccounts()).toEqual([]);
  });

  it('refuses entries that do not sum to zero, in the command and in the database', async () => {
    const unbalanced = { ...topUp(5n, 'bad'), entries: [{ tenant: 'wallet' as const, amount: 5n }] };
    await expect(postTransaction(t.pool, a.tenantId, unbalanced)).rejects.toThrow(/does not balance/);
    const tx = await t.pool.query(
      `insert into ledger_transaction (tenant_id, kind, idempotency_key, amount, unit) values ($1, 'adjustment', 'raw', 1, 'usd_micros') returning id`,
      [a.tenantId],
    );
    await expect(
      t.pool.query(
        `insert into ledger_entry (transaction_id, account_id) select $1, id from ledger_account where tenant_id = $2 and purpose = 'wallet'`,
        [tx.rows[0].id, a.tenantId],
      ),
    ).rejects.toThrow();
    await expect(t.pool.query(`update ledger_entry set amount = amount + 1`)).rejects.toThrow(/append-only/);
  });

  it('keeps a prepaid wallet at or above zero under 100 parallel charges and usages', async () => {
    await postTransaction(t.pool, b.tenantId, topUp(50_000_000n, 'parallel-top-up'));
    const start = await walletOf(b.tenantId);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        i % 4 === 0
          ? postTransaction(t.pool, b.tenantId, topUp(1_000_000n, `p-top-${i}`))
          : postTransaction(t.pool, b.tenantId, portPurchase(2_000_000n, `p-buy-${i}`)),
      ),
    );
    const charged = outcomes.filter((o, i) => i % 4 !== 0 && o.status === 'fulfilled').length;
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused) {
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(`${reason.text?.en} ${reason}`).toMatch(/^amount: /);
    }
    const balance = await walletOf(b.tenantId);
    expect(balance).toBe(start + 25 * 1_000_000 - charged * 2_000_000);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await driftedAccounts()).toEqual([]);
    const { rows } = await t.pool.query(`select sum(amount)::bigint as total from ledger_daily where tenant_id = $1`, [
      b.tenantId,
    ]);
    expect(Number(rows[0].total)).toBe(balance);
  });
});
