import type { TranslatedText, TranslateTextReply, TranslateTextRequest, TranslationLanguage } from '@ws/contract';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError } from '../../platform/http/errors.js';
import { TranslationError } from '../../platform/translation/translation-error.js';
import type { ProviderTranslation, Translator } from '../../platform/translation/translator.js';
import { meterTranslation } from '../wallet/meter-translation.js';
import { translationCacheKey } from './cache-key.js';
import { providerFailure } from './provider-failure.js';
import {
  findCachedTranslations,
  recordUsage,
  saveCachedTranslations,
  type UsageDelta,
} from './translation-repository.js';
import { ensureTranslationAllowed } from './translation-settings.js';

export type TranslateTexts = Pick<TranslateTextRequest, 'texts' | 'target'> & {
  source?: TranslateTextRequest['source'] | undefined;
};

/** Refuses when translation is off in this installation. */
export function translatorOf(context: Pick<AppContext, 'translation'>): Translator {
  const { translator } = context.translation;
  if (translator) return translator;
  throw new AppError('unavailable', {
    zh: 'translation: 本平台未配置翻译服务（TRANSLATION_PROVIDER=off）',
    en: 'translation: no translation provider is configured on this platform (TRANSLATION_PROVIDER=off)',
  });
}

/**
 * Translates a tenant's texts: refused unless the tenant allows sending customer text to the
 * provider; each distinct text is looked up in the cache first and only the rest go to the
 * provider, in one batch; new translations are cached and the characters metered in one
 * transaction. A provider failure is an error naming the provider: no text comes back untranslated
 * as if it were translated. What the agent client and the conversation owner both call.
 */
export async function translateTexts(
  context: Pick<AppContext, 'pool' | 'translation' | 'logger'>,
  tenantId: string,
  request: TranslateTexts,
): Promise<TranslateTextReply> {
  const source = request.source ?? 'auto';
  const { pool, translation } = context;
  // Nothing to translate: the texts are already in the target language, and nothing is sent.
  if (source === request.target) {
    const translations = request.texts.map((text) => ({ text, detected_source: source, cached: false, characters: 0 }));
    return { provider: translation.provider, simulated: translation.simulated, target: request.target, translations };
  }
  const translator = translatorOf(context);
  await ensureTranslationAllowed(pool, translation, tenantId);
  const distinct = [...new Set(request.texts)];
  const keys = distinct.map((text) => translationCacheKey(translation.provider, source, request.target, text));
  const cached = new Map(
    (await findCachedTranslations(pool, tenantId, keys, translation.cacheDays)).map((row) => [
      row.key.toString('hex'),
      row,
    ]),
  );
  const missing = distinct.filter((_, index) => !cached.has((keys[index] as Buffer).toString('hex')));
  const fresh = new Map<string, ProviderTranslation>();
  const call: CallOf = { context, tenantId, source, target: request.target };
  if (missing.length > 0) {
    const results = await askProvider(call, translator, missing);
    missing.forEach((text, index) => {
      fresh.set(text, results[index] as ProviderTranslation);
    });
  }
  const billed = new Set<string>();
  const translations: TranslatedText[] = request.texts.map((text) => {
    const hit = cached.get(translationCacheKey(translation.provider, source, request.target, text).toString('hex'));
    if (hit) {
      return { text: hit.translated_text, detected_source: hit.detected_source, cached: true, characters: 0 };
    }
    const result = fresh.get(text) as ProviderTranslation;
    // A text repeated in one call is asked and billed once.
    const characters = billed.has(text) ? 0 : result.billedCharacters;
    billed.add(text);
    return { text: result.text, detected_source: result.detectedSource ?? null, cached: false, characters };
  });
  await storeAndMeter(call, fresh, {
    characters: translations.reduce((sum, translation) => sum + translation.characters, 0),
    texts: translations.length,
    cachedTexts: translations.filter((translation) => translation.cached).length,
  });
  return { provider: translation.provider, simulated: translation.simulated, target: request.target, translations };
}

/** One call's tenant and languages, as the steps after the cache lookup need them. */
interface CallOf {
  context: Pick<AppContext, 'pool' | 'translation' | 'logger'>;
  tenantId: string;
  source: TranslationLanguage | 'auto';
  target: TranslationLanguage;
}

/**
 * The provider's translations of the texts the cache did not have. When it fails after answering
 * part of them (a batch over several requests), what it answered is cached and metered all the
 * same, since the provider bills it, and the call still fails.
 */
async function askProvider(call: CallOf, translator: Translator, texts: string[]): Promise<ProviderTranslation[]> {
  try {
    return await translator.translate({ texts, source: call.source, target: call.target });
  } catch (error) {
    if (!(error instanceof TranslationError)) throw error;
    call.context.logger.warn(
      { provider: error.provider, failure: error.failure, detail: error.detail },
      'translation failed',
    );
    if (error.partial) {
      const answered = new Map(
        [...error.partial.translations].map(([index, result]) => [texts[index] as string, result]),
      );
      await storeAndMeter(call, answered, {
        characters: error.partial.billedCharacters,
        texts: answered.size,
        cachedTexts: 0,
      });
    }
    throw providerFailure(error);
  }
}

/** Caches new translations and adds the call to the tenant's usage, in one transaction. */
async function storeAndMeter(
  call: CallOf,
  fresh: Map<string, ProviderTranslation>,
  usage: Pick<UsageDelta, 'characters' | 'texts' | 'cachedTexts'>,
): Promise<void> {
  const { provider } = call.context.translation;
  const given = call.source === 'auto' ? null : call.source;
  await withTransaction(call.context.pool, async (client) => {
    await saveCachedTranslations(
      client,
      call.tenantId,
      [...fresh].map(([text, result]) => ({
        key: translationCacheKey(provider, call.source, call.target, text),
        translated_text: result.text,
        detected_source: result.detectedSource ?? given,
      })),
    );
    await recordUsage(client, call.tenantId, { targetLanguage: call.target, provider, ...usage });
    await meterTranslation(client, call.tenantId, { characters: usage.characters, target: call.target, provider });
  });
}
