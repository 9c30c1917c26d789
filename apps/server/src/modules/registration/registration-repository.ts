import { type Page, REGISTERED_STATUSES, type RegistrationFilter, type RegistrationNumber, toPage } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { describePhone } from './countries.js';

interface NumberRow {
  id: string;
  phone: string;
  phone_number_id: string;
  waba_id: string;
  verified_name: string;
  status: string;
  code_verification_status: string | null;
  created_at: string;
  updated_at: string;
}

const NUMBER_COLUMNS = `n.id::text, n.phone, n.phone_number_id, w.waba_id, n.verified_name, n.status,
       n.code_verification_status, ${isoTime('n.created_at')} as created_at, ${isoTime('n.updated_at')} as updated_at`;
const NUMBER_FROM = `wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref`;

const registered = new Set<string>(REGISTERED_STATUSES);

function toRegistrationNumber(row: NumberRow): RegistrationNumber {
  const phone = describePhone(row.phone);
  return {
    id: row.id,
    phone: phone.phone,
    display_phone: phone.display,
    country: phone.country,
    phone_number_id: row.phone_number_id,
    waba_id: row.waba_id,
    verified_name: row.verified_name,
    status: row.status,
    code_verification_status: row.code_verification_status,
    stage: registered.has(row.status) ? 'registered' : 'awaiting',
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The `where` conditions of a list request over `wa_number n`. */
function registrationWhere(scope: Scope, query: RegistrationFilter, sql: BoundValues): string {
  const filters = [`n.tenant_id = ${sql.add(scope.tenantId, 'text')}`, 'n.deleted_at is null'];
  const { stage, phone } = query.filters;
  if (stage) {
    const statuses = sql.add([...REGISTERED_STATUSES], 'text[]');
    filters.push(`${stage === 'registered' ? '' : 'not '}n.status = any(${statuses})`);
  }
  const digits = phone?.replace(/\D/g, '');
  if (digits) filters.push(`n.phone like ${sql.add(likePattern(digits), 'text')}`);
  return filters.join(' and ');
}

/**
 * The tenant's live numbers, newest first, with the page's total from a window count (a tenant
 * has at most about a hundred thousand numbers; the status and phone filters have indexes).
 */
export async function listRegistrationNumbers(
  pool: pg.Pool,
  scope: Scope,
  query: RegistrationFilter,
): Promise<Page<RegistrationNumber>> {
  const sql = new BoundValues();
  const where = registrationWhere(scope, query, sql);
  const span = pageSpanOf(query);
  const { rows } = await pool.query<NumberRow & { total: number }>(
    prepared(
      `select ${NUMBER_COLUMNS}, count(*) over ()::int as total
         from ${NUMBER_FROM}
        where ${where}
        order by n.id desc
        limit ${sql.add(span.limit, 'int')} offset ${sql.add(span.offset, 'int')}`,
      sql.values,
    ),
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no row to carry the total.
    const counted = new BoundValues();
    const count = await pool.query<{ total: number }>(
      prepared(
        `select count(*)::int as total from ${NUMBER_FROM} where ${registrationWhere(scope, query, counted)}`,
        counted.values,
      ),
    );
    total = count.rows[0]?.total ?? 0;
  }
  return toPage(rows.map(toRegistrationNumber), total, query);
}

export async function findRegistrationNumber(
  db: Db,
  scope: Scope,
  numberId: string,
): Promise<RegistrationNumber | undefined> {
  const { rows } = await db.query<NumberRow>(
    `select ${NUMBER_COLUMNS} from ${NUMBER_FROM} where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null`,
    [scope.tenantId, numberId],
  );
  return rows[0] && toRegistrationNumber(rows[0]);
}

export interface RegistrationChange {
  status?: string;
  codeVerificationStatus?: string;
}

/**
 * Records what Meta now says of the number and tells running send lanes (`wa_number_state`), so a
 * deregistered number stops sending at once; `wakeSending` also wakes its lane (`wa_send_wake`),
 * so messages held while it was not registered go out.
 */
export async function recordRegistrationChange(
  db: Db,
  scope: Scope,
  numberId: string,
  change: RegistrationChange,
  wakeSending = false,
): Promise<void> {
  await db.query(
    `with changed as (
       update wa_number
          set status = coalesce($3, status),
              code_verification_status = coalesce($4, code_verification_status),
              updated_at = now()
        where tenant_id = $1 and id = $2 and deleted_at is null
        returning id),
     lane as (
       update send_lane set due_at = now(), updated_at = now()
        where $5 and tenant_id = $1 and number_id = $2 and exists (select 1 from changed))
     select pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text),
            case when $5 then pg_notify('wa_send_wake', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text) end
       from changed`,
    [scope.tenantId, numberId, change.status ?? null, change.codeVerificationStatus ?? null, wakeSending],
  );
}
