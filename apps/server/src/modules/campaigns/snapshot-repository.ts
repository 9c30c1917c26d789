import type { CampaignAudience, SkipReason } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { MARKETING_ONLY_OPT_OUTS } from '../../whatsapp/governor/rules.js';
import { COUNTRY_PREFIX_DIGITS } from '../pricing/market-of.js';
import { audienceWhere } from './audience-query.js';

/** Who gets the campaign and from which number: the rules applied up front, as the governor applies them again at send time. */
export interface SnapshotRules {
  audience: CampaignAudience;
  marketing: boolean;
  /** Free-form text: only contacts whose 24-hour window with a sender is open, from that sender. */
  freeForm: boolean;
  frequencyCapHours: number;
  /** Active senders and their cumulative weights' lower bounds (0, w1, w1+w2, …) and total. */
  senderIds: readonly string[];
  thresholds: readonly number[];
  totalWeight: number;
  /**
   * Mark engaged recipients (a sender is in a warm-up plan preferring them): those whose contact
   * wrote to the tenant within ENGAGED_DAYS. Free: the contact row is read anyway.
   */
  markEngaged?: boolean;
}

/** How recent a contact's last message to the tenant must be for it to count as engaged. */
export const ENGAGED_DAYS = 30;

/**
 * The audience with each contact's reason to be left out (null: eligible) and assigned sender:
 * its owner number when that is a sender, else the sender it last talked to, else a share of the
 * senders weighted by capacity (a hash of the contact id, so the same contact always lands on the
 * same number).
 */
function audienceRows(scope: Scope, rules: SnapshotRules, sql: BoundValues, extraColumns = ''): string {
  const senders = sql.add(rules.senderIds, 'bigint[]');
  const capHours = sql.add(rules.marketing ? rules.frequencyCapHours : 0, 'int');
  const marketing = sql.add(rules.marketing, 'boolean');
  const freeForm = sql.add(rules.freeForm, 'boolean');
  const where = audienceWhere(scope, rules.audience, sql);
  const weighted = `(${senders})[width_bucket((hashint8(c.id)::bigint + 2147483648) % ${sql.add(rules.totalWeight, 'bigint')},
    ${sql.add(rules.thresholds.map(String), 'bigint[]')})]`;
  // Each contact's latest conversation with a sender, in one pass over the conversations joined
  // by hash: a lookup per contact ran once or twice for each of a million rows.
  const talked = `(select distinct on (v.contact_id) v.contact_id, v.number_id from conversation v
      where v.tenant_id = ${sql.add(scope.tenantId, 'text')} and v.number_id = any(${senders})
        and (not ${freeForm} or v.last_inbound_at > now() - interval '24 hours')
      order by v.contact_id, v.last_message_at desc)`;
  return `
    select c.id,${extraColumns}
           case
             when c.opted_out_at is not null
                  and (${marketing} or coalesce(c.opt_out_channel, '') <> all(${sql.add(MARKETING_ONLY_OPT_OUTS, 'text[]')}))
               then 'opted_out'
             when ${marketing} and (c.opted_in_at is null or coalesce(c.opt_in_evidence, '') = '') then 'no_consent'
             when t.contact_id is not null then 'frequency_cap'
             when sender.number_id is null then case when ${freeForm} then 'window_closed' else 'no_sender' end
           end as skip,
           sender.number_id
      from contact c
      left join (select contact_id from contact_touch
                  where tenant_id = ${sql.add(scope.tenantId, 'text')}
                    and last_marketing_at > now() - make_interval(hours => ${capHours})) t on t.contact_id = c.id
      left join ${talked} lt on lt.contact_id = c.id
     cross join lateral (select case
             when ${freeForm} then lt.number_id
             when c.number_id = any(${senders}) then c.number_id
             else coalesce(lt.number_id, ${weighted}) end as number_id) sender
     where ${where}`;
}

export type SkipCounts = Partial<Record<SkipReason, number>>;

