import type { QueuedReply, TranslationLanguage } from '@ws/contract';
import type { Db } from '../../../platform/db/pool.js';
import type { AppContext } from '../../../platform/http/context.js';
import { AppError } from '../../../platform/http/errors.js';
import { detectLanguage, translateTexts, translationSettingsOf } from '../../translation/index.js';
import type { ConversationState } from '../conversation-repository.js';
import { saveMessageTranslations } from './message-translation-repository.js';

/** What the agent typed, and the translation the customer gets. */
export interface OutgoingTranslation {
  original: string;
  /** The language the agent wrote in. */
  written: TranslationLanguage;
  text: string;
  language: TranslationLanguage;
  provider: NonNullable<QueuedReply['translation']>['provider'];
  simulated: boolean;
}

/** The agent is asked whether to send the original: the call names the flag that does. */
function askToSendOriginal(reason: { zh: string; en: string }): AppError {
  return new AppError('conflict', {
    zh: `sendOriginal: 消息未能翻译成客户的语言，未发送（${reason.zh}）；如要按原文发送，请确认`,
    en: `sendOriginal: the message could not be translated into the customer's language and was not sent (${reason.en}); confirm to send it as typed`,
  });
}

/**
 * An agent's text for a conversation that translates, in the customer's language: nothing to do
 * when translation is off or the agent already wrote in that language. Templates never come here
 * (an approved template is sent in its own language). Any failure (language unknown, no provider,
 * no consent, the provider's) is a 409 asking the agent: untranslated text never goes silently.
 */
export async function translateOutgoing(
  context: Pick<AppContext, 'pool' | 'translation' | 'logger'>,
  tenantId: string,
  state: ConversationState,
  text: string,
): Promise<OutgoingTranslation | undefined> {
  if (!state.translate) return undefined;
  const customer = state.language;
  if (customer === null) {
    throw askToSendOriginal({
      zh: '客户的语言尚未识别，请先在会话顶部设置',
      en: "the customer's language is not known yet; set it in the conversation's header",
    });
  }
  const found = await detectLanguage(text);
  const written = found.reliable ? found.language : undefined;
  if (written === customer) return undefined;
  try {
    const reply = await translateTexts(context, tenantId, {
      texts: [text],
      source: written ?? 'auto',
      target: customer,
    });
    const translated = reply.translations[0];
    if (!translated) throw new Error('translateTexts answered no translation');
    const agentLanguage = (await translationSettingsOf(context.pool, context.translation, tenantId)).agent_language;
    return {
      original: text,
      written: written ?? translated.detected_source ?? agentLanguage,
      text: translated.text,
      language: customer,
      provider: reply.provider,
      simulated: reply.simulated,
    };
  } catch (error) {
    if (error instanceof AppError) throw askToSendOriginal(error.text);
    throw error;
  }
}

/** Keeps the agent's own words beside the message sent translated, for every agent reading it. */
export async function keepOriginal(
  db: Db,
  tenantId: string,
  conversationId: string,
  message: { message_id: string; created_at: string },
  translation: OutgoingTranslation,
): Promise<void> {
  await saveMessageTranslations(db, tenantId, [
    {
      message_id: message.message_id,
      message_created_at: message.created_at,
      conversation_id: conversationId,
      language: translation.written,
      status: 'ok',
      text: translation.original,
      original: true,
      source_language: translation.language,
      provider: translation.provider,
      simulated: translation.simulated,
      error: null,
    },
  ]);
}
