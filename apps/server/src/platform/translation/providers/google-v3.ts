/**
 * Google Cloud Translation Advanced (v3): `POST /v3/projects/{project}/locations/{location}:translateText`
 * with `Authorization: Bearer <OAuth access token>`, JSON `contents`, `mimeType` (`text/plain`, or
 * `text/html` for texts whose protected spans travel as `<span translate="no">`),
 * `targetLanguageCode`, `sourceLanguageCode` when known. Reply `translations[].translatedText` and
 * `detectedLanguageCode`. `:detectLanguage`, `/supportedLanguages`. The token is minted from a
 * service account key (`google-service-account.ts`), or comes from the configuration, or from a
 * file read at each call so that whatever refreshes it (it lives an hour) is picked up without a
 * restart.
 */
import { readFile } from 'node:fs/promises';
import { badReply, createProviderHttp } from '../http.js';
import { googleLanguage, productLanguageOf, productLanguagesAmong } from '../language-codes.js';
import { rawTranslationsOf, translateProtected } from '../protected-batch.js';
import { type ProviderConfig, trimBase } from '../provider-config.js';
import { TranslationError } from '../translation-error.js';
import type { Translator } from '../translator.js';
import { readServiceAccountKey, serviceAccountTokens } from './google-service-account.js';
import { GOOGLE_REQUEST_CHARACTERS, GOOGLE_URL, googleErrorMessage } from './google-v2.js';

export function createGoogleV3(config: ProviderConfig & { project: string }): Translator {
  const provider = 'google-v3';
  const parent = `projects/${encodeURIComponent(config.project)}/locations/${encodeURIComponent(config.location ?? 'global')}`;
  const base = `${trimBase(config.baseUrl ?? GOOGLE_URL)}/v3/${parent}`;
  const http = createProviderHttp({ provider, timeoutMs: config.timeoutMs, errorMessage: googleErrorMessage });

  const minted = config.credentialsFile
    ? serviceAccountTokens(readServiceAccountKey(config.credentialsFile), http)
    : undefined;

  const headers = async () => {
    let token = config.accessToken;
    if (minted) token = await minted();
    else if (config.accessTokenFile) {
      token = await readFile(config.accessTokenFile, 'utf8').then(
        (text) => text.trim(),
        (error: Error) => {
          throw new TranslationError(provider, 'auth', `access token file: ${error.message}`);
        },
      );
    }
    return { authorization: `Bearer ${token ?? ''}`, 'x-goog-user-project': config.project };
  };

  return {
    provider,
    simulated: false,
    async translate(batch) {
      return translateProtected(
        provider,
        batch,
        { style: 'html', maxRequestCharacters: GOOGLE_REQUEST_CHARACTERS },
        async (contents, withMarkup) => {
          const reply = (await http.call({
            method: 'POST',
            url: `${base}:translateText`,
            headers: await headers(),
            json: {
              contents,
              mimeType: withMarkup ? 'text/html' : 'text/plain',
              targetLanguageCode: googleLanguage(batch.target),
              ...(batch.source === 'auto' ? {} : { sourceLanguageCode: googleLanguage(batch.source) }),
            },
          })) as { translations?: unknown };
          const fields = { text: 'translatedText', source: 'detectedLanguageCode' };
          return rawTranslationsOf(provider, reply.translations, fields, 'translateText');
        },
      );
    },
    async detect(text) {
      const reply = (await http.call({
        method: 'POST',
        url: `${base}:detectLanguage`,
        headers: await headers(),
        json: { content: text, mimeType: 'text/plain' },
      })) as { languages?: { languageCode?: unknown; confidence?: unknown }[] };
      const best = reply.languages?.[0];
      if (!best || typeof best.languageCode !== 'string') throw badReply(provider, 'detectLanguage: no languages');
      return {
        language: productLanguageOf(best.languageCode),
        providerCode: best.languageCode,
        confidence: typeof best.confidence === 'number' ? best.confidence : undefined,
      };
    },
    async languages() {
      const reply = (await http.call({
        method: 'GET',
        url: `${base}/supportedLanguages?displayLanguageCode=en`,
        headers: await headers(),
      })) as { languages?: { languageCode?: unknown; supportTarget?: unknown }[] };
      if (!Array.isArray(reply.languages)) throw badReply(provider, 'supportedLanguages: no languages');
      return productLanguagesAmong(
        reply.languages
          .filter((language) => language.supportTarget !== false)
          .map((language) => String(language.languageCode)),
      );
    },
    close: () => http.close(),
  };
}
