import type { TranslationProvider } from '@ws/contract';
import { type Config, ConfigError, sandboxUrlOf } from '../config.js';
import type { ProviderConfig } from './provider-config.js';
import { createAzure } from './providers/azure.js';
import { createDeepl } from './providers/deepl.js';
import { createGoogleV2 } from './providers/google-v2.js';
import { createGoogleV3 } from './providers/google-v3.js';
import { createLibreTranslate } from './providers/libretranslate.js';
import { createTencent } from './providers/tencent.js';
import type { Translator } from './translator.js';

/** Where the sandbox serves its LibreTranslate-compatible emulation, under its own base URL. */
export const SANDBOX_TRANSLATE_PATH = '/libretranslate';

/** The provider a configuration picks: TRANSLATION_PROVIDER, else the sandbox while it is on. */
export function translationProviderOf(config: Config): TranslationProvider {
  return config.TRANSLATION_PROVIDER ?? (config.sandboxEnabled ? 'sandbox' : 'off');
}

function required(config: Config, name: keyof Config, provider: TranslationProvider): string {
  const value = config[name];
  if (typeof value !== 'string' || value === '') {
    throw new ConfigError(`Invalid configuration: ${name}: required when TRANSLATION_PROVIDER=${provider}`);
  }
  return value;
}

/**
 * The configured translator, or undefined when translation is off. A provider's missing setting
 * stops the start with a message naming the variable, as every other setting does.
 */
export function translatorFromConfig(config: Config): Translator | undefined {
  const provider = translationProviderOf(config);
  const common: ProviderConfig = {
    baseUrl: config.TRANSLATION_URL,
    apiKey: config.TRANSLATION_API_KEY,
    region: config.TRANSLATION_REGION,
    project: config.TRANSLATION_PROJECT,
    location: config.TRANSLATION_LOCATION,
    accessToken: config.TRANSLATION_ACCESS_TOKEN,
    accessTokenFile: config.TRANSLATION_ACCESS_TOKEN_FILE,
    credentialsFile: config.TRANSLATION_CREDENTIALS_FILE,
    secretId: config.TRANSLATION_SECRET_ID,
    timeoutMs: config.TRANSLATION_TIMEOUT_MS,
  };
  const need = (name: keyof Config) => required(config, name, provider);
  switch (provider) {
    case 'off':
      return undefined;
    case 'sandbox':
      return createLibreTranslate(
        { ...common, baseUrl: config.TRANSLATION_URL ?? `${sandboxUrlOf(config)}${SANDBOX_TRANSLATE_PATH}` },
        { provider, simulated: true },
      );
    case 'libretranslate':
      return createLibreTranslate({ ...common, baseUrl: need('TRANSLATION_URL') }, { provider, simulated: false });
    case 'deepl':
      return createDeepl({ ...common, apiKey: need('TRANSLATION_API_KEY') });
    case 'google-v2':
      return createGoogleV2({ ...common, apiKey: need('TRANSLATION_API_KEY') });
    case 'google-v3': {
      const { TRANSLATION_ACCESS_TOKEN, TRANSLATION_ACCESS_TOKEN_FILE, TRANSLATION_CREDENTIALS_FILE } = config;
      if (!TRANSLATION_ACCESS_TOKEN && !TRANSLATION_ACCESS_TOKEN_FILE && !TRANSLATION_CREDENTIALS_FILE) {
        need('TRANSLATION_CREDENTIALS_FILE');
      }
      const project = need('TRANSLATION_PROJECT');
      try {
        return createGoogleV3({ ...common, project });
      } catch (error) {
        throw new ConfigError(`Invalid configuration: TRANSLATION_CREDENTIALS_FILE: ${(error as Error).message}`);
      }
    }
    case 'azure':
      return createAzure({ ...common, apiKey: need('TRANSLATION_API_KEY') });
    case 'tencent':
      return createTencent({ ...common, apiKey: need('TRANSLATION_API_KEY'), secretId: need('TRANSLATION_SECRET_ID') });
  }
}
