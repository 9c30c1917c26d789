import type { AccountPlan, CustomerSettings, CustomerUsage, Plan, PlatformTotals } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';

type Settings = z.output<typeof CustomerSettings>;

const SETTINGS = `
  t.id as tenant_id, t.plan, ${isoTime('t.expires_at')} as expires_at,
  coalesce(t.expires_at <= now(), false) as expired, t.contact_limit::float8 as contact_limit,
  t.mass_allowed as mass, t.force_translate, t.read_receipts,
  case when t.deleted_at is not null then 'deleted' when t.deleting then 'deleting' when t.disabled_at is not null then 'disabled' else 'active' end as state,
  ${isoTime('t.delete_after')} as delete_after, t.export_path`;

/** A customer tenant's settings, for a scope that reads across tenants; undefined for the platform's own or an unknown id. */
export async function selectCustomerSettings(
  db: Db,
  scope: Scope,
  tenantId: string,
  options: { lock?: boolean } = {},
): Promise<Settings | undefined> {
  if (!scope.acrossTenants || tenantId === PLATFORM_TENANT_ID) return undefined;
  const { rows } = await db.query<Settings>(
    `select ${SETTINGS} from tenant t where t.id = $1${options.lock ? ' for update' : ''}`,
    [tenantId],
  );
  return rows[0];
}

/** The caller's own tenant's plan, expiry and limits. */
export async function selectOwnPlan(db: Db, scope: Scope): Promise<z.output<typeof AccountPlan>> {
  const { rows } = await db.query<z.output<typeof AccountPlan>>(
    prepared(
      `select t.id as tenant_id, t.plan, ${isoTime('t.expires_at')} as expires_at,
              coalesce(t.expires_at <= now(), false) as expired, t.contact_limit::float8 as contact_limit,
              t.mass_allowed as mass
         from tenant t where t.id = $1`,
      [scope.tenantId],
    ),
  );
  return rows[0] as z.output<typeof AccountPlan>;
}

/** The columns a platform admin's change may set; each applied only when given. */
export interface SettingsChange {
  plan?: Plan;
  contactLimit?: number | null;
  mass?: boolean;
  forceTranslate?: boolean;
  readReceipts?: boolean;
  /** Days added to the expiry, from now when it has passed (or was never set). */
  renewDays?: number;
  /** Days from now (a new customer's expiry). */
  expiresInDays?: number;
  /** The expiry itself. */
  expiresAt?: Date;
}

/** Applies a change to a customer tenant; its settings after it, or undefined when it is not a customer. */
export async function updateCustomerSettings(
  db: Db,
  scope: Scope,
  tenantId: string,
  change: SettingsChange,
): Promise<Settings | undefined> {
  if (!scope.acrossTenants || tenantId === PLATFORM_TENANT_ID) return undefined;
  const { rows } = await db.query<Settings>(
    `update tenant t set
        plan = coalesce($2, t.plan),
        contact_limit = case when $3 then $4::bigint else t.contact_limit end,
        mass_allowed = coalesce($5, t.mass_allowed),
        force_translate = coalesce($6, t.force_translate),
        read_receipts = coalesce($7, t.read_receipts),
        expires_at = case
          when $8::int is not null then greatest(coalesce(t.expires_at, now()), now()) + make_interval(days => $8::int)
          when $9::int is not null then now() + make_interval(days => $9::int)
          when $10::timestamptz is not null then $10::timestamptz
          else t.expires_at end
      where t.id = $1
      returning ${SETTINGS}`,
    [
      tenantId,
      change.plan ?? null,
      change.contactLimit !== undefined,
      change.contactLimit ?? null,
      change.mass ?? null,
      change.forceTranslate ?? null,
      change.readReceipts ?? null,
      change.renewDays ?? null,
      change.expiresInDays ?? null,
      change.expiresAt ?? null,
    ],
  );
  return rows[0];
}

/** Forced translation turned on: the tenant's existing conversations translate too (new ones by the 0045 trigger). */
export async function translateEveryConversation(db: Db, tenantId: string): Promise<void> {
  await db.query('update conversation set translate = true where tenant_id = $1 and not translate', [tenantId]);
}

/**
 * A customer's usage: live numbers and seats counted (a tenant's rows of small tables, through
 * their tenant indexes), contacts from contact_tally and messages from number_daily_count.
 */
