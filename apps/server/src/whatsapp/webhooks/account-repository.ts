/**
 * Number and account state as the account webhooks record it (the rules are in number-events.ts).
 * Every changed number is announced on `wa_number_state` ({tenantId, numberId}) after commit.
 */
import type { Db } from '../../platform/db/pool.js';
import type { KnownWaba } from './directory.js';

/** What an event changes on numbers; undefined leaves a column as it is. */
export interface NumberChange {
  qualityRating?: 'GREEN' | 'YELLOW' | 'RED';
  messagingLimitTier?: string;
  throughputLevel?: string;
  throughputPerSecond?: number;
  nameStatus?: string;
  verifiedName?: string;
  status?: string;
  /** Pauses the number with this reason unless it is paused already. */
  pause?: string;
}

const CHANGE_NUMBERS = `
  with changed as (
    update wa_number
       set quality_rating = coalesce($4, quality_rating),
           messaging_limit_tier = coalesce($5, messaging_limit_tier),
           throughput_level = coalesce($6, throughput_level),
           throughput_per_second = coalesce($7, throughput_per_second),
           name_status = coalesce($8, name_status),
           verified_name = coalesce($9, verified_name),
           status = coalesce($10, status),
           pause_reason = case when $11::text is not null and paused_at is null then $11 else pause_reason end,
           paused_at = case when $11::text is not null then coalesce(paused_at, now()) else paused_at end,
           updated_at = now()
     where tenant_id = $1 and waba_ref = $2 and deleted_at is null
       and ($3::text is null or regexp_replace(phone, '\\D', '', 'g') = $3)
    returning id
  )
  select pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', id::text)::text) from changed`;

/** Changes the WABA's live numbers (or the one with these digits), announcing each; returns how many. */
export async function changeNumbers(
  db: Db,
  waba: KnownWaba,
  digits: string | null,
  change: NumberChange,
): Promise<number> {
  const { rowCount } = await db.query(CHANGE_NUMBERS, [
    waba.tenantId,
    waba.wabaRef,
    digits,
    change.qualityRating ?? null,
    change.messagingLimitTier ?? null,
    change.throughputLevel ?? null,
    change.throughputPerSecond ?? null,
    change.nameStatus ?? null,
    change.verifiedName ?? null,
    change.status ?? null,
    change.pause ?? null,
  ]);
  return rowCount ?? 0;
}

/**
 * Sets the tier of every live number of the WABA's business portfolio (in the tenant), announcing
 * each changed one: since Meta's portfolio-level limits, all the portfolio's numbers share one.
 */
export async function setPortfolioTier(db: Db, waba: KnownWaba, tier: string): Promise<void> {
  await db.query(
    `with changed as (
       update wa_number n set messaging_limit_tier = $3, updated_at = now()
         from wa_business_account w
        where w.tenant_id = $1 and w.portfolio_id = $2 and n.tenant_id = w.tenant_id and n.waba_ref = w.id
          and n.deleted_at is null and n.messaging_limit_tier is distinct from $3
       returning n.id
     )
     select pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', id::text)::text)
       from changed`,
    [waba.tenantId, waba.portfolioId, tier],
  );
}

/** Sets the messaging limit of the WABA's business portfolio. */
export async function setPortfolioLimit(db: Db, waba: KnownWaba, limit: number | null): Promise<void> {
  await db.query(
    `update wa_portfolio set messaging_limit = $3, updated_at = now()
      where tenant_id = $1 and id = $2 and messaging_limit is distinct from $3`,
    [waba.tenantId, waba.portfolioId, limit],
  );
}

/** The WABA's ban state as Meta reported it. */
export async function setBanState(db: Db, waba: KnownWaba, state: string): Promise<void> {
  await db.query('update wa_business_account set ban_state = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    waba.tenantId,
    waba.wabaRef,
    state,
  ]);
}

/** The WABA's account review decision. */
export async function setReviewStatus(db: Db, waba: KnownWaba, decision: string): Promise<void> {
  await db.query(
    'update wa_business_account set review_status = $3, updated_at = now() where tenant_id = $1 and id = $2',
    [waba.tenantId, waba.wabaRef, decision],
  );
}
