/**
 * Reads of the wallet (migration 0044): the postings, the daily usage roll-up, the balances. A
 * tenant reads its own rows; the platform admin reads every tenant's, or one tenant's by filter.
 */
import type { LedgerListRequest, LedgerRecord, UsageRecord } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import type { LedgerKind, LedgerUnit } from './ledger-repository.js';

/** Which postings a list shows. */
export interface LedgerSelection {
  kinds: readonly LedgerKind[];
  unit: LedgerUnit;
}

function conditions(
  scope: Scope,
  request: LedgerListRequest,
  selection: LedgerSelection,
  alias: string,
  dayColumn: string,
) {
  const sql = new BoundValues();
  const where = [`${alias}.kind = any(${sql.add(selection.kinds, 'text[]')})`];
  if (!scope.acrossTenants) where.push(`${alias}.tenant_id = ${sql.add(scope.tenantId, 'text')}`);
  else if (request.filters.tenantId) where.push(`${alias}.tenant_id = ${sql.add(request.filters.tenantId, 'text')}`);
  if (request.filters.from) where.push(`${dayColumn} >= ${sql.add(request.filters.from, 'date')}`);
  if (request.filters.to) where.push(`${dayColumn} <= ${sql.add(request.filters.to, 'date')}`);
  return { sql, where: where.join(' and ') };
}

const RECORD_COLUMNS = `t.id::text, t.tenant_id, t.kind, t.unit, t.amount::float8 as amount, t.quantity::float8 as quantity,
  t.category, t.country, t.number_id::text, t.memo, ${isoTime('t.created_at')} as created_at`;

/** Postings of the selection, newest first (the top-ups and charges lists). */
export async function selectPostings(
  db: Db,
  scope: Scope,
  request: LedgerListRequest,
  selection: LedgerSelection,
  limit: number,
  offset: number,
): Promise<LedgerRecord[]> {
  const { sql, where } = conditions(scope, request, selection, 't', `(t.created_at at time zone 'UTC')::date`);
  const unit = sql.add(selection.unit, 'text');
  const { rows } = await db.query<LedgerRecord>(
    prepared(
      `select ${RECORD_COLUMNS} from ledger_transaction t where ${where} and t.unit = ${unit}
        order by t.created_at desc, t.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
  );
  return rows;
}

/** How many postings of the selection there are, counted up to cap + 1. */
export async function countPostings(
  db: Db,
  scope: Scope,
  request: LedgerListRequest,
  selection: LedgerSelection,
  cap: number,
) {
  const { sql, where } = conditions(scope, request, selection, 't', `(t.created_at at time zone 'UTC')::date`);
  const unit = sql.add(selection.unit, 'text');
  const { rows } = await db.query<{ n: number }>(
    prepared(
      `select count(*)::int as n from (select 1 from ledger_transaction t where ${where} and t.unit = ${unit}
        limit ${sql.add(cap + 1, 'int')}) c`,
      sql.values,
    ),
  );
  return rows[0]?.n ?? 0;
}

const USAGE_COLUMNS = `d.tenant_id, d.day::text, d.kind, d.category, d.country,
  nullif(d.number_id, 0)::text as number_id, d.transactions::float8 as transactions,
  d.quantity::float8 as quantity, d.amount::float8 as amount`;

/** Usage of the selection per day, kind, category, country and number (the roll-up), newest day first. */
export async function selectUsage(
  db: Db,
  scope: Scope,
  request: LedgerListRequest,
  selection: LedgerSelection,
  limit: number,
  offset: number,
): Promise<UsageRecord[]> {
  const { sql, where } = conditions(scope, request, selection, 'd', 'd.day');
  const unit = sql.add(selection.unit, 'text');
  const { rows } = await db.query<UsageRecord>(
    prepared(
      `select ${USAGE_COLUMNS} from ledger_daily d where ${where} and d.unit = ${unit}
        order by d.day desc, d.amount, d.quantity desc, d.tenant_id, d.kind, d.category, d.country, d.number_id
        limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
  );
  return rows;
}

export async function countUsage(
  db: Db,
  scope: Scope,
  request: LedgerListRequest,
  selection: LedgerSelection,
  cap: number,
) {
  const { sql, where } = conditions(scope, request, selection, 'd', 'd.day');
  const unit = sql.add(selection.unit, 'text');
  const { rows } = await db.query<{ n: number }>(
    prepared(
      `select count(*)::int as n from (select 1 from ledger_daily d where ${where} and d.unit = ${unit} limit ${sql.add(cap + 1, 'int')}) c`,
      sql.values,
    ),
  );
  return rows[0]?.n ?? 0;
}

export interface WalletRow {
  tenant_id: string;
  plan: string | null;
  expires_at: string | null;
  contact_limit: number | null;
  mass_allowed: boolean | null;
  prepaid: boolean;
  wallet: number;
  held: number;
  translation: number;
  invites: number;
  low_balance_micros: number;
  number_slots: number;
  seat_slots: number;
}

/**
 * A tenant's balances, settings and slots bought (zeros before its first posting), with its plan,
 * expiry and limits. Those are the platform administration's columns of `tenant` (migration 0045,
 * built beside this one): read by name from the row's JSON, so the wallet neither waits for nor
 * breaks without them (null until they exist and are set).
 */
export async function selectWallet(db: Db, tenantId: string): Promise<WalletRow> {
  const { rows } = await db.query<WalletRow>(
    prepared(
      `select $1::text as tenant_id, coalesce(w.prepaid, false) as prepaid,
              (select to_jsonb(t) ->> 'plan' from tenant t where t.id = $1) as plan,
              (select ${isoTime("(to_jsonb(t) ->> 'expires_at')::timestamptz")} from tenant t where t.id = $1) as expires_at,
              (select (to_jsonb(t) ->> 'contact_limit')::float8 from tenant t where t.id = $1) as contact_limit,
              (select (to_jsonb(t) ->> 'mass_allowed')::boolean from tenant t where t.id = $1) as mass_allowed,
              coalesce(w.low_balance_micros, 0)::float8 as low_balance_micros,
              coalesce(sum(a.balance) filter (where a.purpose = 'wallet'), 0)::float8 as wallet,
              coalesce(sum(a.balance) filter (where a.purpose = 'held'), 0)::float8 as held,
              coalesce(sum(a.balance) filter (where a.purpose = 'translation'), 0)::float8 as translation,
              coalesce(sum(a.balance) filter (where a.purpose = 'invites'), 0)::float8 as invites,
              (select coalesce(sum(slots), 0)::int from port_purchase
                where tenant_id = $1 and kind = 'number' and deleted_at is null) as number_slots,
              (select coalesce(sum(slots), 0)::int from port_purchase
                where tenant_id = $1 and kind = 'seat' and deleted_at is null) as seat_slots
         from (select 1) one
         left join tenant_wallet w on w.tenant_id = $1
         left join ledger_account a on a.tenant_id = $1
        group by w.prepaid, w.low_balance_micros`,
      [tenantId],
    ),
  );
  return rows[0] as WalletRow;
}

/** Whether a tenant exists. */
export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  const { rowCount } = await db.query(prepared('select 1 from tenant where id = $1', [tenantId]));
  return (rowCount ?? 0) > 0;
}

