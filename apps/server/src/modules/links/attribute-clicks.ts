import type { Db } from '../../platform/db/pool.js';
import { type Attribution, insertAttributions, type TokenSeen } from './attribution-repository.js';
import { REF_PATTERN } from './redirect/visitor.js';

export interface FirstText {
  conversationId: string;
  numberId: string;
  contactId: string;
  /** The customer's first text of the conversation in this batch. */
  text: string;
  fresh: boolean;
}

/**
 * The webhook drain's link step (with the inbox's, once per batch and tenant): the reference token
 * (`#ref:xxxxxxxx`) of each conversation's first text in the batch attributes the conversation to
 * its click, in one statement. A click is not a lead: only a message that arrived counts. Answers
 * the attributions made (with the owning order share), for a step that builds on them.
 */
export function attributeLinkClicks(db: Db, tenantId: string, texts: readonly FirstText[]): Promise<Attribution[]> {
  const seen: TokenSeen[] = [];
  for (const first of texts) {
    const match = REF_PATTERN.exec(first.text);
    if (match?.[1]) seen.push({ ...first, ref: match[1].toLowerCase() });
  }
  return insertAttributions(db, tenantId, seen);
}