export async function selectCustomerUsage(db: Db, tenantId: string): Promise<z.output<typeof CustomerUsage>> {
  const { rows } = await db.query<z.output<typeof CustomerUsage>>(
    prepared(
      `select
         (select count(*) from wa_number n where n.tenant_id = $1 and n.deleted_at is null)::float8 as numbers,
         (select coalesce(sum(contacts), 0) from contact_tally where tenant_id = $1)::float8 as contacts,
         (select count(*) from app_user u join role r on r.id = u.role_id
           where u.tenant_id = $1 and r.code = 'seat')::float8 as seats,
         (select coalesce(sum(sent + received), 0) from number_daily_count where tenant_id = $1)::float8 as messages,
         (select coalesce(sum(sent + received), 0) from number_daily_count
           where tenant_id = $1 and day > (now() at time zone 'UTC')::date - 30)::float8 as messages_30d`,
      [tenantId],
    ),
  );
  return rows[0] as z.output<typeof CustomerUsage>;
}

/**
 * Platform totals over every customer tenant (the platform's own tenant left out), from the
 * tenant-level roll-ups of 0048 (number_tally, contact_consent_total, message_day: a few rows per
 * tenant where wa_number, contact_tally and number_daily_count have one per number) and the
 * ledger's balances.
 */
export async function selectPlatformTotals(db: Db): Promise<z.output<typeof PlatformTotals>> {
  const { rows } = await db.query<z.output<typeof PlatformTotals>>(
    prepared(
      `select
         (select count(*) from tenant where id <> $1 and deleted_at is null)::float8 as customers,
         (select count(*) from tenant where id <> $1 and disabled_at is null
            and (expires_at is null or expires_at > now()))::float8 as active_customers,
         (select count(*) from tenant where id <> $1 and deleted_at is null and expires_at <= now())::float8 as expired_customers,
         (select coalesce(sum(numbers), 0) from number_tally where tenant_id <> $1)::float8 as numbers,
         (select coalesce(sum(contacts), 0) from contact_consent_total where tenant_id <> $1)::float8 as contacts,
         (select count(*) from app_user u join role r on r.id = u.role_id
           where u.tenant_id <> $1 and r.code = 'seat')::float8 as seats,
         (select coalesce(sum(sent + received), 0) from message_day where tenant_id <> $1)::float8 as messages,
         (select coalesce(sum(sent + received), 0) from message_day
           where tenant_id <> $1 and day = (now() at time zone 'UTC')::date)::float8 as messages_today,
         (select coalesce(sum(balance), 0) from ledger_account
           where tenant_id <> $1 and purpose in ('wallet', 'held'))::float8 as wallet_balance,
         (select coalesce(sum(balance), 0) from ledger_account where tenant_id <> $1 and purpose = 'held')::float8 as wallet_held,
         (select count(*) from tenant_wallet w
           where w.tenant_id <> $1 and w.low_balance_micros > 0
             and w.low_balance_micros > coalesce((select a.balance from ledger_account a
                                                   where a.tenant_id = w.tenant_id and a.purpose = 'wallet'), 0))::float8
           as low_balance_customers`,
      [PLATFORM_TENANT_ID],
    ),
  );
  return rows[0] as z.output<typeof PlatformTotals>;
}

/** What the limits need of a tenant: its contact limit and live contacts, whether it may run campaigns. */
export interface TenantLimits {
  contactLimit: number | null;
  contacts: number;
  massAllowed: boolean;
  readReceipts: boolean;
  forceTranslate: boolean;
}

export async function selectTenantLimits(db: Db, tenantId: string): Promise<TenantLimits> {
  const { rows } = await db.query<TenantLimits>(
    prepared(
      `select t.contact_limit::float8 as "contactLimit", t.mass_allowed as "massAllowed",
              t.read_receipts as "readReceipts", t.force_translate as "forceTranslate",
              (select coalesce(sum(contacts), 0) from contact_tally c where c.tenant_id = t.id)::float8 as contacts
         from tenant t where t.id = $1`,
      [tenantId],
    ),
  );
  return rows[0] ?? { contactLimit: null, contacts: 0, massAllowed: true, readReceipts: true, forceTranslate: false };
}

/** Whether the tenant may run campaigns, its row share-locked until the transaction ends (true for no row). */
export async function selectMassAllowedLocked(db: Db, tenantId: string): Promise<boolean> {
  const { rows } = await db.query<{ mass_allowed: boolean }>(
    prepared('select mass_allowed from tenant where id = $1 for share', [tenantId]),
  );
  return rows[0]?.mass_allowed ?? true;
}
