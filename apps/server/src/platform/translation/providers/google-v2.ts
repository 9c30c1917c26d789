/**
 * Google Cloud Translation Basic (v2): `POST /language/translate/v2?key=…` with JSON `q` (a list),
 * `target`, `source` when known, and `format`: **`text`** for plain messages (the default, `html`,
 * would collapse line breaks and answer HTML entities), `html` only for texts whose protected spans
 * travel as `<span translate="no">`. Reply `data.translations[].translatedText` and, without a
 * source, `detectedSourceLanguage`. `POST …/detect`, `GET …/languages`. Errors are
 * `{ "error": { "code", "message" } }`. Billed: every character sent.
 */
import { badReply, createProviderHttp } from '../http.js';
import { googleLanguage, productLanguageOf, productLanguagesAmong } from '../language-codes.js';
import { rawTranslationsOf, translateProtected } from '../protected-batch.js';
import { type ProviderConfig, trimBase } from '../provider-config.js';
import type { Translator } from '../translator.js';

export const GOOGLE_URL = 'https://translation.googleapis.com';
/** Google's recommended upper bound per request, in code points (v3 refuses past 30 000, v2 past 100 KB). */
export const GOOGLE_REQUEST_CHARACTERS = 5000;

/** Google's error reply, v2 and v3 alike. */
export const googleErrorMessage = (body: unknown) => {
  const error = body && typeof body === 'object' ? (body as { error?: { message?: unknown } }).error : undefined;
  return error?.message === undefined ? undefined : String(error.message);
};

interface V2Reply<T> {
  data?: T;
}

export function createGoogleV2(config: ProviderConfig & { apiKey: string }): Translator {
  const provider = 'google-v2';
  const base = `${trimBase(config.baseUrl ?? GOOGLE_URL)}/language/translate/v2`;
  const key = `key=${encodeURIComponent(config.apiKey)}`;
  const http = createProviderHttp({ provider, timeoutMs: config.timeoutMs, errorMessage: googleErrorMessage });

  return {
    provider,
    simulated: false,
    async translate(batch) {
      return translateProtected(
        provider,
        batch,
        { style: 'html', maxRequestCharacters: GOOGLE_REQUEST_CHARACTERS },
        async (q, withMarkup) => {
          const reply = (await http.call({
            method: 'POST',
            url: `${base}?${key}`,
            json: {
              q,
              target: googleLanguage(batch.target),
              ...(batch.source === 'auto' ? {} : { source: googleLanguage(batch.source) }),
              format: withMarkup ? 'html' : 'text',
            },
          })) as V2Reply<{ translations?: unknown }>;
          const fields = { text: 'translatedText', source: 'detectedSourceLanguage' };
          return rawTranslationsOf(provider, reply.data?.translations, fields, 'translate');
        },
      );
    },
    async detect(text) {
      const reply = (await http.call({
        method: 'POST',
        url: `${base}/detect?${key}`,
        json: { q: [text] },
      })) as V2Reply<{
        detections?: { language?: unknown; confidence?: unknown }[][];
      }>;
      const best = reply.data?.detections?.[0]?.[0];
      if (!best || typeof best.language !== 'string') throw badReply(provider, 'detect: no data.detections');
      return {
        language: productLanguageOf(best.language),
        providerCode: best.language,
        confidence: typeof best.confidence === 'number' ? best.confidence : undefined,
      };
    },
    async languages() {
      const reply = (await http.call({ method: 'GET', url: `${base}/languages?target=en&${key}` })) as V2Reply<{
        languages?: { language?: unknown }[];
      }>;
      if (!Array.isArray(reply.data?.languages)) throw badReply(provider, 'languages: no data.languages');
      return productLanguagesAmong(reply.data.languages.map((language) => String(language.language)));
    },
    close: () => http.close(),
  };
}
