import type { CampaignKind, CampaignStatus } from '@ws/contract';
import type pg from 'pg';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** A campaign as stored, with its template's name. */
export interface CampaignRow {
  id: string;
  tenant_id: string;
  kind: CampaignKind;
  name: string;
  status: CampaignStatus;
  hold_reason_zh: string | null;
  hold_reason_en: string | null;
  number_ids: string[];
  number_tag_ids: string[];
  audience: unknown;
  content: unknown;
  template_id: string | null;
  template_name: string | null;
  template_language: string | null;
  template_category: string | null;
  purpose: string;
  schedule: unknown;
  options: unknown;
  run_no: number;
  recipients: string;
  skipped: Record<string, number>;
  created_at: string;
  starts_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** An A/B split: the request's, variant B's template, and the decision's times and numbers. */
  split: unknown;
  split_template_id: string | null;
  split_template_name: string | null;
  split_template_language: string | null;
  split_template_category: string | null;
  split_sample_sent_at: string | null;
  split_decided_at: string | null;
  split_winner: number | null;
  split_decision: unknown;
}

const COLUMNS = `c.id::text, c.tenant_id, c.kind, c.name, c.status, c.hold_reason_zh, c.hold_reason_en,
  c.number_ids::text[], c.number_tag_ids::text[], c.audience, c.content, c.template_id::text,
  t.name as template_name, t.language as template_language, t.category as template_category,
  c.purpose, c.schedule, c.options, c.run_no, c.recipients::text, c.skipped,
  ${isoTime('c.created_at')} as created_at, ${isoTime('c.starts_at')} as starts_at,
  ${isoTime('c.started_at')} as started_at, ${isoTime('c.finished_at')} as finished_at,
  c.split, c.split_template_id::text, st.name as split_template_name, st.language as split_template_language,
  st.category as split_template_category, ${isoTime('c.split_sample_sent_at')} as split_sample_sent_at,
  ${isoTime('c.split_decided_at')} as split_decided_at, c.split_winner, c.split_decision`;
const FROM = `campaign c left join wa_template t on t.tenant_id = c.tenant_id and t.id = c.template_id
  left join wa_template st on st.tenant_id = c.tenant_id and st.id = c.split_template_id`;

export interface NewCampaignRow {
  kind: CampaignKind;
  name: string;
  status: 'scheduled' | 'starting';
  numberIds: string[];
  numberTagIds: string[];
  audience: unknown;
  content: unknown;
  templateId: string | null;
  purpose: string;
  schedule: unknown;
  options: unknown;
  split: unknown;
  splitTemplateId: string | null;
  startsAt: Date | null;
}

export async function insertCampaign(db: Db, scope: Scope, campaign: NewCampaignRow): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into campaign (tenant_id, kind, name, status, number_ids, number_tag_ids, audience, content, template_id,
                           purpose, schedule, options, starts_at, created_by, split, split_template_id)
     values ($1, $2, $3, $4, $5::bigint[], $6::bigint[], $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     returning id::text`,
    [
      scope.tenantId,
      campaign.kind,
      campaign.name,
      campaign.status,
      campaign.numberIds,
      campaign.numberTagIds,
      JSON.stringify(campaign.audience),
      JSON.stringify(campaign.content),
      campaign.templateId,
      campaign.purpose,
      JSON.stringify(campaign.schedule),
      JSON.stringify(campaign.options),
      campaign.startsAt,
      scope.userId,
      campaign.split === null ? null : JSON.stringify(campaign.split),
      campaign.splitTemplateId,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** One campaign of the caller's tenant and of this kind. */
export async function selectCampaign(
  db: Db,
  scope: Scope,
  kind: CampaignKind,
  id: string,
): Promise<CampaignRow | undefined> {
  const sql = new BoundValues();
  const { rows } = await db.query<CampaignRow>(
    `select ${COLUMNS} from ${FROM}
      where ${scopeWhere(scope, sql, { tenant: 'c.tenant_id' })} and c.deleted_at is null
        and c.kind = ${sql.add(kind, 'text')} and c.id = ${sql.add(id, 'bigint')}`,
    sql.values,
  );
  return rows[0];
}

export interface CampaignFilter {
  search?: string | undefined;
  status?: CampaignStatus | null | undefined;
}

/** A page of the tenant's campaigns of one kind, newest first, and how many match (a tenant runs thousands, not millions). */
export async function selectCampaigns(
  db: Db,
  scope: Scope,
  kind: CampaignKind,
  filter: CampaignFilter,
  page: PageSpan,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'c.tenant_id' }), 'c.deleted_at is null'];
  where.push(`c.kind = ${sql.add(kind, 'text')}`);
  if (filter.status) where.push(`c.status = ${sql.add(filter.status, 'text')}`);
  if (filter.search) where.push(`c.name ilike ${sql.add(likePattern(filter.search), 'text')}`);
  const condition = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from campaign c where ${condition}`, [
    ...sql.values,
  ]);
  const { rows } = await db.query<CampaignRow>(
    `select ${COLUMNS} from ${FROM} where ${condition} order by c.id desc
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** Recipients by campaign, number and state, from the roll-up. */
export async function selectTallies(
  db: Db,
  campaignIds: readonly string[],
): Promise<{ campaign_id: string; number_id: string; state: number; n: number }[]> {
  if (campaignIds.length === 0) return [];
  const { rows } = await db.query(
    `select campaign_id::text, number_id::text, state, n::float8 as n from campaign_tally_live
      where campaign_id = any($1::bigint[]) and n <> 0`,
    [campaignIds],
  );
  return rows;
}

/** The sender numbers of campaigns, as resolved at start (or, before it, as chosen). */
export async function selectCampaignNumbers(
  db: Db,
  tenantId: string,
  campaignIds: readonly string[],
): Promise<
  {
    campaign_id: string;
    id: string;
    phone: string;
    verified_name: string;
    quality_rating: string;
    active: boolean;
  }[]
> {
  if (campaignIds.length === 0) return [];
  const { rows } = await db.query(
    `select c.id::text as campaign_id, n.id::text, n.phone, n.verified_name, n.quality_rating,
            coalesce(s.active, n.paused_at is null and n.quality_rating <> 'RED') as active
       from campaign c
       join wa_number n on n.tenant_id = c.tenant_id
        and (n.id in (select s.number_id from campaign_sender s where s.campaign_id = c.id)
             or (not exists (select 1 from campaign_sender s where s.campaign_id = c.id) and n.id = any(c.number_ids)))
       left join campaign_sender s on s.campaign_id = c.id and s.number_id = n.id
      where c.tenant_id = $1 and c.id = any($2::bigint[])
      order by c.id, n.id`,
    [tenantId, campaignIds],
  );
  return rows;
}

/**
 * Locks a campaign for a change of status; answers its status and kind, or nothing. FOR NO KEY
 * UPDATE does not wait for a dispatcher's step (which holds the row FOR KEY SHARE): the change
 * commits at once, and the step gives itself up at its checkpoint.
 */
export async function lockCampaign(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
): Promise<Pick<CampaignRow, 'status' | 'kind' | 'run_no'> | undefined> {
  const { rows } = await client.query(
    'select status, kind, run_no from campaign where tenant_id = $1 and id = $2 and deleted_at is null for no key update',
    [tenantId, id],
  );
  return rows[0];
}
