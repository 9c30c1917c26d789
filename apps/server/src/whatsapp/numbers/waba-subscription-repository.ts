import type { Db } from '../../platform/db/pool.js';

/** A WABA whose webhooks the app has not subscribed to, with one live number to call through. */
export interface UnsubscribedWaba {
  wabaRef: string;
  wabaId: string;
  numberId: string;
}

/** The tenant's WABAs with a live number and no recorded webhook subscription. */
export async function unsubscribedWabas(db: Db, tenantId: string): Promise<UnsubscribedWaba[]> {
  const { rows } = await db.query<UnsubscribedWaba>(
    `select distinct on (w.id) w.id::text as "wabaRef", w.waba_id as "wabaId", n.id::text as "numberId"
       from wa_business_account w
       join wa_number n on n.tenant_id = w.tenant_id and n.waba_ref = w.id and n.deleted_at is null
      where w.tenant_id = $1 and w.webhooks_subscribed_at is null
      order by w.id, n.id`,
    [tenantId],
  );
  return rows;
}

/** Records that the app is subscribed to the WABA's webhooks (the first time it was seen so). */
export async function recordWebhooksSubscribed(db: Db, tenantId: string, wabaRef: string): Promise<void> {
  await db.query(
    `update wa_business_account set webhooks_subscribed_at = coalesce(webhooks_subscribed_at, now())
      where tenant_id = $1 and id = $2`,
    [tenantId, wabaRef],
  );
}

/** The WABA of a live number of the tenant. */
export async function wabaOfNumber(
  db: Db,
  tenantId: string,
  numberId: string,
): Promise<{ wabaRef: string; wabaId: string } | undefined> {
  const { rows } = await db.query<{ wabaRef: string; wabaId: string }>(
    `select w.id::text as "wabaRef", w.waba_id as "wabaId"
       from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
      where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null`,
    [tenantId, numberId],
  );
  return rows[0];
}
