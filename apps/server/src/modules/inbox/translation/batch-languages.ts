import type { Db } from '../../../platform/db/pool.js';
import { type ConversationLanguage, customerLanguageAfter, detectLanguage } from '../../translation/index.js';
import { applyDetectedLanguages, type DetectedChange } from './conversation-language-repository.js';
import { queueTranslation } from './translate-job.js';

/**
 * The customer's language of the conversations a webhook batch wrote to, detected from their
 * texts in the order they came (ELD on this machine: about 20 µs a text once its tables are loaded,
 * decision 0018), applied in one statement with the sticky rule: an agent's choice stays, a text
 * too short to tell changes nothing. The conversations that translate get one job for the batch
 * that translates the new messages. Answers the languages changed, for the batch's events.
 */
export async function settleBatchLanguages(
  db: Db,
  tenantId: string,
  texts: ReadonlyMap<string, readonly string[]>,
): Promise<DetectedChange[]> {
  if (texts.size === 0) return [];
  const detected: { id: string; language: ConversationLanguage['language'] }[] = [];
  for (const [conversationId, written] of texts) {
    let found: ConversationLanguage | undefined;
    for (const text of written) found = customerLanguageAfter(found, await detectLanguage(text));
    if (found) detected.push({ id: conversationId, language: found.language });
  }
  const { changed, translating } = await applyDetectedLanguages(db, tenantId, detected, [...texts.keys()]);
  await queueTranslation(db, tenantId, translating);
  return changed;
}
