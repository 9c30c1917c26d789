import type { RealtimeEvent } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { publishEvents } from '../../platform/realtime/publish.js';
import { selectConversationAudiences } from './assignment/assignment-repository.js';

export interface ConversationEvent {
  conversationId: string;
  event: RealtimeEvent;
  /** Agents to tell besides the conversation's own (its previous agent after a hand-over). */
  also?: readonly (string | null)[];
  /** Tell the number's agents too: the conversation left their queue. */
  leftQueue?: boolean;
}

/**
 * Publishes events about conversations in the caller's transaction: admins and operators get
 * them all; a seat those of conversations assigned to it or waiting in its numbers' queue (as
 * `assignees`, read after the change, so a new agent is told). One query and one insert for the list.
 */
export async function publishConversationEvents(
  db: Db,
  tenantId: string,
  events: readonly ConversationEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const audiences = await selectConversationAudiences(db, tenantId, [...new Set(events.map((e) => e.conversationId))]);
  await publishEvents(
    db,
    events.map((e) => ({
      tenantId,
      event: e.event,
      assignees: [
        ...(audiences.get(e.conversationId)?.agents ?? []),
        ...(e.leftQueue ? (audiences.get(e.conversationId)?.numberAgents ?? []) : []),
        ...(e.also ?? []),
      ],
    })),
  );
}
