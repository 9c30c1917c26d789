import { describe, expect, it } from 'vitest';
import { MetaReplyError, metaErrorFrom, transportErrorFrom } from '../cloud-api/errors.js';
import { sendVerdict } from './cloud-api-transport.js';

const meta = (code: number, httpStatus = 400) =>
  metaErrorFrom('POST 1/messages', httpStatus, { error: { message: `(#${code}) title`, code } })!;
const transport = (code: string) => transportErrorFrom('POST 1/messages', Object.assign(new Error(code), { code }));

describe('what a failed send means for the lane', () => {
  it('a send that may have gone is unknown, never retried', () => {
    for (const error of [
      transport('UND_ERR_HEADERS_TIMEOUT'),
      transport('ECONNRESET'),
      meta(131000, 500),
      new MetaReplyError('POST 1/messages', 503, 'not-json', '<html>'),
    ]) {
      expect(sendVerdict(error, 1)).toMatchObject({ kind: 'unknown', title: expect.any(String) });
    }
  });

  it('retries only what proves nothing was sent: no connection, throughput, pair rate, rate limits', () => {
    expect(sendVerdict(transport('ECONNREFUSED'), 1)).toMatchObject({ kind: 'retry' });
    expect(sendVerdict(transport('ENOTFOUND'), 1)).toMatchObject({ kind: 'retry' });
    expect(sendVerdict(meta(130429, 429), 1)).toMatchObject({ kind: 'retry', throughput: true, code: 130429 });
    expect(sendVerdict(meta(131056), 1)).toMatchObject({ kind: 'retry', pairRate: true, delayMs: 1000 });
    expect(sendVerdict(meta(4), 1)).toMatchObject({ kind: 'retry', throughput: true });
    expect(sendVerdict(meta(80007), 1)).toMatchObject({ kind: 'retry', throughput: true });
  });

  it('131049 (per-user marketing cap) is a failure of that message only: no opt-out, no pause', () => {
    expect(sendVerdict(meta(131049), 1)).toEqual({
      kind: 'failed',
      code: 131049,
      title: expect.any(String),
      optedOut: false,
      pauseNumber: null,
    });
  });

  it('131048 (spam rate limit) pauses the number; 131050 opts the contact out; 132015 fails the message', () => {
    expect(sendVerdict(meta(131048), 1)).toMatchObject({
      kind: 'failed',
      code: 131048,
      pauseNumber: 'spam_rate_limit',
    });
    expect(sendVerdict(meta(131050), 1)).toMatchObject({ kind: 'failed', optedOut: true, pauseNumber: null });
    expect(sendVerdict(meta(132015), 1)).toMatchObject({ kind: 'failed', code: 132015, pauseNumber: null });
    expect(sendVerdict(meta(190, 401), 1)).toMatchObject({ pauseNumber: 'token_or_registration_refused' });
  });
});
