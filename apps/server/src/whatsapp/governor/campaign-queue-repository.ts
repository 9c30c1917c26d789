import type { Db } from '../../platform/db/pool.js';
import { markLanesDue } from './queue-repository.js';

/**
 * A campaign's rows in the send queue, reached through send_queue_campaign_idx. Only unclaimed
 * rows are touched: a claimed one is being sent (or was, before a crash) and is the lane's to settle.
 */

/** Pushes the campaigns' unclaimed queue rows to infinity: the lanes find nothing of them due. */
export async function holdQueuedSends(db: Db, tenantId: string, campaignIds: readonly string[]): Promise<number> {
  const { rowCount } = await db.query(
    `update send_queue set not_before = 'infinity'
      where campaign_id = any($2::bigint[]) and tenant_id = $1 and claimed_at is null and not_before <> 'infinity'`,
    [tenantId, campaignIds],
  );
  return rowCount ?? 0;
}

/**
 * Makes the held rows due now, moves their lanes' due times and wakes them at commit, as
 * queueing does. Rows the lane itself deferred (pair rate, messaging limit) keep their time.
 */
export async function releaseQueuedSends(db: Db, tenantId: string, campaignId: string): Promise<number> {
  const { rows } = await db.query<{ number_id: string }>(
    `update send_queue set not_before = now()
      where campaign_id = $2 and tenant_id = $1 and not_before = 'infinity'
     returning number_id::text`,
    [tenantId, campaignId],
  );
  const numbers = [...new Set(rows.map((row) => row.number_id))];
  await markLanesDue(
    db,
    tenantId,
    numbers.map((numberId) => ({ numberId, dueAt: null })),
  );
  return rows.length;
}

/**
 * Deletes the campaign's unclaimed queue rows (of these numbers only, when given) and closes their
 * messages as cancelled (their recipients follow by trigger), in one statement; answers the
 * withdrawn messages with their contacts. A lane claims a row just before its request, and a claim that came
 * first keeps its row: what is withdrawn never went.
 */
export async function withdrawQueuedSends(
  db: Db,
  tenantId: string,
  campaignId: string,
  numberIds: readonly string[] | null = null,
): Promise<WithdrawnSend[]> {
  const { rows } = await db.query<WithdrawnSend>(
    `with withdrawn as (
       delete from send_queue
        where campaign_id = $2 and tenant_id = $1 and claimed_at is null
          and ($3::bigint[] is null or number_id = any($3::bigint[]))
       returning message_id, message_created_at
     )
     update message m
        set status = 'cancelled', status_at = now()
       from withdrawn w
      where m.tenant_id = $1 and m.created_at = w.message_created_at and m.id = w.message_id
        and m.status = 'queued'
     returning m.id::text as "messageId", m.contact_id::text as "contactId"`,
    [tenantId, campaignId, numberIds],
  );
  return rows;
}

/** A campaign message taken out of its lane's queue before any lane claimed it. */
export interface WithdrawnSend {
  messageId: string;
  contactId: string;
}

/** Wakes the lanes of these numbers (as queueing does, at commit): a lane nobody holds is taken up. */
export async function wakeLanes(db: Db, tenantId: string, numberIds: readonly string[]): Promise<void> {
  if (numberIds.length === 0) return;
  await db.query(
    `select pg_notify('wa_send_wake', json_build_object('tenantId', $1::text, 'numberId', n::text)::text)
       from unnest($2::bigint[]) as n`,
    [tenantId, numberIds],
  );
}
