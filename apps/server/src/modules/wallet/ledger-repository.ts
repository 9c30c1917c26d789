/**
 * The ledger's SQL (migration 0044, decision 0026): postings are inserted set-based, one
 * statement per batch; the balances move by the entries' trigger in that same statement.
 */
import { type Db, prepared } from '../../platform/db/pool.js';

export type LedgerUnit = 'usd_micros' | 'chars' | 'invites';
export type LedgerKind =
  | 'top_up'
  | 'translation_usage'
  | 'message_cost'
  | 'port_purchase'
  | 'refund'
  | 'adjustment'
  | 'hold'
  | 'capture'
  | 'void'
  | 'invite_credit'
  | 'invite_usage';

/** A tenant's own accounts; the platform's counter-accounts are seeded by the migration. */
export const TENANT_ACCOUNTS = [
  { purpose: 'wallet', unit: 'usd_micros' },
  { purpose: 'held', unit: 'usd_micros' },
  { purpose: 'translation', unit: 'chars' },
  { purpose: 'invites', unit: 'invites' },
] as const;
export type TenantPurpose = (typeof TENANT_ACCOUNTS)[number]['purpose'];
export type PlatformPurpose =
  | 'funding'
  | 'meta_cost'
  | 'port_sales'
  | 'adjustment'
  | 'translation_funding'
  | 'translation_usage'
  | 'invite_funding'
  | 'invite_usage';

/** One entry: an amount (signed) on a tenant account of the posting's tenant, or on a platform account. */
export type LedgerEntryInput =
  | { tenant: TenantPurpose; amount: bigint }
  | { platform: PlatformPurpose; amount: bigint };

/** An amount in the unit's smallest part: a number where it stays exact (any price), else a bigint. */
export type LedgerAmount = number | bigint;

/** A posting's fields besides its entries (what `PostingColumns.add` takes). */
export interface PostingFields {
  tenantId: string;
  kind: LedgerKind;
  idempotencyKey: string;
  unit: LedgerUnit;
  quantity: LedgerAmount;
  category: string | null;
  country: string | null;
  numberId: string | null;
  messageId: string | null;
  memo: string;
  createdBy: string | null;
}

/**
 * Postings as the statement's columns, built row by row: a batch of thousands (the drain's costs)
 * holds a few arrays of strings and numbers while it waits on PostgreSQL, not an object per
 * posting and per entry. Keys must be unique per tenant within one batch (the caller's to ensure:
 * the entries are joined to their transaction by it).
 */
export class PostingColumns {
  readonly tenantIds: string[] = [];
  readonly kinds: LedgerKind[] = [];
  readonly keys: string[] = [];
  readonly amounts: LedgerAmount[] = [];
  readonly units: LedgerUnit[] = [];
  readonly quantities: LedgerAmount[] = [];
  readonly categories: (string | null)[] = [];
  readonly countries: (string | null)[] = [];
  readonly numberIds: (string | null)[] = [];
  readonly messageIds: (string | null)[] = [];
  readonly memos: string[] = [];
  readonly createdBy: (string | null)[] = [];
  readonly entryPostings: number[] = [];
  readonly entryAccounts: string[] = [];
  readonly entryPlatform: boolean[] = [];
  readonly entryAmounts: LedgerAmount[] = [];

  get size(): number {
    return this.tenantIds.length;
  }

  /** Adds a posting; `tenantAmount` is what its entries change of the tenant's own balances. */
  add(fields: PostingFields, tenantAmount: LedgerAmount): void {
    this.tenantIds.push(fields.tenantId);
    this.kinds.push(fields.kind);
    this.keys.push(fields.idempotencyKey);
    this.amounts.push(tenantAmount);
    this.units.push(fields.unit);
    this.quantities.push(fields.quantity);
    this.categories.push(fields.category);
    this.countries.push(fields.country);
    this.numberIds.push(fields.numberId);
    this.messageIds.push(fields.messageId);
    this.memos.push(fields.memo);
    this.createdBy.push(fields.createdBy);
  }

  /** An entry of the posting added last; an entry of 0 is left out. */
  entry(account: TenantPurpose | PlatformPurpose, platform: boolean, amount: LedgerAmount): void {
    // biome-ignore lint/suspicious/noDoubleEquals: 0 and 0n alike.
    if (amount == 0) return;
    this.entryPostings.push(this.tenantIds.length);
    this.entryAccounts.push(account);
    this.entryPlatform.push(platform);
    this.entryAmounts.push(amount);
  }
}

