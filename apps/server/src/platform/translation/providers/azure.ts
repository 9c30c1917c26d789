/**
 * Azure AI Translator v3.0: `POST /translate?api-version=3.0&to=…[&from=…][&textType=html]` with
 * `Ocp-Apim-Subscription-Key`, `Ocp-Apim-Subscription-Region` (a regional or multi-service
 * resource needs it) and a JSON array body `[{ "Text": "…" }]`; texts with protected spans go as
 * `textType=html` with `class="notranslate"`. Reply `[{ detectedLanguage?, translations: [{ text, to }] }]`.
 * `POST /detect`, `GET /languages?scope=translation`. Errors are `{ "error": { "code", "message" } }`.
 * Azure bills every code point it is sent, markup included, per target language.
 */
import { badReply, createProviderHttp } from '../http.js';
import { azureLanguage, productLanguageOf, productLanguagesAmong } from '../language-codes.js';
import { translateProtected } from '../protected-batch.js';
import { type ProviderConfig, trimBase } from '../provider-config.js';
import type { Translator } from '../translator.js';

export const AZURE_URL = 'https://api.cognitive.microsofttranslator.com';
const API_VERSION = 'api-version=3.0';
/** Azure refuses a translate request of more than 50 000 characters (its request limits). */
const AZURE_REQUEST_CHARACTERS = 50_000;

const errorMessage = (body: unknown) => {
  const error =
    body && typeof body === 'object' ? (body as { error?: { code?: unknown; message?: unknown } }).error : undefined;
  return error?.message === undefined ? undefined : `${String(error.code ?? '')} ${String(error.message)}`.trim();
};

interface AzureResult {
  detectedLanguage?: { language?: unknown };
  translations?: { text?: unknown }[];
}

export function createAzure(config: ProviderConfig & { apiKey: string }): Translator {
  const provider = 'azure';
  const base = trimBase(config.baseUrl ?? AZURE_URL);
  const http = createProviderHttp({ provider, timeoutMs: config.timeoutMs, errorMessage });
  const headers: Record<string, string> = {
    'ocp-apim-subscription-key': config.apiKey,
    ...(config.region ? { 'ocp-apim-subscription-region': config.region } : {}),
  };

  return {
    provider,
    simulated: false,
    async translate(batch) {
      return translateProtected(
        provider,
        batch,
        { style: 'html', maxRequestCharacters: AZURE_REQUEST_CHARACTERS },
        async (texts, withMarkup) => {
          const query = new URLSearchParams({ 'api-version': '3.0', to: azureLanguage(batch.target) });
          if (batch.source !== 'auto') query.set('from', azureLanguage(batch.source));
          if (withMarkup) query.set('textType', 'html');
          const reply = await http.call({
            method: 'POST',
            url: `${base}/translate?${query}`,
            headers,
            json: texts.map((text) => ({ Text: text })),
          });
          if (!Array.isArray(reply)) throw badReply(provider, 'translate: not a list');
          return (reply as AzureResult[]).map((item) => {
            const text = item.translations?.[0]?.text;
            if (typeof text !== 'string') throw badReply(provider, 'translate: no translations[0].text');
            const detected = item.detectedLanguage?.language;
            return { text, detectedSource: typeof detected === 'string' ? detected : undefined };
          });
        },
      );
    },
    async detect(text) {
      const reply = await http.call({
        method: 'POST',
        url: `${base}/detect?${API_VERSION}`,
        headers,
        json: [{ Text: text }],
      });
      const best = Array.isArray(reply) ? (reply[0] as { language?: unknown; score?: unknown }) : undefined;
      if (!best || typeof best.language !== 'string') throw badReply(provider, 'detect: no language');
      return {
        language: productLanguageOf(best.language),
        providerCode: best.language,
        confidence: typeof best.score === 'number' ? best.score : undefined,
      };
    },
    async languages() {
      const reply = (await http.call({ method: 'GET', url: `${base}/languages?${API_VERSION}&scope=translation` })) as {
        translation?: Record<string, unknown>;
      };
      if (!reply.translation || typeof reply.translation !== 'object')
        throw badReply(provider, 'languages: no translation');
      return productLanguagesAmong(Object.keys(reply.translation));
    },
    close: () => http.close(),
  };
}
