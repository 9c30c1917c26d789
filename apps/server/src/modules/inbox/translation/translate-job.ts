import { z } from 'zod';
import type { Db } from '../../../platform/db/pool.js';
import type { AppContext } from '../../../platform/http/context.js';
import { defineJob, enqueue } from '../../../platform/queue/jobs.js';
import { translationSettingsOf } from '../../translation/index.js';
import { selectTranslatingConversations } from './conversation-language-repository.js';
import { selectUntranslatedInbound } from './message-translation-repository.js';
import { translateMessages } from './translate-messages.js';

/** The customer's newest messages a conversation translates eagerly; older ones on demand (`inbox/translate`). */
export const EAGER_TRANSLATIONS = 20;

const Payload = z.object({ tenantId: z.string(), conversationIds: z.array(z.string()).min(1).max(200) });

/**
 * Translates the customer's new messages of conversations that translate into the tenant's agent
 * language, as they arrive: queued by the webhook drain (one job per tenant and batch) and when
 * an agent turns translation on. Each message's row, ok or failed, is saved with its translation:
 * the rows are the cursor, so a re-run translates nothing twice, and a failed message waits for
 * an agent's retry instead of asking a failing provider again. Nothing happens while the tenant
 * does not consent or no provider is configured: the messages show "not translated".
 */
export const inboxTranslateJob = defineJob({
  name: 'inbox_translate',
  payload: Payload,
  maxAttempts: 3,
  async handle(payload, _helpers, context) {
    await translateNewMessages(context, payload.tenantId, payload.conversationIds);
  },
});

export async function translateNewMessages(
  context: Pick<AppContext, 'pool' | 'translation' | 'logger'>,
  tenantId: string,
  conversationIds: readonly string[],
): Promise<number> {
  if (!context.translation.translator) return 0;
  const settings = await translationSettingsOf(context.pool, context.translation, tenantId);
  if (!settings.allowed) return 0;
  let translated = 0;
  for (const conversation of await selectTranslatingConversations(context.pool, tenantId, conversationIds)) {
    if (!conversation.translate) continue;
    const messages = await selectUntranslatedInbound(
      context.pool,
      conversation,
      settings.agent_language,
      EAGER_TRANSLATIONS,
    );
    if (messages.length === 0) continue;
    translated += (await translateMessages(context, conversation, messages, settings.agent_language)).length;
  }
  return translated;
}

/** Queues the eager translation of conversations' new messages, in the caller's transaction. */
export function queueTranslation(db: Db, tenantId: string, conversationIds: readonly string[]): Promise<void> {
  if (conversationIds.length === 0) return Promise.resolve();
  return enqueue(db, inboxTranslateJob, { tenantId, conversationIds: [...conversationIds] });
}
