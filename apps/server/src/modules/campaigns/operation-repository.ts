import type { CampaignKind } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';

/**
 * Moves a campaign's status from one of `from` to `to` (a compare-and-set); answers its run number
 * then, or undefined when its status was another. Running again clears the hold reason and the end.
 */
export async function moveCampaignStatus(
  db: Db,
  tenantId: string,
  id: string,
  from: readonly string[],
  to: string,
): Promise<number | undefined> {
  const { rows } = await db.query<{ run_no: number }>(
    `update campaign
        set status = $4, updated_at = now(),
            hold_reason_zh = case when $4 = 'held' then hold_reason_zh end,
            hold_reason_en = case when $4 = 'held' then hold_reason_en end,
            finished_at = case when $4 = 'cancelled' then now() when $4 = 'running' then null else finished_at end
      where tenant_id = $1 and id = $2 and status = any($3::text[])
      returning run_no`,
    [tenantId, id, from, to],
  );
  return rows[0]?.run_no;
}

/** Holds every running campaign of the tenant with the reason; answers them. */
export async function holdRunningCampaignsOf(
  db: Db,
  tenantId: string,
  reason: { zh: string; en: string },
): Promise<{ id: string; kind: CampaignKind; run_no: number }[]> {
  const { rows } = await db.query<{ id: string; kind: CampaignKind; run_no: number }>(
    `update campaign set status = 'held', hold_reason_zh = $2, hold_reason_en = $3, updated_at = now()
      where tenant_id = $1 and status = 'running'
     returning id::text, kind, run_no`,
    [tenantId, reason.zh, reason.en],
  );
  return rows;
}

/** A new run of the campaign: running again from the first contact. Answers its number. */
export async function startNextRun(
  db: Db,
  tenantId: string,
  id: string,
  from: readonly string[],
): Promise<number | undefined> {
  const { rows } = await db.query<{ run_no: number }>(
    `update campaign
        set status = 'running', run_no = run_no + 1, dispatch_cursor = 0, finished_at = null,
            hold_reason_zh = null, hold_reason_en = null, updated_at = now()
      where tenant_id = $1 and id = $2 and status = any($3::text[])
      returning run_no`,
    [tenantId, id, from],
  );
  return rows[0]?.run_no;
}

/**
 * Cancel: the recipients still waiting (pending, deferred) become cancelled, in one statement;
 * those whose message was withdrawn followed it already (campaign_follow_messages).
 */
export async function cancelRecipients(db: Db, campaignId: string): Promise<void> {
  await db.query(
    `update campaign_recipient
        set state = 11, error_code = null, error_title = null, not_before = null, updated_at = now()
      where campaign_id = $1 and state in (0, 10)`,
    [campaignId],
  );
}

/**
 * The recipients that `old` selects (their contact_id and message_created_at; $1 the tenant, $2
 * the campaign) pending again, without their message, so that a late status of it no longer moves
 * them; the frequency-cap touch their message claimed is given back unless another message claimed
 * it since. `alsoSet` adds assignments. Answers the count as `n`.
 */
export const pendingAgain = (old: string, alsoSet = '') => `
  with old as (${old}),
  again as (
    update campaign_recipient r
       set ${alsoSet}state = 0, message_id = null, message_created_at = null, error_code = null,
           error_title = null, not_before = null, updated_at = now()
      from old
     where r.campaign_id = $2 and r.contact_id = old.contact_id
    returning r.contact_id, old.message_created_at
  ),
  released as (
    delete from contact_touch t using again
     where t.tenant_id = $1 and t.contact_id = again.contact_id and t.last_marketing_at = again.message_created_at
  )
  select count(*)::int as n from again`;

/** Resend: the recipients in these states join the new run as pending (`pendingAgain`). Answers how many. */
export async function resendRecipients(
  db: Db,
  tenantId: string,
  campaignId: string,
  states: readonly number[],
  runNo: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    pendingAgain(
      `select contact_id, message_created_at from campaign_recipient
        where campaign_id = $2 and tenant_id = $1 and state = any($3::smallint[])`,
      'run_no = $4, ',
    ),
    [tenantId, campaignId, states, runNo],
  );
  return rows[0]?.n ?? 0;
}
