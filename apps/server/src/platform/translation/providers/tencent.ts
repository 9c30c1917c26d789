/**
 * Tencent Machine Translation (TMT, API 3.0, version 2018-03-21) at tmt.tencentcloudapi.com: a
 * signed (TC3-HMAC-SHA256) JSON POST to `/` naming the action in `X-TC-Action`, with
 * `X-TC-Timestamp`, `X-TC-Version`, `X-TC-Region`. Several texts go to `TextTranslateBatch`
 * (`SourceTextList` → `TargetTextList`, under 2000 characters a request), a single one to
 * `TextTranslate` (`SourceText` → `TargetText`, up to 6000). Failures come back as HTTP 200 with
 * `Response.Error { Code, Message }`. Tencent has no markup mode (its API says HTML may fail),
 * so protected spans travel as `{{n}}` placeholders. No language list call: the documented list.
 */
import type { TranslationLanguage } from '@ws/contract';
import { createProviderHttp } from '../http.js';
import { productLanguageOf } from '../language-codes.js';
import { translateProtected } from '../protected-batch.js';
import { type ProviderConfig, trimBase } from '../provider-config.js';
import { TranslationError, type TranslationFailure } from '../translation-error.js';
import type { Translator } from '../translator.js';
import { tc3Authorization } from './tencent-signature.js';

export const TENCENT_URL = 'https://tmt.tencentcloudapi.com';
const VERSION = '2018-03-21';
const CONTENT_TYPE = 'application/json; charset=utf-8';
/** TextTranslateBatch refuses requests of 2000 characters or more (UnsupportedOperation.TextTooLong). */
export const TENCENT_BATCH_CHARACTERS = 1900;

/** Every language TMT translates (its documented Source list); `zh-TW` is Traditional Chinese. */
const TENCENT_LANGUAGES: TranslationLanguage[] = [
  'zh',
  'zh-TW',
  'en',
  'ja',
  'ko',
  'fr',
  'es',
  'it',
  'de',
  'tr',
  'ru',
  'pt',
  'vi',
  'id',
  'th',
  'ms',
  'ar',
  'hi',
];

function failureOfCode(code: string): TranslationFailure {
  if (code.startsWith('AuthFailure') || code.startsWith('UnauthorizedOperation')) return 'auth';
  if (code.startsWith('LimitExceeded') || code.startsWith('RequestLimitExceeded')) return 'quota';
  if (code === 'FailedOperation.NoFreeAmount' || code === 'FailedOperation.ServiceIsolate') return 'quota';
  if (code.startsWith('InternalError')) return 'failed';
  return 'rejected';
}

export function createTencent(
  config: ProviderConfig & { apiKey: string; secretId: string },
  now: () => number = () => Date.now(),
): Translator {
  const provider = 'tencent';
  const base = trimBase(config.baseUrl ?? TENCENT_URL);
  const host = new URL(base).host;
  const region = config.region ?? 'ap-guangzhou';
  const http = createProviderHttp({ provider, timeoutMs: config.timeoutMs, errorMessage: () => undefined });

  const call = async (action: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(now() / 1000);
    const authorization = tc3Authorization({
      secretId: config.secretId,
      secretKey: config.apiKey,
      service: 'tmt',
      host,
      contentType: CONTENT_TYPE,
      body,
      timestamp,
    });
    const reply = (await http.call({
      method: 'POST',
      url: `${base}/`,
      rawBody: body,
      headers: {
        authorization,
        'content-type': CONTENT_TYPE,
        host,
        'x-tc-action': action,
        'x-tc-timestamp': String(timestamp),
        'x-tc-version': VERSION,
        'x-tc-region': region,
      },
    })) as { Response?: Record<string, unknown> & { Error?: { Code?: unknown; Message?: unknown } } };
    const response = reply.Response;
    if (!response) throw new TranslationError(provider, 'bad_reply', `${action}: no Response`);
    if (response.Error) {
      const code = String(response.Error.Code ?? 'Unknown');
      throw new TranslationError(provider, failureOfCode(code), `${code}: ${String(response.Error.Message ?? '')}`);
    }
    return response;
  };

  return {
    provider,
    simulated: false,
    async translate(batch) {
      const common = { Source: batch.source, Target: batch.target, ProjectId: 0 };
      const options = { style: 'placeholder' as const, maxRequestCharacters: TENCENT_BATCH_CHARACTERS };
      return translateProtected(provider, batch, options, async (texts) => {
        // One text (up to 6000 characters) goes to TextTranslate, several to TextTranslateBatch.
        if (texts.length === 1) {
          const reply = await call('TextTranslate', { ...common, SourceText: texts[0] });
          if (typeof reply.TargetText !== 'string') throw new TranslationError(provider, 'bad_reply', 'no TargetText');
          return [{ text: reply.TargetText, detectedSource: String(reply.Source ?? '') }];
        }
        const reply = await call('TextTranslateBatch', { ...common, SourceTextList: texts });
        const list = reply.TargetTextList;
        if (!Array.isArray(list) || !list.every((text) => typeof text === 'string')) {
          throw new TranslationError(provider, 'bad_reply', 'no TargetTextList');
        }
        return (list as string[]).map((text) => ({ text, detectedSource: String(reply.Source ?? '') }));
      });
    },
    async detect(text) {
      const reply = await call('LanguageDetect', { Text: text, ProjectId: 0 });
      if (typeof reply.Lang !== 'string') throw new TranslationError(provider, 'bad_reply', 'LanguageDetect: no Lang');
      return { language: productLanguageOf(reply.Lang), providerCode: reply.Lang, confidence: undefined };
    },
    async languages() {
      return TENCENT_LANGUAGES;
    },
    close: () => http.close(),
  };
}
