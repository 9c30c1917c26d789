/**
 * Processes stored webhook events in id order, a batch per transaction: the batch's work and the
 * events' outcomes commit together, so a worker killed mid-batch leaves the batch unprocessed and
 * the next run does it once. One drainer works at a time (an advisory lock held per transaction).
 * A run that finds the lock taken leaves at once instead of waiting (waiting runs held the worker's
 * job slots, and campaigns' dispatchers waited for a slot): every event was stored before its run
 * began, so before the holder let go, and the holder looks for pending events after each release
 * (after its batches and after the waiting statuses' retry, which takes the lock too).
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { AutoReplyBatch } from '../../modules/autoreply/auto-reply-batch.js';
import { InboxBatch } from '../../modules/inbox/assignment/inbox-batch.js';
import { withRedoableTransaction, withTransaction } from '../../platform/db/pool.js';
import { releaseSavepoint, rollbackToSavepoint, savepoint } from '../../platform/db/savepoint.js';
import type { AppContext } from '../../platform/http/context.js';
import { type Publication, publishEvents } from '../../platform/realtime/publish.js';
import { Directory, phoneNumberIdsOf } from './directory.js';
import {
  anyPendingEvent,
  type EventOutcome,
  lockDrain,
  pendingEvents,
  recordEventOutcomes,
  type StoredEvent,
  scheduleDrain,
} from './event-repository.js';
import { InboundBuffer } from './inbound-buffer.js';
import { PROBLEM_LENGTH, processEvent } from './process-event.js';
import { retryOrphanStatuses, StatusBuffer } from './statuses.js';
import type { Work } from './work.js';

/**
 * Events per transaction. A batch costs some twenty statements whatever its size (its inbound
 * messages are stored set-based: decision 0031), so a drain that fell behind catches up in larger
 * batches; when it keeps up, batches are as small as what arrived.
 */
const BATCH_SIZE = 100;
/**
 * And payload bytes per transaction: a batch's payloads and what they become stay in memory until
 * it commits. Meta's events are a few kilobytes, but a drain behind on events of hundreds of
 * statuses each (70-320 KB) held up to 100 of them: 80, 12 MiB of strings in V8's large-object
 * space, in a heap snapshot mid-campaign.
 */
const BATCH_BYTES = 2 * 1024 * 1024;
/** When statuses still wait for their message, the next look. */
const ORPHAN_RETRY_SECONDS = 2;

export interface DrainReport {
  events: number;
  batches: number;
  /** Another drainer held the lock: this run left its work to it. */
  busy: boolean;
}

/** leaveIfBusy (the job): leave at once when another drainer is at work, instead of waiting for it. */
export async function drainWebhookEvents(
  context: Pick<AppContext, 'pool' | 'logger'>,
  options: { leaveIfBusy?: boolean } = {},
): Promise<DrainReport> {
  const report: DrainReport = { events: 0, batches: 0, busy: false };
  for (;;) {
    if (!(await drainBatches(context, options, report))) return { ...report, busy: true };
    // Another drainer took over: the orphans are its to retry, and it looks for events after.
    if (!(await retryOrphans(context, options))) return report;
    // Released again: an event stored while the orphans held the lock (its own run left, finding
    // the lock taken) is found here. Without this look it waited for the next webhook or the
    // minute's cron run: joins of a group task took up to a minute a step under load.
    if (!(await anyPendingEvent(context.pool))) return report;
  }
}

/** Batches until none is pending; false when another drainer held the lock. */
async function drainBatches(
  context: Pick<AppContext, 'pool' | 'logger'>,
  options: { leaveIfBusy?: boolean },
  report: DrainReport,
): Promise<boolean> {
  for (;;) {
    // Redoable: the events stay stored until a batch commits, and applying one again changes nothing.
    const outcomes = await withRedoableTransaction(context.pool, async (client) => {
      if (!(await lockDrain(client, options.leaveIfBusy !== true))) return null;
      const events = await pendingEvents(client, BATCH_SIZE, BATCH_BYTES);
      if (events.length === 0) return [];
      const done = await processBatch(client, context.logger, events);
      await recordEventOutcomes(client, done);
      return done;
    });
    if (outcomes === null) return false;
    reportOutcomes(context.logger, outcomes);
    report.events += outcomes.length;
    if (outcomes.length > 0) report.batches += 1;
    // Released: an event stored while this drainer held the lock (its own run left) is found here.
    if (outcomes.length < BATCH_SIZE && !(await anyPendingEvent(context.pool))) return true;
  }
}

