import type pg from 'pg';
import type { SkipCounts } from './snapshot-repository.js';

/** A campaign about to be snapshotted, locked; none unless it is starting, or scheduled and due. */
export async function lockStartingCampaign(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
): Promise<
  | {
      number_ids: string[];
      number_tag_ids: string[];
      audience: unknown;
      content: unknown;
      options: unknown;
      split: unknown;
      purpose: string;
      created_by: string | null;
      kind: string;
      run_no: number;
    }
  | undefined
> {
  const { rows } = await client.query(
    `select number_ids::text[], number_tag_ids::text[], audience, content, options, split, purpose, created_by::text,
            kind, run_no
       from campaign
      where tenant_id = $1 and id = $2 and deleted_at is null
        and (status = 'starting' or (status = 'scheduled' and coalesce(starts_at, now()) <= now()))
      for update`,
    [tenantId, id],
  );
  return rows[0];
}

/**
 * The snapshot is taken: the campaign runs its first run, or is complete at once when nobody was
 * eligible.
 */
export async function markCampaignStarted(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  recipients: number,
  skipped: SkipCounts,
): Promise<void> {
  await client.query(
    `update campaign
        set status = case when $3::bigint > 0 then 'running' else 'completed' end,
            recipients = $3, skipped = $4, run_no = 1, dispatch_cursor = 0,
            started_at = clock_timestamp(), finished_at = case when $3::bigint > 0 then null else clock_timestamp() end, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, id, recipients, JSON.stringify(skipped)],
  );
}

/**
 * The start is refused (the platform turned the tenant's campaigns off): the campaign goes back
 * to `scheduled` with the reason, nothing snapshotted; an operator starts it once allowed.
 */
export async function refuseCampaignStart(
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  reason: { zh: string; en: string },
): Promise<void> {
  await client.query(
    `update campaign set status = 'scheduled', hold_reason_zh = $3, hold_reason_en = $4, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, id, reason.zh, reason.en],
  );
}
