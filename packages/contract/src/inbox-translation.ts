import { z } from 'zod';
import { defineCall } from './call.js';
import { MediaQuery } from './chat-history.js';
import { envelopeOf } from './envelope.js';
import { ConversationRef, InboxConversation } from './inbox.js';
import { MessageTranslation } from './message-translation.js';
import { MAX_TRANSLATION_TEXTS, TranslationLanguage } from './translation.js';

/**
 * Two-way translation of a conversation (issue 17, decision 0018): on or off, the customer's
 * language set by hand, and messages translated for the reader on demand (or again after a
 * failure). Access as the other inbox calls; a seat only in its own inbox.
 */
const AGENTS = ['admin', 'operator', 'seat'] as const;

export const ConversationTranslationEdit = ConversationRef.extend({ translate: z.boolean() });
export type ConversationTranslationEdit = z.infer<typeof ConversationTranslationEdit>;

export const ConversationLanguageEdit = ConversationRef.extend({
  /** The customer's language, kept until an agent changes it; null goes back to detecting it. */
  language: TranslationLanguage.nullable(),
});
export type ConversationLanguageEdit = z.infer<typeof ConversationLanguageEdit>;

export const TranslateMessagesRequest = ConversationRef.extend({
  /** Messages by id and time, as `inbox/messages` gives them (`message_id`, `created_at`). */
  messages: z.array(MediaQuery).min(1).max(MAX_TRANSLATION_TEXTS),
  /** The reader's language; the tenant's agent language when left out. */
  language: TranslationLanguage.optional(),
});
export type TranslateMessagesRequest = z.infer<typeof TranslateMessagesRequest>;

export const inboxTranslationCalls = {
  inboxTranslation: defineCall({
    id: 'inbox.translation',
    method: 'POST',
    path: '/api/inbox/translation',
    tag: 'inbox',
    summary:
      "Turn a conversation's two-way translation on or off (on needs the tenant's consent to send customer text to the provider)",
    access: AGENTS,
    kind: 'update',
    body: ConversationTranslationEdit,
    reply: envelopeOf(InboxConversation),
  }),
  inboxLanguage: defineCall({
    id: 'inbox.language',
    method: 'POST',
    path: '/api/inbox/language',
    tag: 'inbox',
    summary: "Set the customer's language by hand (kept over detection), or clear it to detect it again",
    access: AGENTS,
    kind: 'update',
    body: ConversationLanguageEdit,
    reply: envelopeOf(InboxConversation),
  }),
  inboxTranslate: defineCall({
    id: 'inbox.translate',
    method: 'POST',
    path: '/api/inbox/translate',
    tag: 'inbox',
    summary:
      "Translate messages of a conversation into the reader's language now (those not translated yet, or failed: a retry); each is translated once",
    access: AGENTS,
    kind: 'action',
    body: TranslateMessagesRequest,
    reply: envelopeOf(z.array(MessageTranslation)),
  }),
} as const;
