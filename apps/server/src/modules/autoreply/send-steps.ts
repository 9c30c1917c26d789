import type pg from 'pg';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import { type MessageIntent, PRIORITY, queueMessages } from '../../whatsapp/governor/queue-messages.js';
import { publishConversationEvents } from '../inbox/inbox-events.js';
import { advanceReplies, type DueStep, lockDueSteps, selectNextDue, stopReplies } from './auto-reply-repository.js';
import { materialMessage, needsMedia } from './material-message.js';

/** Steps locked and queued per transaction. */
export const STEP_CHUNK = 500;

export interface SentSteps {
  queued: number;
  /** Due steps whose file has no live media id: the job hands it over, outside any transaction. */
  needMedia: DueStep[];
  /** Whether every due step it could lock was handled (fewer than the chunk). */
  drained: boolean;
}

/**
 * Queues the due steps of the tenant's replies (the named ones, or any) through the governor, as
 * service messages, and moves each reply's cursor in the same transaction: a reply is never
 * queued twice, whoever runs it again. A contact who opted out, or whose window closed, gets
 * nothing more. `later` is the job that sends the steps still to come.
 */
export async function sendDueSteps(
  client: pg.PoolClient,
  tenantId: string,
  ids: readonly string[] | null,
  schedule: (client: pg.PoolClient, tenantId: string, at: Date) => Promise<void>,
): Promise<SentSteps> {
  const locked = await lockDueSteps(client, tenantId, ids, STEP_CHUNK);
  await stopReplies(
    client,
    tenantId,
    locked.filter((step) => step.tp === null).map((step) => step.id),
    'material_gone',
  );
  const steps = locked.filter((step): step is DueStep & { tp: string } => step.tp !== null);
  const optedOut = steps.filter((step) => step.opted_out).map((step) => step.id);
  const closed = steps.filter((step) => !step.opted_out && !step.window_open).map((step) => step.id);
  await stopReplies(client, tenantId, optedOut, 'opted_out');
  await stopReplies(client, tenantId, closed, 'window_closed');
  const open = steps.filter((step) => !step.opted_out && step.window_open);
  const needMedia = open.filter((step) => needsMedia(step.tp) && step.media_id === null);
  const ready = open.filter((step) => !needsMedia(step.tp) || step.media_id !== null);
  const messages = ready.map((step) => materialMessage(step, step.media_id));
  const intents: MessageIntent[] = ready.map((step, index) => {
    const message = messages[index] as ReturnType<typeof materialMessage>;
    return {
      numberId: step.number_id,
      contactId: step.contact_id,
      ...message,
      purpose: 'service',
      priority: PRIORITY.interactive,
    };
  });
  const queued = await queueMessages(client, tenantId, intents);
  await advanceReplies(
    client,
    tenantId,
    ready.map((step) => ({ id: step.id, nextDelay: step.next_step + 1 < step.steps ? (step.next_delay ?? 0) : null })),
  );
  await publishConversationEvents(
    client,
    tenantId,
    ready.flatMap((step, index) => {
      const sent = queued[index];
      const message = messages[index];
      if (!sent || !message || step.conversation_id === null) return [];
      return [
        {
          conversationId: step.conversation_id,
          event: {
            type: 'message.created' as const,
            data: {
              message_id: sent.id,
              number_id: step.number_id,
              contact_id: step.contact_id,
              direction: 'out' as const,
              message_type: message.type,
              preview: message.preview,
              created_at: isoOfPgTime(sent.createdAt),
            },
          },
        },
      ];
    }),
  );
  const next = await selectNextDue(client, tenantId);
  if (next !== null) await schedule(client, tenantId, next);
  return { queued: ready.length, needMedia, drained: locked.length < STEP_CHUNK };
}

/** PostgreSQL's text of a UTC timestamptz (`2026-01-31 08:00:00.1234+00`) in the replies' ISO form. */
function isoOfPgTime(text: string): string {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/.exec(text);
  if (!match) return isoTimeOf(new Date());
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(6, '0')}Z`;
}
