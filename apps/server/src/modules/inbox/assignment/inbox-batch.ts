import type { ConversationStatus } from '@ws/contract';
import type { Db } from '../../../platform/db/pool.js';
import type { Publication } from '../../../platform/realtime/publish.js';
import { attributeLinkClicks } from '../../links/attribute-clicks.js';
import { intakeFromLinks } from '../../orders/link-intake.js';
import { settleBatchLanguages } from '../translation/batch-languages.js';
import { assignWaiting, type WaitingConversation } from './assign-waiting.js';
import { selectConversationAudiences } from './assignment-repository.js';

/** A conversation an inbound message touched, as `touchConversation` answers it. */
export interface TouchedThread {
  id: string;
  status: string;
  assignee_user_id: string | null;
  previous_status: string | null;
  previous_assignee: string | null;
}

interface Touched {
  tenantId: string;
  numberId: string;
  contactId: string;
  conversationId: string;
  status: ConversationStatus;
  assignee: string | null;
  woke: boolean;
  /** The customer's texts of this batch, in order: their language is the conversation's. */
  texts: string[];
  /** The batch created the conversation (its first message is in this batch). */
  fresh: boolean;
}

const keyOf = (tenantId: string, numberId: string, contactId: string) => `${tenantId}:${numberId}:${contactId}`;

/**
 * What a webhook batch did to the inbox: the conversations its inbound messages touched and those
 * left waiting for an agent. `settle` (once per batch, before its events are published) assigns
 * the waiting ones per tenant, set-based, and addresses the batch's message and conversation
 * events to each conversation's agent and its number's agents, so a seat's client gets the
 * messages of its conversations whoever owns the contact.
 */
export class InboxBatch {
  private touched = new Map<string, Touched>();
  private waiting = new Map<string, WaitingConversation[]>();

  touch(
    tenantId: string,
    numberId: string,
    contactId: string,
    thread: TouchedThread,
    ownerUserId: string | null,
    fromUser: boolean,
    text?: string,
  ): void {
    const woke = fromUser && thread.previous_status !== null && thread.previous_status !== 'open';
    const earlier = this.touched.get(keyOf(tenantId, numberId, contactId));
    const texts = [...(earlier?.texts ?? []), ...(fromUser && text !== undefined ? [text] : [])];
    this.touched.set(keyOf(tenantId, numberId, contactId), {
      tenantId,
      numberId,
      contactId,
      conversationId: thread.id,
      status: thread.status as ConversationStatus,
      assignee: thread.assignee_user_id,
      woke: woke || (earlier?.woke ?? false),
      texts,
      fresh: earlier?.fresh ?? thread.previous_status === null,
    });
    if (!fromUser || thread.assignee_user_id !== null) return;
    const list = this.waiting.get(tenantId) ?? [];
    const known = list.find((w) => w.conversationId === thread.id);
    // A conversation written to twice in a batch is assigned once, remembering the agent it had first.
    if (known) known.previousAssignee ??= thread.previous_assignee;
    else {
      list.push({ conversationId: thread.id, numberId, previousAssignee: thread.previous_assignee, ownerUserId });
    }
    this.waiting.set(tenantId, list);
  }

  /** Assigns, and adds this batch's inbox events to `events` with their audiences. */
  async settle(db: Db, events: Publication[]): Promise<void> {
    const byTenant = new Map<string, Touched[]>();
    for (const touched of this.touched.values()) {
      byTenant.set(touched.tenantId, [...(byTenant.get(touched.tenantId) ?? []), touched]);
    }
    for (const [tenantId, touched] of byTenant) {
      // One query tells whose each conversation is and who serves its number; the assignment runs
      // only for conversations some agent could take (or that leave an agent), so a tenant without
      // agents costs the drain this one query per batch.
      const audiences = await selectConversationAudiences(
        db,
        tenantId,
        touched.map((t) => t.conversationId),
      );
      const claims = (this.waiting.get(tenantId) ?? []).filter(
        (w) => w.previousAssignee !== null || (audiences.get(w.conversationId)?.numberAgents.length ?? 0) > 0,
      );
      const handOvers = await assignWaiting(db, tenantId, claims);
      const languages = await settleBatchLanguages(
        db,
        tenantId,
        new Map(touched.filter((t) => t.texts.length > 0).map((t) => [t.conversationId, t.texts])),
      );
      const attributed = await attributeLinkClicks(
        db,
        tenantId,
        touched.flatMap((t) => (t.texts[0] === undefined ? [] : [{ ...t, text: t.texts[0] }])),
      );
      // Conversations a lead-intake order's share link brought become the order's intake records.
      const byShares = attributed.filter((a) => a.order_share_id !== null).map((a) => a.conversation_id);
      events.push(...(await intakeFromLinks(db, tenantId, byShares)));
      for (const handOver of handOvers) {
        const audience = audiences.get(handOver.conversationId);
        if (audience) audience.agents = handOver.to !== null ? [handOver.to] : audience.numberAgents;
      }
      const previousOf = new Map(handOvers.map((h) => [h.conversationId, h]));
      const byKey = new Map(touched.map((t) => [keyOf(t.tenantId, t.numberId, t.contactId), t]));
      for (const event of events) {
        const data = event.event.data as { number_id?: string; contact_id?: string | null };
        if (event.tenantId !== tenantId || !data.number_id || !data.contact_id) continue;
        const thread = byKey.get(keyOf(tenantId, data.number_id, data.contact_id));
        if (thread) {
          event.assignees = [...(event.assignees ?? []), ...(audiences.get(thread.conversationId)?.agents ?? [])];
        }
      }
      const changedLanguage = new Map(languages.map((change) => [change.id, change]));
      for (const thread of touched) {
        const audience = audiences.get(thread.conversationId)?.agents ?? [];
        const language = changedLanguage.get(thread.conversationId);
        if (language) {
          events.push({
            tenantId,
            assignees: audience,
            event: {
              type: 'conversation.translation',
              data: {
                conversation_id: thread.conversationId,
                number_id: thread.numberId,
                contact_id: thread.contactId,
                translate: language.translate,
                language: language.language,
                language_source: 'detected',
              },
            },
          });
        }
        const handOver = previousOf.get(thread.conversationId);
        const ids = {
          conversation_id: thread.conversationId,
          number_id: thread.numberId,
          contact_id: thread.contactId,
        };
        if (handOver) {
          events.push({
            tenantId,
            // From the queue (or new): its number's agents drop it from their queue.
            assignees: [
              ...audience,
              handOver.from,
              ...(handOver.from === null ? (audiences.get(thread.conversationId)?.numberAgents ?? []) : []),
            ],
            event: {
              type: 'conversation.assigned',
              data: { ...ids, assignee_user_id: handOver.to, previous_user_id: handOver.from, status: 'open' },
            },
          });
        }
        if (thread.woke) {
          events.push({
            tenantId,
            assignees: audience,
            event: {
              type: 'conversation.status',
              data: {
                ...ids,
                status: thread.status,
                snoozed_until: null,
                assignee_user_id: handOver ? handOver.to : thread.assignee,
              },
            },
          });
        }
      }
    }
    this.clear();
  }

  /** Forgets what was collected (its savepoint was rolled back, or it was settled). */
  clear(): void {
    this.touched = new Map();
    this.waiting = new Map();
  }
}
