/** A conversation is one business number and one contact; its key names both. */
export interface ConversationRef {
  number_id: string;
  contact_id: string;
}

export const conversationKey = (conversation: ConversationRef): string =>
  `${conversation.number_id}/${conversation.contact_id}`;

/** The path of a conversation in the workspace (under the router's /client basename). */
export const conversationPath = (conversation: ConversationRef): string =>
  `/c/${conversation.number_id}/${conversation.contact_id}`;

/**
 * The conversation `step` places after (1) or before (-1) the current one in the inbox's order,
 * stopping at the ends; with none open, the first (down) or the last (up).
 */
export function neighbour<T extends ConversationRef>(
  conversations: readonly T[],
  current: string | undefined,
  step: 1 | -1,
): T | undefined {
  if (conversations.length === 0) return undefined;
  const at = current === undefined ? -1 : conversations.findIndex((one) => conversationKey(one) === current);
  if (at === -1) return step === 1 ? conversations[0] : conversations.at(-1);
  return conversations[Math.min(conversations.length - 1, Math.max(0, at + step))];
}
