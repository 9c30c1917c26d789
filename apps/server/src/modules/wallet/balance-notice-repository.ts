import { type Db, prepared } from '../../platform/db/pool.js';

/**
 * Marks the tenants whose available balance is under their threshold and who were not told
 * since it was set or since their last top-up; answers them (each once). `force` answers a tenant
 * whatever its threshold (a prepaid send it could not fund).
 */
export async function claimLowBalanceNotices(
  db: Db,
  tenantIds: readonly string[],
  force: boolean,
): Promise<{ tenant_id: string; available: number; threshold: number }[]> {
  const { rows } = await db.query<{ tenant_id: string; available: number; threshold: number }>(
    prepared(
      `update tenant_wallet w set low_balance_notified_at = now()
         from ledger_account a
        where w.tenant_id = any($1::text[]) and a.tenant_id = w.tenant_id and a.purpose = 'wallet'
          and ($2 or (a.balance < w.low_balance_micros and w.low_balance_notified_at is null))
       returning w.tenant_id, a.balance::float8 as available, w.low_balance_micros::float8 as threshold`,
      [tenantIds, force],
    ),
  );
  return rows;
}

/** A top-up re-arms the notice. */
export async function rearmLowBalanceNotice(db: Db, tenantId: string): Promise<void> {
  await db.query(prepared('update tenant_wallet set low_balance_notified_at = null where tenant_id = $1', [tenantId]));
}

/**
 * Holds the running campaigns of these messages with the reason, and keeps their queued messages
 * waiting as a held campaign's do, except the `going` ones (funded: the lane sends them now);
 * answers the messages that belong to a campaign.
 */
export async function holdUnfundedCampaigns(
  db: Db,
  tenantId: string,
  messageIds: readonly string[],
  going: readonly string[],
  reason: { zh: string; en: string },
): Promise<{ messageIds: string[]; campaigns: { id: string; kind: string; run_no: number }[] }> {
  const { rows } = await db.query<{ ids: string[]; campaigns: { id: string; kind: string; run_no: number }[] }>(
    prepared(
      `with sends as (
         select q.message_id, q.campaign_id from send_queue q
          where q.tenant_id = $1 and q.message_id = any($2::bigint[]) and q.campaign_id is not null
       ),
       held as (
         update campaign c set status = 'held', hold_reason_zh = $3, hold_reason_en = $4, updated_at = now()
          where c.tenant_id = $1 and c.id in (select campaign_id from sends) and c.status = 'running'
         returning c.id, c.kind, c.run_no
       ),
       waiting as (
         update send_queue q set not_before = 'infinity'
          where q.tenant_id = $1 and q.campaign_id in (select campaign_id from sends) and q.claimed_at is null
           and q.message_id <> all($5::bigint[])
       )
       select (select coalesce(array_agg(message_id::text), '{}') from sends) as ids,
              (select coalesce(json_agg(json_build_object('id', id::text, 'kind', kind, 'run_no', run_no)), '[]')
                 from held) as campaigns`,
      [tenantId, messageIds, reason.zh, reason.en, going],
    ),
  );
  return { messageIds: rows[0]?.ids ?? [], campaigns: rows[0]?.campaigns ?? [] };
}
