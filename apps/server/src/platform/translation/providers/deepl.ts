/**
 * DeepL API v2: `POST /v2/translate` with `Authorization: DeepL-Auth-Key …`, a JSON body whose
 * `text` is the batch, `target_lang` (with its variant: EN-US, PT-BR, ZH-HANS), `source_lang` when
 * known, `show_billed_characters` so each translation says what DeepL bills; texts with protected
 * spans go with `tag_handling=xml` and `ignore_tags=["x"]` (tags are not billed). A key ending in
 * `:fx` is a free account and calls api-free.deepl.com. Errors are `{ "message": "…" }`; 456 is
 * the quota. DeepL has no detection call: `detect` answers the local detector.
 */

import { detectLanguage } from '../detect-language.js';
import { badReply, createProviderHttp } from '../http.js';
import { deeplLanguage, productLanguagesAmong } from '../language-codes.js';
import { rawTranslationsOf, translateProtected } from '../protected-batch.js';
import { codePoints } from '../protected-spans.js';
import { type ProviderConfig, trimBase } from '../provider-config.js';
import type { Translator } from '../translator.js';

export const DEEPL_FREE_URL = 'https://api-free.deepl.com';
export const DEEPL_PRO_URL = 'https://api.deepl.com';
/** DeepL refuses requests over 128 KiB: 30 000 characters stay under it even at 4 bytes each. */
const DEEPL_REQUEST_CHARACTERS = 30_000;

/** DeepL's free keys end in `:fx`; they only work on the free host. */
export const deeplBaseUrl = (apiKey: string) => (apiKey.endsWith(':fx') ? DEEPL_FREE_URL : DEEPL_PRO_URL);

interface DeeplTranslation {
  text?: unknown;
  detected_source_language?: unknown;
  billed_characters?: unknown;
}

const errorMessage = (body: unknown) =>
  body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : undefined;

export function createDeepl(config: ProviderConfig & { apiKey: string }): Translator {
  const provider = 'deepl';
  const base = trimBase(config.baseUrl ?? deeplBaseUrl(config.apiKey));
  const http = createProviderHttp({ provider, timeoutMs: config.timeoutMs, errorMessage });
  const headers = { authorization: `DeepL-Auth-Key ${config.apiKey}` };

  return {
    provider,
    simulated: false,
    async translate(batch) {
      const billed = new Map<string, number>();
      return translateProtected(
        provider,
        batch,
        {
          style: 'xml',
          maxRequestCharacters: DEEPL_REQUEST_CHARACTERS,
          // DeepL counts the source's code points, markup not included; its own count wins when it gives one.
          billed: (result) => billed.get(result.sent) ?? codePoints(result.original),
        },
        async (text, withMarkup) => {
          const reply = (await http.call({
            method: 'POST',
            url: `${base}/v2/translate`,
            headers,
            json: {
              text,
              target_lang: deeplLanguage(batch.target, 'target'),
              ...(batch.source === 'auto' ? {} : { source_lang: deeplLanguage(batch.source, 'source') }),
              ...(withMarkup ? { tag_handling: 'xml', ignore_tags: ['x'] } : {}),
              show_billed_characters: true,
            },
          })) as { translations?: DeeplTranslation[] };
          const translations = rawTranslationsOf(
            provider,
            reply.translations,
            { text: 'text', source: 'detected_source_language' },
            'translate',
          );
          reply.translations?.forEach((item, index) => {
            if (typeof item.billed_characters === 'number') billed.set(text[index] as string, item.billed_characters);
          });
          return translations;
        },
      );
    },
    async detect(text) {
      const local = await detectLanguage(text);
      return { language: local.language, providerCode: local.detected, confidence: local.confidence };
    },
    async languages() {
      const reply = await http.call({ method: 'GET', url: `${base}/v2/languages?type=target`, headers });
      if (!Array.isArray(reply)) throw badReply(provider, 'languages: not a list');
      return productLanguagesAmong(reply.map((language: { language?: unknown }) => String(language.language)));
    },
    close: () => http.close(),
  };
}
