import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';

/** A candidate sender with what assignment and the forecast need. */
export interface SenderFacts {
  id: string;
  phone: string;
  wabaRef: string;
  portfolioId: string;
  /** The portfolio's messaging limit (unique contacts outside the window per moving 24 h); null: unlimited. */
  messagingLimit: number | null;
  throughput: number;
  quality: string;
  paused: boolean;
  status: string;
}

/**
 * The tenant's live numbers chosen by id or carrying one of the number tags, and which of the
 * asked ids and tags are not the tenant's (a 404 for the caller).
 */
export async function selectSenders(
  db: Db,
  scope: Scope,
  numberIds: readonly string[],
  tagIds: readonly string[],
): Promise<{ senders: SenderFacts[]; unknownNumbers: string[]; unknownTags: string[] }> {
  const { rows } = await db.query(
    `select n.id::text, n.phone, n.waba_ref::text, w.portfolio_id::text, p.messaging_limit, n.throughput_per_second,
            n.quality_rating, n.paused_at is not null as paused, n.status
       from wa_number n
       join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
       join wa_portfolio p on p.tenant_id = w.tenant_id and p.id = w.portfolio_id
      where n.tenant_id = $1 and n.deleted_at is null
        and (n.id = any($2::bigint[])
             or n.id in (select t.number_id from number_tag t where t.tenant_id = $1 and t.tag_id = any($3::bigint[])))
      order by n.id`,
    [scope.tenantId, numberIds, tagIds],
  );
  const known = await db.query<{ id: string }>(
    `select id::text from tag where tenant_id = $1 and kind = 'number' and id = any($2::bigint[])`,
    [scope.tenantId, tagIds],
  );
  const found = new Set(rows.map((row) => row.id));
  const knownTags = new Set(known.rows.map((row) => row.id));
  return {
    senders: rows.map((row) => ({
      id: row.id,
      phone: row.phone,
      wabaRef: row.waba_ref,
      portfolioId: row.portfolio_id,
      messagingLimit: row.messaging_limit,
      throughput: row.throughput_per_second,
      quality: row.quality_rating,
      paused: row.paused,
      status: row.status,
    })),
    unknownNumbers: numberIds.filter((id) => !found.has(id)),
    unknownTags: tagIds.filter((id) => !knownTags.has(id)),
  };
}

/** Unique contacts each portfolio reached outside the window in the last 24 h (at most its limit's worth of rows). */
export async function selectPortfolioReach(
  db: Db,
  tenantId: string,
  portfolioIds: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ portfolio_id: string; used: number }>(
    `select portfolio_id::text, count(*)::int as used from portfolio_reach
      where tenant_id = $1 and portfolio_id = any($2::bigint[]) and reached_at > now() - interval '24 hours'
      group by portfolio_id`,
    [tenantId, portfolioIds],
  );
  return new Map(rows.map((row) => [row.portfolio_id, row.used]));
}

/** WABAs (of the senders) holding an APPROVED template of this name and language. */
export async function selectWabasWithTemplate(
  db: Db,
  tenantId: string,
  name: string,
  language: string,
): Promise<Set<string>> {
  const { rows } = await db.query<{ waba_ref: string }>(
    `select waba_ref::text from wa_template where tenant_id = $1 and name = $2 and language = $3 and status = 'APPROVED'`,
    [tenantId, name, language],
  );
  return new Set(rows.map((row) => row.waba_ref));
}

/** The senders a campaign starts with; inactive ones get no recipients. */
export async function insertCampaignSenders(
  client: pg.PoolClient,
  tenantId: string,
  campaignId: string,
  senders: readonly { id: string; active: boolean }[],
): Promise<void> {
  await client.query(
    `insert into campaign_sender (campaign_id, number_id, tenant_id, active)
     select $1, s.id, $2, s.active from unnest($3::bigint[], $4::boolean[]) as s (id, active)
     on conflict (campaign_id, number_id) do update set active = excluded.active`,
    [campaignId, tenantId, senders.map((sender) => sender.id), senders.map((sender) => sender.active)],
  );
}
