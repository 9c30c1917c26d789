import type { Language } from '@ws/contract';
import type { LocalizedText } from '../../platform/http/errors.js';

/**
 * Why a health check failed is stored as `kind[:detail]` and put in words in the caller's
 * language when it is read, so the same result reads right on a Chinese and an English screen.
 */
const FAILURES = {
  proxy_auth: () => ({
    zh: '代理认证失败（407）：请检查用户名和密码',
    en: 'proxy authentication failed (407): check the user name and password',
  }),
  tunnel: (status: string) => ({
    zh: `代理拒绝建立隧道（HTTP ${status}）`,
    en: `the proxy refused the tunnel (HTTP ${status})`,
  }),
  timeout: (seconds: string) => ({ zh: `${seconds} 秒内没有响应`, en: `no answer within ${seconds} s` }),
  refused: () => ({
    zh: '连接被拒绝：该地址和端口上没有代理在监听',
    en: 'connection refused: nothing listens at this address and port',
  }),
  dns: () => ({ zh: '代理主机名无法解析', en: 'the proxy host name does not resolve' }),
  reset: () => ({ zh: '连接被代理关闭', en: 'the connection was closed by the proxy' }),
  upstream: (status: string) => ({
    zh: `经此代理访问 Cloud API 时对方返回 HTTP ${status}`,
    en: `the Cloud API answered HTTP ${status} through this proxy`,
  }),
} satisfies Record<string, (detail: string) => LocalizedText>;

export type CheckFailureKind = keyof typeof FAILURES | 'other';

/** The stored form of a failure; `other` keeps the error's own message as its detail. */
export const checkFailure = (kind: CheckFailureKind, detail: string | number = ''): string =>
  `${kind}${detail === '' ? '' : `:${detail}`}`.slice(0, 300);

export function checkErrorText(stored: string | null, language: Language): string | null {
  if (stored === null) return null;
  const at = stored.indexOf(':');
  const kind = at < 0 ? stored : stored.slice(0, at);
  const detail = at < 0 ? '' : stored.slice(at + 1);
  const failure = FAILURES[kind as keyof typeof FAILURES];
  return failure ? failure(detail)[language] : detail || stored;
}
