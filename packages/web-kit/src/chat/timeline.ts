import type { ChatMessage, MessageStatus } from '@ws/contract';
import { textAt } from './body-fields.js';

/** Oldest first: by time, then by id (ids are decimal strings of 64-bit numbers). */
function compareMessages(a: ChatMessage, b: ChatMessage): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  if (a.id.length !== b.id.length) return a.id.length - b.id.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The conversation as shown, oldest first: the pages read so far (older pages as they were
 * scrolled to) and what the live poll brought, each message once, in its latest version.
 */
export function mergeMessages(pages: readonly (readonly ChatMessage[])[], live: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const page of pages) for (const message of page) byId.set(message.id, message);
  for (const message of live) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

/** Statuses an outbound message can still move from (a tick to come, or a failure). */
const MOVING: ReadonlySet<MessageStatus> = new Set(['queued', 'accepted', 'unknown', 'sent', 'delivered']);
/** How far back the live poll looks for outbound messages whose ticks may still change. */
export const WATCHED_RECENT = 30;

/**
 * Where the live poll starts: just after the message before the oldest recent outbound message
 * whose status can still change (so its ticks update), else after the newest message. Only the
 * last WATCHED_RECENT messages are watched, so a burst of new messages always moves the start
 * forward. Undefined when there is no such message to start after: then the poll reads the newest
 * page instead.
 */
export function liveCursor(messages: readonly ChatMessage[]): string | undefined {
  const firstRecent = Math.max(0, messages.length - WATCHED_RECENT);
  const moving = messages.findIndex(
    (message, index) => index >= firstRecent && message.direction === 'out' && MOVING.has(message.status),
  );
  if (moving === -1) return messages.at(-1)?.cursor;
  return moving > 0 ? messages[moving - 1]?.cursor : undefined;
}

export interface Reaction {
  emoji: string;
  direction: ChatMessage['direction'];
}

/**
 * Reactions as WhatsApp shows them: on the message they react to, the latest of each side (an
 * empty emoji takes a reaction back). Reactions whose message is shown are folded into it;
 * `absorbed` holds their ids so they are not shown again on their own.
 */
export function foldReactions(messages: readonly ChatMessage[]): {
  onMessage: Map<string, Reaction[]>;
  absorbed: Set<string>;
} {
  const shown = new Set(messages.map((message) => message.meta_message_id).filter(Boolean));
  const latest = new Map<string, Map<ChatMessage['direction'], string>>();
  const absorbed = new Set<string>();
  for (const message of messages) {
    if (message.type !== 'reaction') continue;
    const target = textAt(message.body, 'reaction', 'message_id');
    if (!target || !shown.has(target)) continue;
    absorbed.add(message.id);
    const sides = latest.get(target) ?? new Map();
    sides.set(message.direction, textAt(message.body, 'reaction', 'emoji') ?? '');
    latest.set(target, sides);
  }
  const onMessage = new Map<string, Reaction[]>();
  for (const [target, sides] of latest) {
    const reactions = [...sides].filter(([, emoji]) => emoji).map(([direction, emoji]) => ({ emoji, direction }));
    if (reactions.length > 0) onMessage.set(target, reactions);
  }
  return { onMessage, absorbed };
}
