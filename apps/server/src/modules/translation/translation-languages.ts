import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@ws/contract';
import type { AppContext } from '../../platform/http/context.js';
import { TranslationError } from '../../platform/translation/translation-error.js';
import type { Translator } from '../../platform/translation/translator.js';

/** Each translator's language list, asked once per process (again after a failure). */
const known = new WeakMap<Translator, Promise<TranslationLanguage[]>>();

/**
 * The product's languages and whether the configured provider translates into each. The provider's
 * list is not customer text and changes rarely; when the provider cannot be asked, every language
 * says `supported: null` (unknown) rather than the call failing.
 */
export async function translationLanguages(context: Pick<AppContext, 'translation' | 'logger'>) {
  const { translator, provider, simulated } = context.translation;
  let supported: readonly TranslationLanguage[] | undefined = [];
  if (translator) {
    let list = known.get(translator);
    if (!list) {
      list = translator.languages();
      known.set(translator, list);
    }
    supported = await list.catch((error: unknown) => {
      known.delete(translator);
      if (!(error instanceof TranslationError)) throw error;
      context.logger.warn({ provider, failure: error.failure, detail: error.detail }, 'translation languages unknown');
      return undefined;
    });
  }
  return {
    provider,
    simulated,
    languages: TRANSLATION_LANGUAGES.map((code) => ({ code, supported: supported ? supported.includes(code) : null })),
  };
}