/** Sets a tenant's billing settings (those given); prepaid floors its wallet at zero (decision 0026). */
export async function upsertWalletSettings(
  db: Db,
  tenantId: string,
  settings: { prepaid?: boolean | undefined; lowBalanceMicros?: number | undefined },
): Promise<void> {
  await db.query(
    prepared(
      `with upserted as (
         insert into tenant_wallet as w (tenant_id, prepaid, low_balance_micros)
         values ($1, coalesce($2, false), coalesce($3, 0))
         on conflict (tenant_id) do update
           set prepaid = coalesce($2, w.prepaid), low_balance_micros = coalesce($3, w.low_balance_micros),
               low_balance_notified_at = null, updated_at = now()
         returning prepaid
       )
       update ledger_account a set floor_zero = u.prepaid from upserted u
        where a.tenant_id = $1 and a.purpose = 'wallet' and a.floor_zero <> u.prepaid`,
      [tenantId, settings.prepaid ?? null, settings.lowBalanceMicros ?? null],
    ),
  );
}

/** The id of the transaction posted under a key. */
export async function transactionIdOf(db: Db, tenantId: string, key: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    prepared('select id::text from ledger_transaction where tenant_id = $1 and idempotency_key = $2', [tenantId, key]),
  );
  return rows[0]?.id ?? null;
}

/** Usage totals of a range from the roll-up, grouped by `by` (a column of ledger_daily). */
export async function selectUsageTotals(
  db: Db,
  scope: Scope,
  request: LedgerListRequest,
  selection: LedgerSelection,
  by: 'day' | 'category' | 'country' | 'number_id',
): Promise<{ key: string; quantity: number; amount: number }[]> {
  const { sql, where } = conditions(scope, request, selection, 'd', 'd.day');
  const unit = sql.add(selection.unit, 'text');
  const { rows } = await db.query<{ key: string; quantity: number; amount: number }>(
    prepared(
      `select d.${by}::text as key, sum(d.quantity)::float8 as quantity, sum(d.amount)::float8 as amount
         from ledger_daily d where ${where} and d.unit = ${unit}
        group by d.${by} order by ${by === 'day' ? 'd.day' : 'sum(d.amount), sum(d.quantity) desc'}
        limit 400`,
      sql.values,
    ),
  );
  return rows;
}

/**
 * The group invites a tenant may send now: all it asks when postpaid (its use is billed), else at
 * most its `invites` balance, whose account row stays locked until the caller's transaction ends
 * (two tasks of one tenant never spend the same invites).
 */
export async function lockInviteRoom(db: Db, tenantId: string, wanted: number): Promise<number> {
  const { rows } = await db.query<{ prepaid: boolean; balance: number }>(
    prepared(
      `select coalesce(w.prepaid, false) as prepaid,
              coalesce((select balance from ledger_account a where a.tenant_id = $1 and a.purpose = 'invites'
                           for update), 0)::float8 as balance
         from (select 1) one left join tenant_wallet w on w.tenant_id = $1`,
      [tenantId],
    ),
  );
  const row = rows[0];
  return !row?.prepaid ? wanted : Math.max(0, Math.min(wanted, row.balance));
}
