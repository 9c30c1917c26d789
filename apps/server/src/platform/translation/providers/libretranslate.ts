/**
 * LibreTranslate (self-hosted, or the sandbox's compatible emulation): `POST /translate` with `q`
 * as a list, `source` (`auto` allowed), `target`, `format` (`text`, or `html`, whose
 * translate-html keeps `translate="no"` elements), optional `api_key`; `POST /detect`;
 * `GET /languages`. Errors are `{ "error": "…" }` with 400, 403, 429 or 500.
 */
import type { TranslationLanguage, TranslationProvider } from '@ws/contract';
import { badReply, createProviderHttp } from '../http.js';
import { productLanguageOf, productLanguagesAmong } from '../language-codes.js';
import { translateProtected } from '../protected-batch.js';
import { type ProviderConfig, trimBase } from '../provider-config.js';
import type { Translator } from '../translator.js';

interface LibreLanguage {
  code: string;
  name?: string;
}

/** Chinese is `zh`/`zt` in older releases and `zh-Hans`/`zh-Hant` in newer ones: the server's list says which. */
const CHINESE_SPELLINGS: Partial<Record<TranslationLanguage, string[]>> = {
  zh: ['zh-Hans', 'zh'],
  'zh-TW': ['zh-Hant', 'zt'],
};

/** LibreTranslate's limit is the server's own `--char-limit` (none by default); requests stay moderate. */
const LIBRE_REQUEST_CHARACTERS = 20_000;

const errorMessage = (body: unknown) =>
  body && typeof body === 'object' && 'error' in body ? String((body as { error: unknown }).error) : undefined;

export function createLibreTranslate(
  config: ProviderConfig & { baseUrl: string },
  identity: { provider: Extract<TranslationProvider, 'libretranslate' | 'sandbox'>; simulated: boolean },
): Translator {
  const { provider } = identity;
  const base = trimBase(config.baseUrl);
  const http = createProviderHttp({ provider, timeoutMs: config.timeoutMs, errorMessage });
  const withKey = (body: Record<string, unknown>) => (config.apiKey ? { ...body, api_key: config.apiKey } : body);
  let codes: Promise<string[]> | undefined;

  const listCodes = async (): Promise<string[]> => {
    const reply = await http.call({ method: 'GET', url: `${base}/languages` });
    if (!Array.isArray(reply)) throw badReply(provider, 'languages: not a list');
    return (reply as LibreLanguage[]).map((language) => String(language.code));
  };
  /** The server's spelling of a product code; the list is asked once, and again after a failure. */
  const spell = async (code: TranslationLanguage): Promise<string> => {
    const spellings = CHINESE_SPELLINGS[code];
    if (!spellings) return code;
    codes ??= listCodes().catch((error) => {
      codes = undefined;
      throw error;
    });
    const known = await codes;
    return spellings.find((spelling) => known.includes(spelling)) ?? (spellings[0] as string);
  };

  return {
    provider,
    simulated: identity.simulated,
    async translate(batch) {
      const source = batch.source === 'auto' ? 'auto' : await spell(batch.source);
      const target = await spell(batch.target);
      return translateProtected(
        provider,
        batch,
        { style: 'html', maxRequestCharacters: LIBRE_REQUEST_CHARACTERS },
        async (q, withMarkup) => {
          const reply = (await http.call({
            method: 'POST',
            url: `${base}/translate`,
            json: withKey({ q, source, target, format: withMarkup ? 'html' : 'text' }),
          })) as { translatedText?: unknown; detectedLanguage?: unknown };
          const texts = Array.isArray(reply.translatedText) ? reply.translatedText : [reply.translatedText];
          if (!texts.every((text) => typeof text === 'string'))
            throw badReply(provider, 'translate: no translatedText');
          const detected = Array.isArray(reply.detectedLanguage) ? reply.detectedLanguage : [reply.detectedLanguage];
          return (texts as string[]).map((text, index) => ({
            text,
            detectedSource: (detected[index] as { language?: string } | undefined)?.language,
          }));
        },
      );
    },
    async detect(text) {
      const reply = await http.call({ method: 'POST', url: `${base}/detect`, json: withKey({ q: text }) });
      const best = Array.isArray(reply) ? (reply[0] as { language?: unknown; confidence?: unknown }) : undefined;
      if (!best || typeof best.language !== 'string') throw badReply(provider, 'detect: no language');
      return {
        language: productLanguageOf(best.language),
        providerCode: best.language,
        // LibreTranslate answers a percentage.
        confidence: typeof best.confidence === 'number' ? best.confidence / 100 : undefined,
      };
    },
    async languages() {
      return productLanguagesAmong(await listCodes());
    },
    close: () => http.close(),
  };
}
