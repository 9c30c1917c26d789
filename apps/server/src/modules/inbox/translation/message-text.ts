/** Message types whose text (a text's body, a caption) is translated. */
const CAPTIONED = new Set(['image', 'video', 'document']);

/**
 * The words of a message that translation works on: a text's body or a media message's caption,
 * in Meta's message object as stored (the webhook's for inbound, the send request's for outbound:
 * both `{ text: { body } }`, `{ image: { caption } }`). Undefined for anything else.
 */
export function messageText(type: string, body: Record<string, unknown>): string | undefined {
  const part = body[type] as Record<string, unknown> | undefined;
  if (!part || typeof part !== 'object') return undefined;
  const text = type === 'text' ? part.body : CAPTIONED.has(type) ? part.caption : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}
