import type { ImportTarget } from '@ws/contract';
import { AppError } from '../../platform/http/errors.js';
import { CloudApiError, classifyError, MetaApiError } from '../cloud-api/index.js';

/** Meta's codes that concern one field of the registration calls, whatever call failed. */
const FIELD_OF_CODE: Record<number, string> = {
  136025: 'code',
  133005: 'pin',
  133006: 'code',
  133008: 'pin',
  133009: 'pin',
};
/** "Number not registered": the number is not in the state the call needs. */
const NOT_REGISTERED = 133010;
/** Meta's limit of 10 registers or deregisters per number in 72 hours. */
const REGISTRATION_RATE_LIMIT = 133016;

/** Who answered, as the messages name it: a refusal by the local sandbox must not be blamed on Meta. */
const PARTY = {
  cloud: { zh: 'Meta', en: 'Meta', api: { zh: 'WhatsApp Cloud API', en: 'The WhatsApp Cloud API' } },
  sandbox: {
    zh: '沙箱',
    en: 'the sandbox',
    api: { zh: '本地沙箱（模拟的 Cloud API）', en: 'The local sandbox (the emulated Cloud API)' },
  },
} as const;

/** Meta's own words: "(#136025) Verify code error: Code could not be verified..." */
function metaText(error: MetaApiError): string {
  const details = error.details && error.details !== error.title ? `: ${error.details}` : '';
  return `(#${error.code}) ${error.title}${details}`;
}

/**
 * A Cloud API failure as the caller should see it: Meta's refusals are 4xx carrying Meta's message
 * and naming the field at fault (`field` unless the code names one); a token Meta refuses is a 400
 * too, never a 401, which would sign the console's user out. A Cloud API that cannot be reached
 * is a 503. The texts name who answered: Meta, or the sandbox for `target` sandbox. Any other
 * error is returned as it is.
 */
export function cloudApiFailure(
  error: unknown,
  field: string,
  tokenField = field,
  target: ImportTarget = 'cloud',
): unknown {
  if (!(error instanceof CloudApiError)) return error;
  const who = PARTY[target];
  if (!(error instanceof MetaApiError)) {
    return new AppError('unavailable', {
      zh: `无法连接 ${who.api.zh}，请稍后重试（${error.message}）`,
      en: `${who.api.en} could not be reached, try again later (${error.message})`,
    });
  }
  const { kind } = classifyError(error);
  const text = metaText(error);
  const at = FIELD_OF_CODE[error.code] ?? (kind === 'auth' && error.code !== NOT_REGISTERED ? tokenField : field);
  if (error.code === REGISTRATION_RATE_LIMIT) {
    // The number itself is at fault, whatever was typed: no PIN or retry helps before the window moves.
    return new AppError('throttled', {
      zh: `${tokenField}: 该号码 72 小时内注册和注销已达 Meta 上限（10 次），请在最早一次满 72 小时后再试（Meta：${text}）`,
      en: `${tokenField}: this number reached Meta's limit of 10 registrations and deregistrations in 72 hours; try again once the oldest is 72 hours old (Meta: ${text})`,
    });
  }
  if (kind === 'rate' || error.code === 133008) {
    return new AppError('throttled', {
      zh: `${at}: 尝试过于频繁，请稍后再试（${who.zh}：${text}）`,
      en: `${at}: too many attempts, try again later (${who.en}: ${text})`,
    });
  }
  if (kind === 'transient') {
    return new AppError('unavailable', {
      zh: `${at}: ${who.zh} 暂时无法处理，请稍后重试（${text}）`,
      en: `${at}: ${who.en} cannot handle this right now, try again later (${text})`,
    });
  }
  if (error.code === NOT_REGISTERED) {
    return new AppError('conflict', {
      zh: `${at}: 该号码未在 Cloud API 注册（${who.zh}：${text}）`,
      en: `${at}: the number is not registered on the Cloud API (${who.en}: ${text})`,
    });
  }
  if (kind === 'auth') {
    return new AppError('invalidInput', {
      zh: `${at}: ${who.zh} 拒绝了访问令牌或权限不足（${text}）`,
      en: `${at}: ${who.en} refused the access token or its permissions (${text})`,
    });
  }
  return new AppError('invalidInput', {
    zh: `${at}: ${who.zh} 拒绝了请求（${text}）`,
    en: `${at}: ${who.en} refused (${text})`,
  });
}
