import type { TranslationProvider } from '@ws/contract';
import type { Config } from '../../platform/config.js';
import type { Translator } from '../../platform/translation/translator.js';
import { translationProviderOf, translatorFromConfig } from '../../platform/translation/translator-from-config.js';

declare module '../../platform/http/context.js' {
  interface AppContext {
    translation: TranslationSetup;
  }
}

/** The configured provider, resolved once at start (TRANSLATION_* settings). */
export interface TranslationSetup {
  provider: TranslationProvider;
  /** Undefined when TRANSLATION_PROVIDER=off (or unset with the sandbox off). */
  translator: Translator | undefined;
  /** The embedded pseudo-translation: replies carry `simulated: true`. */
  simulated: boolean;
  cacheDays: number;
}

/** A provider's missing setting throws a ConfigError naming the variable, so the start stops. */
export function loadTranslationSetup(config: Config): TranslationSetup {
  const translator = translatorFromConfig(config);
  return {
    provider: translationProviderOf(config),
    translator,
    simulated: translator?.simulated ?? false,
    cacheDays: config.TRANSLATION_CACHE_DAYS,
  };
}
