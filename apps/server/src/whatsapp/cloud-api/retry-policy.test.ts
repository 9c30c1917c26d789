import { describe, expect, it } from 'vitest';
import { MetaReplyError, metaErrorFrom, transportErrorFrom } from './errors.js';
import { classifyError, mayHaveBeenSent, RETRY_LIMITS, retryDecision } from './retry-policy.js';

const meta = (code: number, httpStatus = 400, extra: Record<string, unknown> = {}) =>
  metaErrorFrom('POST 1/messages', httpStatus, { error: { message: `(#${code}) title`, code, ...extra } })!;
const low = { random: () => 0 };
const high = { random: () => 0.999999 };

describe('pair rate (131056)', () => {
  it('waits 4^attempt seconds, exactly', () => {
    const delays = [0, 1, 2, 3, 4].map((attempt) => retryDecision(meta(131056), attempt, high));
    expect(delays).toEqual([1, 4, 16, 64, 256].map((s) => ({ retry: true, delayMs: s * 1000, kind: 'pair-rate' })));
  });

  it(`gives up after ${RETRY_LIMITS.pair.attempts} retries`, () => {
    expect(retryDecision(meta(131056), 5)).toMatchObject({
      retry: false,
      kind: 'pair-rate',
      reason: expect.stringMatching(/gave up/),
    });
  });
});

describe('throughput and other rate limits', () => {
  it.each([130429, 80007, 133016, 4, 613])('%i backs off exponentially with jitter, capped at a minute', (code) => {
    expect(retryDecision(meta(code), 0, low)).toEqual({ retry: true, delayMs: 500, kind: 'rate' });
    expect(retryDecision(meta(code), 0, high)).toEqual({ retry: true, delayMs: 1000, kind: 'rate' });
    expect(retryDecision(meta(code), 3, low)).toEqual({ retry: true, delayMs: 4000, kind: 'rate' });
    expect(retryDecision(meta(code), 7, high)).toEqual({ retry: true, delayMs: 60_000, kind: 'rate' });
    expect(retryDecision(meta(code), 8)).toMatchObject({ retry: false, kind: 'rate' });
  });

  it('spreads retries over the jitter range', () => {
    const delays = [0, 0.25, 0.5, 0.75].map(
      (r) => (retryDecision(meta(130429), 2, { random: () => r }) as { delayMs: number }).delayMs,
    );
    expect(delays).toEqual([2000, 2500, 3000, 3500]);
  });

  it('an unknown code with HTTP 429 is a rate limit', () => {
    expect(retryDecision(meta(999_001, 429), 0, low)).toEqual({ retry: true, delayMs: 500, kind: 'rate' });
  });
});

