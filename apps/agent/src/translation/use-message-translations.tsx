import {
  type ChatMessage,
  calls,
  type InboxMessage,
  type MessageTranslation,
  type TranslationLanguage,
} from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useLanguage } from '@ws/web-kit/i18n';
import { useRealtimeEvent } from '@ws/web-kit/realtime';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { MessageTranslationView } from './message-translation.js';

/** The most messages one `inbox/translate` call names (the contract's limit). */
const BATCH = 50;

/** A message's translation as `inbox/messages` gave it (the kit's timeline types it as a plain chat message). */
const givenTranslation = (message: ChatMessage): MessageTranslation | null =>
  (message as Partial<InboxMessage>).translation ?? null;

/**
 * The translations of a conversation's messages for the reader (the client's language), kept live:
 * what `inbox/messages` gave, messages not translated yet asked for in one call (once each), a
 * retry per message, and a translation finished elsewhere (the eager job, another agent) fetched
 * when its `message.translated` event comes. Answers the renderer for the timeline's `messageBelow`.
 */
export function useMessageTranslations(
  conversationId: string,
  messages: readonly ChatMessage[],
): (message: ChatMessage) => ReactNode {
  const reader: TranslationLanguage = useLanguage();
  const [fetched, setFetched] = useState<ReadonlyMap<string, MessageTranslation>>(new Map());
  const [working, setWorking] = useState<ReadonlySet<string>>(new Set());
  const asked = useRef(new Set<string>());

  const translate = useCallback(
    async (keys: { messageId: string; createdAt: string }[]) => {
      if (keys.length === 0) return;
      const ids = keys.map((key) => key.messageId);
      setWorking((now) => new Set([...now, ...ids]));
      try {
        const answered = await callApi(calls.inboxTranslate, {
          body: { conversationId, language: reader, messages: keys },
        });
        setFetched((now) => new Map([...now, ...answered.map((found) => [found.message_id, found] as const)]));
      } catch {
        // Shown by the request wrapper; the messages stay "not translated" with their retry.
      } finally {
        setWorking((now) => new Set([...now].filter((id) => !ids.includes(id))));
      }
    },
    [conversationId, reader],
  );

  const current = useCallback(
    (message: ChatMessage): MessageTranslation | null => {
      const found = fetched.get(message.id) ?? givenTranslation(message);
      if (!found || found.original || found.language === reader) return found;
      // Given for another language (the tenant's agent language): the reader's is still to get.
      return { ...found, language: reader, state: 'missing', text: null, error: null, simulated: false };
    },
    [fetched, reader],
  );

  // Messages not translated yet for this reader: asked for once each, in calls of BATCH.
  useEffect(() => {
    const missing = messages.filter((message) => {
      const found = current(message);
      return found?.state === 'missing' && !asked.current.has(message.id);
    });
    for (const message of missing) asked.current.add(message.id);
    for (let start = 0; start < missing.length; start += BATCH) {
      void translate(missing.slice(start, start + BATCH).map((m) => ({ messageId: m.id, createdAt: m.created_at })));
    }
  }, [messages, current, translate]);

  useRealtimeEvent((event) => {
    if (event.type !== 'message.translated' || event.data.conversation_id !== conversationId) return;
    if (event.data.language !== reader) return;
    const message = messages.find((m) => m.id === event.data.message_id);
    if (message) void translate([{ messageId: message.id, createdAt: message.created_at }]);
  });

  return (message) => {
    const found = current(message);
    if (!found) return null;
    return (
      <MessageTranslationView
        translation={found}
        working={working.has(message.id)}
        onRetry={() => void translate([{ messageId: message.id, createdAt: message.created_at }])}
      />
    );
  };
}
