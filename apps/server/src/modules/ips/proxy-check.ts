import { ProxyAgent, request } from 'undici';
import { checkFailure } from './check-errors.js';

/** How long one check may take, from connecting to the proxy to the Cloud API's reply headers. */
const CHECK_TIMEOUT_MS = 10_000;

export interface ProxyCheck {
  ok: boolean;
  /** Round trip of the whole request through the proxy; null when it failed. */
  ms: number | null;
  /** Why it failed, in the stored form of check-errors.ts. */
  error: string | null;
}

/** Why a check failed; never the proxy URL, which holds the credentials. */
function failureOf(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; code?: string; message?: string; cause?: unknown };
  const cause = failure.cause as { code?: string; message?: string } | undefined;
  const code = failure.code ?? cause?.code;
  const tunnel = /Proxy (?:response|Authentication Required) \((\d+)\)/.exec(failure.message ?? '');
  if (tunnel?.[1] === '407') return checkFailure('proxy_auth');
  if (tunnel) return checkFailure('tunnel', tunnel[1]);
  if (failure.name === 'TimeoutError' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') {
    return checkFailure('timeout', Math.round(timeoutMs / 1000));
  }
  if (code === 'ECONNREFUSED') return checkFailure('refused');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return checkFailure('dns');
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return checkFailure('reset');
  const message = cause?.message ?? failure.message ?? String(error);
  return checkFailure('other', message.replace(/\/\/[^@\s/]*@/g, '//'));
}

/**
 * One request to `targetUrl` (the Cloud API base URL) through the proxy, as the send path makes
 * them: a CONNECT tunnel (undici's ProxyAgent). Any reply below 500 proves the way works, since
 * the Graph API answers a bare GET with an error of its own; 5xx from the far end is reported.
 * A fresh agent each time, so the check measures a new connection rather than a pooled one.
 */
export async function checkThroughProxy(
  proxyUrl: string,
  targetUrl: string,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<ProxyCheck> {
  const agent = new ProxyAgent({
    uri: proxyUrl,
    connect: { timeout: timeoutMs },
    proxyTls: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const started = performance.now();
  const attempt = (async () => {
    const response = await request(targetUrl, { dispatcher: agent, method: 'GET' });
    await response.body.dump();
    return response.statusCode;
  })();
  // undici's own timeouts do not cover the proxy's answer to CONNECT: one deadline for the whole.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), timeoutMs);
  });
  try {
    const statusCode = await Promise.race([attempt, deadline]);
    const ms = Math.max(0, Math.round(performance.now() - started));
    if (statusCode >= 500) {
      return { ok: false, ms, error: checkFailure('upstream', statusCode) };
    }
    return { ok: true, ms, error: null };
  } catch (error) {
    return { ok: false, ms: null, error: failureOf(error, timeoutMs) };
  } finally {
    clearTimeout(timer);
    attempt.catch(() => undefined);
    agent.destroy().catch(() => undefined);
  }
}
