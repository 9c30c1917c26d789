import type { LedgerListRequest, PortKind, PortPurchase } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

const COLUMNS = `p.id::text, p.tenant_id, p.kind, p.slots, p.amount_micros::float8 as amount, p.days, p.remark,
  ${isoTime('p.created_at')} as created_at`;

export async function insertPortPurchase(
  db: Db,
  tenantId: string,
  purchase: { kind: PortKind; slots: number; amount: number; days: number; remark: string; transactionId: string },
): Promise<PortPurchase> {
  const { rows } = await db.query<PortPurchase>(
    prepared(
      `insert into port_purchase as p (tenant_id, kind, slots, amount_micros, days, remark, transaction_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
      [
        tenantId,
        purchase.kind,
        purchase.slots,
        purchase.amount,
        purchase.days,
        purchase.remark,
        purchase.transactionId,
      ],
    ),
  );
  return rows[0] as PortPurchase;
}

/** Marks a purchase cancelled; null when the tenant has no such live purchase. */
export async function cancelPortPurchase(db: Db, tenantId: string, id: string): Promise<PortPurchase | null> {
  const { rows } = await db.query<PortPurchase>(
    prepared(
      `update port_purchase p set deleted_at = now()
        where p.tenant_id = $1 and p.id = $2 and p.deleted_at is null returning ${COLUMNS}`,
      [tenantId, id],
    ),
  );
  return rows[0] ?? null;
}

function where(scope: Scope, request: LedgerListRequest) {
  const sql = new BoundValues();
  const conditions = ['p.deleted_at is null'];
  if (!scope.acrossTenants) conditions.push(`p.tenant_id = ${sql.add(scope.tenantId, 'text')}`);
  else if (request.filters.tenantId) conditions.push(`p.tenant_id = ${sql.add(request.filters.tenantId, 'text')}`);
  const day = `(p.created_at at time zone 'UTC')::date`;
  if (request.filters.from) conditions.push(`${day} >= ${sql.add(request.filters.from, 'date')}`);
  if (request.filters.to) conditions.push(`${day} <= ${sql.add(request.filters.to, 'date')}`);
  return { sql, where: conditions.join(' and ') };
}

export async function selectPortPurchases(
  db: Db,
  scope: Scope,
  request: LedgerListRequest,
  limit: number,
  offset: number,
): Promise<PortPurchase[]> {
  const { sql, where: condition } = where(scope, request);
  const { rows } = await db.query<PortPurchase>(
    prepared(
      `select ${COLUMNS} from port_purchase p where ${condition} order by p.created_at desc, p.id desc
        limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
  );
  return rows;
}

export async function countPortPurchases(db: Db, scope: Scope, request: LedgerListRequest, cap: number) {
  const { sql, where: condition } = where(scope, request);
  const { rows } = await db.query<{ n: number }>(
    prepared(
      `select count(*)::int as n from (select 1 from port_purchase p where ${condition}
        limit ${sql.add(cap + 1, 'int')}) c`,
      sql.values,
    ),
  );
  return rows[0]?.n ?? 0;
}
