/**
 * Two-way translation in the seat client (issue 17, decision 0018): what the conversation view
 * mounts (the header's controls, the translation under each message) and what the composer calls
 * to send a reply that may need translating.
 */
export { MessageTranslationView } from './message-translation.js';
export { asksToSendOriginal, sendReply, useSendReply } from './send-reply.js';
export { TranslationControls } from './translation-controls.js';
export { useMessageTranslations } from './use-message-translations.js';
