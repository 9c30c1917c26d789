// BENCH_PREPAID=on: the campaign's tenant pays as it sends (decision 0026): the platform admin
// prices marketing to the United Kingdom (the bench's contacts are +44 77…), credits the wallet
// with more than the campaign can cost and makes the tenant prepaid, all through the product's
// calls. Each lane's batch then takes a hold on the wallet and each delivered status captures it.
import { randomBytes } from 'node:crypto';
import { callApi } from '../api-call.mjs';

/** Dollars a message costs in the bench's price book (Meta's UK marketing rate is about this). */
export const PREPAID_UNIT_PRICE = '0.0382';

export async function makePrepaid(base, adminPassword, tenantId, recipients) {
  const admin = await callApi(base, '/api/auth/login', { username: 'admin', password: adminPassword });
  const token = admin.access_token;
  const today = new Date().toISOString().slice(0, 10);
  const source = 'bench: Meta rate card, United Kingdom';
  await callApi(
    base,
    '/api/price/market',
    { country: 'GB', market: 'United Kingdom', effectiveFrom: today, source },
    token,
  );
  await callApi(
    base,
    '/api/price/add',
    { market: 'United Kingdom', category: 'marketing', effectiveFrom: today, unitPrice: PREPAID_UNIT_PRICE, source },
    token,
  );
  // Twice what every recipient can cost: no send waits for money.
  const amount = String(Math.ceil(recipients * Number(PREPAID_UNIT_PRICE) * 2));
  await callApi(
    base,
    '/api/auth/charge',
    { tenantId, amount, requestId: `bench-${randomBytes(6).toString('hex')}`, remark: 'bench' },
    token,
  );
  await callApi(base, '/api/vip/settings', { tenantId, prepaid: true }, token);
  return { unitPrice: PREPAID_UNIT_PRICE, credited: amount };
}

/**
 * The wallet once the run settled: holds by state (none should stay open), the balance and what
 * the ledger recomputes for it, and the message costs captured.
 */
export async function walletAfter(db, tenantId) {
  const holds = await db.query(
    'select state, count(*)::int as n from ledger_hold where tenant_id = $1 group by state order by state',
    [tenantId],
  );
  const accounts = await db.query(
    `select a.purpose, a.balance::text, coalesce(sum(e.amount), 0)::text as from_entries
       from ledger_account a left join ledger_entry e on e.account_id = a.id
      where a.tenant_id = $1 and a.unit = 'usd_micros' group by a.purpose, a.balance order by a.purpose`,
    [tenantId],
  );
  const costs = await db.query(
    `select kind, count(*)::int as n, (-sum(amount))::text as micros from ledger_transaction
      where tenant_id = $1 and kind in ('capture', 'message_cost', 'hold', 'void') group by kind order by kind`,
    [tenantId],
  );
  return {
    holds: Object.fromEntries(holds.rows.map((row) => [row.state, row.n])),
    accounts: accounts.rows,
    postings: costs.rows,
  };
}