/**
 * Creates the tenants' accounts that do not exist yet (a prepaid tenant's wallet floors at zero).
 * Accounts already there are skipped by a plain read first: ON CONFLICT alone waits for every
 * transaction updating the conflicting row, and the wallet's balance row is updated by every
 * posting (measured: 1.7 sessions waiting here while lanes took holds).
 */
export async function ensureTenantAccounts(db: Db, tenantIds: readonly string[]): Promise<void> {
  await db.query(
    prepared(
      `insert into ledger_account (tenant_id, purpose, unit, floor_zero)
       select t.id, a.purpose, a.unit, a.purpose = 'wallet' and coalesce(w.prepaid, false)
         from unnest($1::text[]) as t (id)
         cross join unnest($2::text[], $3::text[]) as a (purpose, unit)
         left join tenant_wallet w on w.tenant_id = t.id
        where not exists (select 1 from ledger_account x where x.tenant_id = t.id and x.purpose = a.purpose)
       on conflict (tenant_id, purpose) do nothing`,
      [tenantIds, TENANT_ACCOUNTS.map((a) => a.purpose), TENANT_ACCOUNTS.map((a) => a.unit)],
    ),
  );
}

const POST = `
  with p as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::text[],
                         $8::text[], $9::bigint[], $10::bigint[], $11::text[], $12::bigint[]) with ordinality
      as p (tenant_id, kind, idempotency_key, amount, unit, quantity, category, country, number_id, message_id,
            memo, created_by, n)
  ),
  tx as (
    insert into ledger_transaction (tenant_id, kind, idempotency_key, amount, unit, quantity, category, country,
                                    number_id, message_id, memo, created_by)
    select tenant_id, kind, idempotency_key, amount, unit, quantity, category, country, number_id, message_id,
           memo, created_by
      from p order by n
    on conflict (tenant_id, idempotency_key) do nothing
    returning id, tenant_id, idempotency_key, kind, unit, amount, quantity, category, country, number_id, created_at
  ),
  x as (select * from unnest($13::bigint[], $14::text[], $15::boolean[], $16::bigint[]) as x (n, purpose, platform, amount)),
  entries as (
    insert into ledger_entry (transaction_id, account_id, amount)
    select tx.id, a.id, x.amount
      from x join p on p.n = x.n
      join tx on tx.tenant_id = p.tenant_id and tx.idempotency_key = p.idempotency_key
      join ledger_account a on a.purpose = x.purpose
                           and a.tenant_id is not distinct from (case when x.platform then null else p.tenant_id end)
  ),
  daily as (
    insert into ledger_daily as d (tenant_id, day, kind, unit, category, country, number_id, transactions, quantity,
                                   amount)
    select tenant_id, (created_at at time zone 'UTC')::date, kind, unit, coalesce(category, ''), coalesce(country, ''),
           coalesce(number_id, 0), count(*), sum(quantity), sum(amount)
      from tx group by 1, 2, 3, 4, 5, 6, 7
    on conflict (tenant_id, day, kind, unit, category, country, number_id) do update
      set transactions = d.transactions + excluded.transactions, quantity = d.quantity + excluded.quantity,
          amount = d.amount + excluded.amount
  )
  select p.n::int, tx.id::text from tx join p on p.tenant_id = tx.tenant_id and p.idempotency_key = tx.idempotency_key`;

/** Inserts the postings whose key is new; answers the transaction id of each posted (by position). */
export async function insertPostings(db: Db, postings: PostingColumns): Promise<Map<number, string>> {
  const { rows: posted } = await db.query<{ n: number; id: string }>(
    prepared(POST, [
      postings.tenantIds,
      postings.kinds,
      postings.keys,
      postings.amounts,
      postings.units,
      postings.quantities,
      postings.categories,
      postings.countries,
      postings.numberIds,
      postings.messageIds,
      postings.memos,
      postings.createdBy,
      postings.entryPostings,
      postings.entryAccounts,
      postings.entryPlatform,
      postings.entryAmounts,
    ]),
  );
  return new Map(posted.map((row) => [row.n - 1, row.id]));
}
