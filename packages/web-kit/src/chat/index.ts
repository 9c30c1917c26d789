/**
 * The chat as every front end shows it: a message of any type Meta sends or takes (text, media,
 * location, contacts, interactive, template, order, reaction, system), its ticks, a history read
 * in keyset pages and kept live by the realtime channel, and the scrolling timeline.
 */
export { listAt, textAt, valueAt } from './body-fields.js';
export {
  type ChatSource,
  type ChatSubject,
  chatKey,
  concernsChat,
  type InboxChat,
  mediaKey,
  readHistory,
  readMedia,
} from './chat-source.js';
export { ChatTimeline } from './chat-timeline.js';
export { type ContactIdentity, contactAddress } from './contact-address.js';
export { DeliveryStatus } from './delivery-status.js';
export { LinkifiedText } from './linkified-text.js';
export { MediaView } from './media-view.js';
export { type BubbleContext, MessageBubble } from './message-bubble.js';
export { MessageContent } from './message-content.js';
export { foldReactions, liveCursor, mergeMessages, type Reaction, WATCHED_RECENT } from './timeline.js';
export { type ChatHistory, useChatHistory } from './use-chat-history.js';