function tallyOf(rows: { skip: SkipReason | null; n: number }[]): { eligible: number; skipped: SkipCounts } {
  const skipped: SkipCounts = {};
  let eligible = 0;
  for (const row of rows) {
    if (row.skip === null) eligible = row.n;
    else skipped[row.skip] = row.n;
  }
  return { eligible, skipped };
}

/**
 * Each eligible recipient's variant: without a split 0; with one, the contacts in the order of a
 * hash of (contact, campaign) (reproducible, and not the sender share's order), the first share
 * of the sample A (1), the next as many B (2), the rest 3 (waiting for the winner).
 */
function variantColumns(campaignId: string, samplePercent: number | null, sql: BoundValues) {
  if (samplePercent === null) {
    return { ranked: 'select id, number_id, engaged from audience where skip is null', variant: '0' };
  }
  const half = `ceil(total * ${sql.add(samplePercent, 'int')} / 200.0)`;
  return {
    ranked: `select id, number_id, engaged, count(*) over () as total,
                    row_number() over (order by hashint8extended(id, ${sql.add(campaignId, 'bigint')}), id) as place
               from audience where skip is null`,
    variant: `case when place <= ${half} then 1 when place <= 2 * ${half} then 2 else 3 end`,
  };
}

/**
 * The snapshot: one INSERT … SELECT of a recipient row per eligible contact, in contact order
 * (the key the dispatcher walks), each with its variant of an A/B split (`samplePercent`) and,
 * when asked, whether it is engaged, with the skipped counted by reason in the same statement.
 */
export async function insertRecipients(
  client: pg.PoolClient,
  scope: Scope,
  campaignId: string,
  rules: SnapshotRules,
  samplePercent: number | null = null,
): Promise<{ eligible: number; skipped: SkipCounts }> {
  const sql = new BoundValues();
  const engaged = rules.markEngaged
    ? `coalesce(c.last_inbound_at > now() - make_interval(days => ${sql.add(ENGAGED_DAYS, 'int')}), false)`
    : 'false';
  const rows = audienceRows(scope, rules, sql, ` ${engaged} as engaged,`);
  const variants = variantColumns(campaignId, samplePercent, sql);
  const { rows: counts } = await client.query(
    `with audience as materialized (${rows}),
          ranked as (${variants.ranked}),
          inserted as (
            insert into campaign_recipient (campaign_id, contact_id, tenant_id, number_id, run_no, state, variant, engaged)
            select ${sql.add(campaignId, 'bigint')}, id, ${sql.add(scope.tenantId, 'text')}, number_id, 1, 0,
                   ${variants.variant}, engaged
              from ranked order by id
          )
     select skip, count(*)::float8 as n from audience group by skip`,
    sql.values,
  );
  return tallyOf(counts);
}

/**
 * The forecast's counts: the audience by reason, and the eligible in groups of numbers sharing
 * their first digits (enough to tell their country, for the cost), each with one of its numbers.
 */
export async function countAudience(
  db: Db,
  scope: Scope,
  rules: SnapshotRules,
): Promise<{ eligible: number; skipped: SkipCounts; numberGroups: { sample: string; n: number }[] }> {
  const sql = new BoundValues();
  const rows = audienceRows(scope, rules, sql, ' c.wa_id,');
  const { rows: counts } = await db.query(
    `with audience as materialized (${rows})
     select skip, null as sample, count(*)::float8 as n from audience group by skip
     union all
     select null, min(wa_id), count(*)::float8 from audience where skip is null
      group by left(wa_id, ${sql.add(COUNTRY_PREFIX_DIGITS, 'int')})`,
    sql.values,
  );
  return {
    ...tallyOf(counts.filter((row) => row.sample === null)),
    numberGroups: counts.filter((row) => row.sample !== null).map((row) => ({ sample: row.sample, n: row.n })),
  };
}

/** Whether the audience matches any contact at all (before the rules). */
export async function audienceIsEmpty(db: Db, scope: Scope, audience: CampaignAudience): Promise<boolean> {
  const sql = new BoundValues();
  const { rows } = await db.query(
    `select exists (select 1 from contact c where ${audienceWhere(scope, audience, sql)}) as found`,
    sql.values,
  );
  return rows[0]?.found !== true;
}
