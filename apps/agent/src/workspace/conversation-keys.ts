/** The path of a conversation in the workspace (under the router's /client basename). */
export const conversationPath = (conversationId: string): string => `/c/${conversationId}`;

/**
 * The conversation `step` places after (1) or before (-1) the current one in the inbox's order,
 * stopping at the ends; with none open (or the open one not listed), the first (down) or the last (up).
 */
export function neighbour<T extends { id: string }>(
  conversations: readonly T[],
  current: string | undefined,
  step: 1 | -1,
): T | undefined {
  if (conversations.length === 0) return undefined;
  const at = current === undefined ? -1 : conversations.findIndex((one) => one.id === current);
  if (at === -1) return step === 1 ? conversations[0] : conversations.at(-1);
  return conversations[Math.min(conversations.length - 1, Math.max(0, at + step))];
}
