import type { ErrorKind } from '@ws/contract';
import { AppError } from '../../platform/http/errors.js';
import type { TranslationError, TranslationFailure } from '../../platform/translation/translation-error.js';

const KIND: Record<TranslationFailure, ErrorKind> = {
  unreachable: 'unavailable',
  auth: 'unavailable',
  quota: 'throttled',
  rejected: 'invalidInput',
  failed: 'unavailable',
  bad_reply: 'unavailable',
};

const WHAT: Record<TranslationFailure, { zh: string; en: string }> = {
  unreachable: { zh: '无法连接或超时', en: 'could not be reached or timed out' },
  auth: { zh: '拒绝了平台的密钥', en: "refused the platform's key" },
  quota: { zh: '额度或频率已达上限', en: 'reached its quota or rate limit' },
  rejected: { zh: '拒绝了此请求', en: 'refused the request' },
  failed: { zh: '服务出错', en: 'failed' },
  bad_reply: { zh: '返回了无法使用的结果', en: 'answered something unusable' },
};

/**
 * A provider's failure as the caller sees it: a clear error naming the provider and what went
 * wrong, never the original text passed off as a translation (the client marks the message "not
 * translated" and offers a retry, or asks the agent whether to send the original).
 */
export function providerFailure(error: TranslationError): AppError {
  const what = WHAT[error.failure];
  return new AppError(
    KIND[error.failure],
    {
      zh: `texts: 翻译服务 ${error.provider} ${what.zh}，未翻译：${error.detail}`,
      en: `texts: the translation provider ${error.provider} ${what.en}; nothing was translated: ${error.detail}`,
    },
    error.failure === 'quota' ? { retryAfterSeconds: 60 } : {},
  );
}