describe('transient failures', () => {
  it.each([1, 2, 131000, 131016, 131057, 133004])('%i retries with capped backoff', (code) => {
    expect(retryDecision(meta(code, 500), 0, low)).toEqual({ retry: true, delayMs: 250, kind: 'transient' });
    expect(retryDecision(meta(code, 500), 4, high)).toEqual({ retry: true, delayMs: 8000, kind: 'transient' });
    expect(retryDecision(meta(code, 500), 5)).toMatchObject({ retry: false });
  });

  it('an unknown code with a 5xx status, or marked transient by Graph, retries', () => {
    expect(retryDecision(meta(999_002, 503), 0)).toMatchObject({ retry: true, kind: 'transient' });
    expect(retryDecision(meta(999_003, 400, { is_transient: true }), 0)).toMatchObject({
      retry: true,
      kind: 'transient',
    });
  });

  it('no answer at all retries, and so does a foreign 5xx page', () => {
    const refused = transportErrorFrom('POST x', Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    expect(retryDecision(refused, 0, low)).toEqual({ retry: true, delayMs: 250, kind: 'transient' });
    expect(retryDecision(new MetaReplyError('POST x', 503, 'not-json', '<html>'), 1, low)).toMatchObject({
      retry: true,
      delayMs: 500,
    });
    expect(retryDecision(new MetaReplyError('POST x', 429, 'not-json', ''), 0)).toMatchObject({
      retry: true,
      kind: 'rate',
    });
  });
});

describe('final errors', () => {
  const finals: [number, string][] = [
    [131026, 'recipient'],
    [131047, 'window'],
    [131049, 'recipient'],
    [131050, 'opted-out'],
    [131051, 'invalid'],
    [131052, 'invalid'],
    [131053, 'invalid'],
    [132000, 'template'],
    [132001, 'template'],
    [132005, 'template'],
    [132007, 'template'],
    [132012, 'template'],
    [132015, 'template'],
    [132016, 'template'],
    [132068, 'template'],
    [132069, 'template'],
    [190, 'auth'],
    [368, 'policy'],
    [131031, 'policy'],
    [131048, 'policy'],
    [100, 'invalid'],
    [131008, 'invalid'],
    [131009, 'invalid'],
    [131021, 'recipient'],
    [10, 'auth'],
    [200, 'auth'],
    [250, 'auth'],
    [299, 'auth'],
    [133010, 'auth'],
  ];

  it.each(finals)('%i is final (%s), even on a 5xx status', (code, kind) => {
    expect(retryDecision(meta(code), 0)).toMatchObject({ retry: false, kind });
    expect(retryDecision(meta(code, 500), 0)).toMatchObject({ retry: false, kind });
    expect(classifyError(meta(code)).why).not.toBe('');
  });

  it('an unknown code with a 4xx status is not retried blindly', () => {
    expect(retryDecision(meta(999_004), 0)).toMatchObject({
      retry: false,
      kind: 'invalid',
      reason: expect.stringMatching(/999004/),
    });
  });

  it('something that is not a Cloud API failure is not retried', () => {
    expect(retryDecision(new TypeError('x is undefined'), 0)).toMatchObject({ retry: false, kind: 'unexpected' });
    expect(retryDecision('boom', 0)).toMatchObject({ retry: false, kind: 'unexpected' });
  });
});

describe('whether a failed send may have gone (mayHaveBeenSent)', () => {
  const transport = (code: string) => transportErrorFrom('POST 1/messages', Object.assign(new Error(code), { code }));

  it.each([
    ['UND_ERR_HEADERS_TIMEOUT', /no answer.*timeout/],
    ['UND_ERR_BODY_TIMEOUT', /no answer.*timeout/],
    ['ECONNRESET', /no answer.*reset/],
    ['UND_ERR_SOCKET', /no answer.*reset/],
  ])('a request written but not answered (%s) may have', (code, why) => {
    expect(mayHaveBeenSent(transport(code))).toMatch(why);
  });

  it('a 5xx without a code of Meta meaning, or any reply that is not Meta’s, may have', () => {
    expect(mayHaveBeenSent(meta(131000, 500))).toMatch(/HTTP 500.*131000/);
    expect(mayHaveBeenSent(meta(1, 503))).toMatch(/HTTP 503/);
    expect(mayHaveBeenSent(meta(999_002, 502))).toMatch(/HTTP 502/);
    expect(mayHaveBeenSent(new MetaReplyError('POST x', 502, 'not-json', '<html>'))).toMatch(/HTTP 502 \(not-json\)/);
    expect(mayHaveBeenSent(new MetaReplyError('POST x', 200, 'unexpected-shape', 'messages'))).toMatch(/HTTP 200/);
  });

  it.each([
    ['ECONNREFUSED'],
    ['ENOTFOUND'],
    ['EAI_AGAIN'],
    ['UND_ERR_CONNECT_TIMEOUT'],
    ['ERR_TLS_CERT_ALTNAME_INVALID'],
  ])('a failure before the request was written (%s) proves it did not', (code) => {
    expect(mayHaveBeenSent(transport(code))).toBeNull();
  });

  it("Meta's own refusals prove it did not, even on a 5xx status", () => {
    for (const code of [130429, 131056, 4, 80007, 131049, 131048, 132015, 131050, 131026]) {
      expect(mayHaveBeenSent(meta(code))).toBeNull();
      expect(mayHaveBeenSent(meta(code, 500))).toBeNull();
    }
    expect(mayHaveBeenSent(meta(131000, 400))).toBeNull();
    expect(mayHaveBeenSent(meta(999_001, 429))).toBeNull();
    expect(mayHaveBeenSent(new MetaReplyError('POST x', 429, 'not-json', ''))).toBeNull();
    expect(mayHaveBeenSent(new TypeError('a bug before the request'))).toBeNull();
  });
});
