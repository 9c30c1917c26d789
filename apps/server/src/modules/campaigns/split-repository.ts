import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

/** A split campaign's recipients by number, variant (1 A, 2 B, 3 the rest) and state, from the roll-up. */
export async function variantTally(
  db: Db,
  campaignIds: readonly string[],
): Promise<{ campaignId: string; numberId: string; variant: number; state: number; n: number }[]> {
  if (campaignIds.length === 0) return [];
  const { rows } = await db.query(
    `select campaign_id::text, number_id::text, variant, state, n::float8 as n from campaign_variant_tally_live
      where campaign_id = any($1::bigint[]) and n <> 0`,
    [campaignIds],
  );
  return rows.map((row) => ({
    campaignId: row.campaign_id,
    numberId: row.number_id,
    variant: row.variant,
    state: row.state,
    n: row.n,
  }));
}

/** Records that the sample has gone out, once; answers the time recorded (the first one). */
export async function markSampleSent(db: Db, campaignId: string): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>(
    `update campaign set split_sample_sent_at = coalesce(split_sample_sent_at, now())
      where id = $1 returning split_sample_sent_at as at`,
    [campaignId],
  );
  return (rows[0] as { at: Date }).at;
}

/** A split campaign, locked for its decision; undefined when it is gone. */
export async function lockSplitCampaign(
  db: Db,
  tenantId: string,
  campaignId: string,
): Promise<
  | {
      kind: 'mass' | 'burst';
      status: string;
      runNo: number;
      split: unknown;
      sampleSentAt: Date | null;
      winner: number | null;
    }
  | undefined
> {
  const { rows } = await db.query(
    `select kind, status, run_no, split, split_sample_sent_at, split_winner from campaign
      where tenant_id = $1 and id = $2 and deleted_at is null for update`,
    [tenantId, campaignId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    kind: row.kind,
    status: row.status,
    runNo: row.run_no,
    split: row.split,
    sampleSentAt: row.split_sample_sent_at,
    winner: row.split_winner,
  };
}

/**
 * Records the winner and what it was decided on, and starts a new pass of the dispatcher from the
 * first contact (the rest are spread over the whole key). Answers the decision time as ISO text.
 */
export async function recordDecision(db: Db, campaignId: string, winner: 1 | 2, decision: object): Promise<string> {
  const { rows } = await db.query<{ at: string }>(
    `update campaign
        set split_winner = $2, split_decided_at = now(), split_decision = $3, dispatch_cursor = 0, updated_at = now()
      where id = $1 and split_winner is null
      returning ${isoTime('split_decided_at')} as at`,
    [campaignId, winner, JSON.stringify(decision)],
  );
  return (rows[0] as { at: string }).at;
}
