import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';

type Queryable = pg.Pool | pg.PoolClient;

/** The graphile-worker task that processes stored events; also its job key, so bursts collapse into one run. */
export const DRAIN_TASK = 'whatsapp_webhooks_drain';
/** Held (per transaction) by the one drainer at work, so events are processed in id order. */
const DRAIN_LOCK_KEY = 727_274_040;

export type EventOutcomeKind = 'processed' | 'unknown_number' | 'partial' | 'failed';

export interface StoredEvent {
  id: string;
  payload: string;
}

export interface EventOutcome {
  id: string;
  outcome: EventOutcomeKind;
  /** What was not handled, or a note on what was; null when there is nothing to say. */
  problem: string | null;
  tenantId: string | null;
}

// One statement, one round trip: the event is committed together with the job that will process
// it. Replace mode moves a waiting drain job to now; a running one gets a fresh job after it.
const STORE_EVENT = `
  with stored as (insert into webhook_event (payload) values ($1) returning id)
  select stored.id::text as id from stored, graphile_worker.add_job($2::text, job_key => $2::text, max_attempts => 25)`;

/** Stores a verified webhook body as Meta sent it and queues its processing. */
export async function storeWebhookEvent(db: Queryable, payload: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(prepared(STORE_EVENT, [payload, DRAIN_TASK]));
  return rows[0]?.id as string;
}

/**
 * Queues a drain run no earlier than `delaySeconds` from now, unless one is already waiting (whose
 * earlier start is kept).
 */
export async function scheduleDrain(db: Queryable, delaySeconds: number): Promise<void> {
  await db.query(
    `select graphile_worker.add_job($1::text, run_at => now() + make_interval(secs => $2), job_key => $1::text,
            max_attempts => 25, job_key_mode => 'preserve_run_at')`,
    [DRAIN_TASK, delaySeconds],
  );
}

/**
 * Takes the drain lock for the rest of the caller's transaction; unless `wait`, only when no other
 * drainer holds it. Answers whether it is held.
 */
export async function lockDrain(client: pg.PoolClient, wait: boolean): Promise<boolean> {
  if (wait) {
    await client.query('select pg_advisory_xact_lock($1)', [DRAIN_LOCK_KEY]);
    return true;
  }
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
    DRAIN_LOCK_KEY,
  ]);
  return rows[0]?.locked === true;
}

/** Whether any stored event waits for processing. */
export async function anyPendingEvent(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(
    prepared('select exists (select 1 from webhook_event where processed_at is null) as pending', []),
  );
  return rows[0]?.pending === true;
}

/**
 * The oldest unprocessed events: at most `limit`, and none that starts past `maxBytes` of payload
 * before it (the first always comes). A payload's length is read from its stored header, not by
 * decompressing it, and only the events taken are read whole.
 */
export async function pendingEvents(client: pg.PoolClient, limit: number, maxBytes: number): Promise<StoredEvent[]> {
  const { rows } = await client.query<StoredEvent>(
    prepared(
      `select e.id::text, e.payload from (
         select id, payload, sum(octet_length(payload)) over (order by id rows unbounded preceding) - octet_length(payload) as bytes_before
           from webhook_event where processed_at is null order by id limit $1
       ) e
        where e.bytes_before < $2
        order by e.id`,
      [limit, maxBytes],
    ),
  );
  return rows;
}

/** Marks events processed with their outcomes, in the transaction that did their work. */
export async function recordEventOutcomes(client: pg.PoolClient, outcomes: readonly EventOutcome[]): Promise<void> {
  await client.query(
    prepared(
      `update webhook_event e
          set processed_at = now(), outcome = o.outcome, problem = o.problem, tenant_id = o.tenant_id,
              attempts = e.attempts + 1
         from unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) as o (id, outcome, problem, tenant_id)
        where e.id = o.id`,
      [
        outcomes.map((outcome) => outcome.id),
        outcomes.map((outcome) => outcome.outcome),
        outcomes.map((outcome) => outcome.problem),
        outcomes.map((outcome) => outcome.tenantId),
      ],
    ),
  );
}

/**
 * Retention: processed events go after 30 days; events an operator may need to look at (unknown
 * number, partial, failed) stay 90 days.
 */
export async function deleteOldEvents(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `delete from webhook_event
      where (outcome = 'processed' and received_at < now() - interval '30 days')
         or (processed_at is not null and received_at < now() - interval '90 days')`,
  );
  return rowCount ?? 0;
}
