import { type ChatMessage, calls, type History, type RealtimeEvent } from '@ws/contract';
import { callApi, callFile } from '../api/client.js';

/** The chat record's subject: a contact's history over every number, a number's, or one of each (`message/history`). */
export interface ChatSubject {
  contactId?: string | undefined;
  numberId?: string | undefined;
}

/** An inbox conversation (`inbox/messages`, `inbox/media`): its id, and its number and contact, which events name. */
export interface InboxChat {
  conversationId: string;
  numberId: string;
  contactId: string;
}

/** Where a chat's messages come from: the chat record (the console) or the agents' inbox (the seat client). */
export type ChatSource = ChatSubject | InboxChat;

const isInbox = (source: ChatSource): source is InboxChat => 'conversationId' in source;

/** Which page of a history to read: older than `cursor`, newer than `after`, or the newest. */
export interface HistoryPage {
  cursor?: string | undefined;
  after?: string | undefined;
  limit: number;
}

const position = (page: HistoryPage) => ({
  ...(page.cursor ? { cursor: page.cursor } : {}),
  ...(page.after ? { after: page.after } : {}),
  limit: page.limit,
});

/** The query key a source's history is cached under (its call and subject). */
export function chatKey(source: ChatSource): readonly unknown[] {
  if (isInbox(source)) return ['inbox.messages', source.conversationId];
  return ['message.history', source.contactId ?? null, source.numberId ?? null];
}

/** Reads one page of the source's history. */
export function readHistory(
  source: ChatSource,
  page: HistoryPage,
  options: { signal: AbortSignal; silent?: boolean },
): Promise<History> {
  if (isInbox(source)) {
    return callApi(calls.inboxMessages, {
      query: { conversationId: source.conversationId, ...position(page) },
      ...options,
    });
  }
  return callApi(calls.messageHistory, {
    query: {
      ...(source.contactId ? { contactId: source.contactId } : {}),
      ...(source.numberId ? { numberId: source.numberId } : {}),
      ...position(page),
    },
    ...options,
  });
}

/** The query key of a media message's file, read through the source's call. */
export const mediaKey = (source: ChatSource | null, message: ChatMessage): readonly unknown[] =>
  source && isInbox(source) ? ['inbox.media', source.conversationId, message.id] : ['message.media', message.id];

/** Reads a media message's file through the source's call (the chat record's when there is none). */
export async function readMedia(source: ChatSource | null, message: ChatMessage, signal: AbortSignal): Promise<Blob> {
  const media = { messageId: message.id, createdAt: message.created_at };
  const response =
    source && isInbox(source)
      ? await callFile(calls.inboxMedia, {
          query: { ...media, conversationId: source.conversationId },
          signal,
          silent: true,
        })
      : await callFile(calls.messageMedia, { query: media, signal, silent: true });
  return response.blob();
}

/** Whether a realtime event is about a message or the conversation of the open chat. */
export function concernsChat(source: ChatSource, event: RealtimeEvent): boolean {
  if (source.numberId === undefined && source.contactId === undefined) return false;
  const inChat = (item: { number_id: string; contact_id: string | null }) =>
    (!source.numberId || item.number_id === source.numberId) &&
    (!source.contactId || item.contact_id === source.contactId);
  switch (event.type) {
    case 'message.created':
    case 'conversation.updated':
      return inChat(event.data);
    case 'messages.updated':
      return event.data.messages.some(inChat);
    default:
      return false;
  }
}