/** Statuses still waiting for their message, retried under the drain lock; false when another drainer held it. */
async function retryOrphans(
  context: Pick<AppContext, 'pool' | 'logger'>,
  options: { leaveIfBusy?: boolean },
): Promise<boolean> {
  const orphans = await withTransaction(context.pool, async (client) => {
    if (!(await lockDrain(client, options.leaveIfBusy !== true))) return null;
    const retried = await retryOrphanStatuses(client);
    await publishEvents(client, retried.events);
    return retried;
  });
  if (orphans === null) return false;
  if (orphans.expired > 0) {
    context.logger.warn({ statuses: orphans.expired }, 'dropped webhook statuses whose message never appeared');
  }
  if (orphans.waiting > 0) await scheduleDrain(context.pool, ORPHAN_RETRY_SECONDS);
  return true;
}

/**
 * The batch under one savepoint. When it fails, it is redone event by event, each under its own
 * savepoint, so that one event that cannot be applied is marked failed and the others go through.
 * Errors that say nothing about the event (connection, deadlock, shutdown) end the transaction:
 * the job fails and is retried, and nothing is marked.
 */
async function processBatch(
  client: pg.PoolClient,
  logger: Logger,
  events: readonly StoredEvent[],
): Promise<EventOutcome[]> {
  const published: Publication[] = [];
  const work: Work = {
    client,
    logger,
    directory: new Directory(client),
    statuses: new StatusBuffer(client, published),
    inbound: new InboundBuffer(),
    events: published,
    inbox: new InboxBatch(),
    autoReplies: new AutoReplyBatch(),
  };
  // What was gathered stored (the inbound messages, then the statuses), waiting conversations
  // assigned, then the realtime events of what was stored, in one statement with it (before the
  // savepoint ends), then the statuses' costs.
  const publish = async () => {
    await work.inbound.flush(work);
    await work.statuses.flush();
    await work.inbox.settle(client, published);
    await work.autoReplies.settle(client);
    await publishEvents(client, published.splice(0));
    // Costs last: their postings lock prepaid tenants' wallets until the commit.
    const notices = await work.statuses.meter();
    if (notices.length > 0) await publishEvents(client, notices);
  };
  await savepoint(client, 'webhook_batch');
  try {
    const outcomes: EventOutcome[] = [];
    await work.directory.preload(phoneNumberIdsOf(events));
    for (const event of events) outcomes.push(await processEvent(work, event));
    await publish();
    await releaseSavepoint(client, 'webhook_batch');
    return outcomes;
  } catch (error) {
    if (!isEventError(error)) throw error;
    await rollbackToSavepoint(client, 'webhook_batch');
    work.statuses.clear();
    work.inbound.clear();
    work.inbox.clear();
    work.autoReplies.clear();
    published.length = 0;
  }
  const outcomes: EventOutcome[] = [];
  for (const event of events) {
    await savepoint(client, 'webhook_event');
    try {
      const outcome = await processEvent(work, event);
      await publish();
      await releaseSavepoint(client, 'webhook_event');
      outcomes.push(outcome);
    } catch (error) {
      if (!isEventError(error)) throw error;
      await rollbackToSavepoint(client, 'webhook_event');
      work.statuses.clear();
      work.inbound.clear();
      work.inbox.clear();
      work.autoReplies.clear();
      published.length = 0;
      logger.error({ err: error, eventId: event.id }, 'webhook event could not be applied');
      outcomes.push({
        id: event.id,
        outcome: 'failed',
        problem: (error as Error).message.slice(0, PROBLEM_LENGTH),
        tenantId: null,
      });
    }
  }
  return outcomes;
}

/** SQLSTATE classes about the database's state, not the statement: connection, rollback, resources, shutdown. */
const TRANSIENT_CLASSES = /^(08|40|53|55|57|58|XX)/;

/**
 * Whether an error belongs to the event (marked failed, the others go on) rather than to the
 * moment (the job fails and retries). Every PostgreSQL error outside the transient classes, and
 * any failure of our own code, belongs to the event: an event that cannot be applied must not
 * hold up those behind it. Network errors (ECONNRESET...) belong to the moment.
 */
function isEventError(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return !TRANSIENT_CLASSES.test(error.code ?? '');
  return typeof (error as { code?: unknown }).code !== 'string';
}

function reportOutcomes(logger: Logger, outcomes: readonly EventOutcome[]): void {
  for (const outcome of outcomes) {
    if (outcome.outcome === 'unknown_number') {
      logger.warn({ eventId: outcome.id, problem: outcome.problem }, 'webhook event names no known number; kept');
    } else if (outcome.outcome !== 'processed') {
      logger.warn(
        { eventId: outcome.id, outcome: outcome.outcome, problem: outcome.problem },
        'webhook event not fully applied',
      );
    }
  }
}
