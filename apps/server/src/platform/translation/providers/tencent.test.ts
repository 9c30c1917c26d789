import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../test/fake-provider.js';
import type { Translator } from '../translator.js';
import { createTencent, TENCENT_BATCH_CHARACTERS } from './tencent.js';
import { tc3Authorization } from './tencent-signature.js';

const SECRET_ID = 'AKIDtest';
const SECRET_KEY = 'secret-key';
const NOW = Date.UTC(2026, 10, 26, 8, 0, 0);

describe('TC3-HMAC-SHA256', () => {
  it("signs Tencent's documented example (DescribeInstances, 2019-02-25) to its documented signature", () => {
    expect(
      tc3Authorization({
        secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
        secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
        service: 'cvm',
        host: 'cvm.tencentcloudapi.com',
        contentType: 'application/json; charset=utf-8',
        body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
        timestamp: 1551113065,
      }),
    ).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });
});

/**
 * TMT as documented: HTTP 200 always, `Response.Error` on failure. The fake checks that what was
 * signed is what arrived (body bytes, host, content type, timestamp).
 */
function tmt(request: RecordedRequest) {
  const expected = tc3Authorization({
    secretId: SECRET_ID,
    secretKey: SECRET_KEY,
    service: 'tmt',
    host: String(request.headers.host),
    contentType: String(request.headers['content-type']),
    body: request.text,
    timestamp: Number(request.headers['x-tc-timestamp']),
  });
  if (request.headers.authorization !== expected) {
    return {
      json: {
        Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature mismatch' }, RequestId: 'r0' },
      },
    };
  }
  const body = request.json;
  switch (request.headers['x-tc-action']) {
    case 'TextTranslateBatch':
      return {
        json: {
          Response: {
            Source: body.Source === 'auto' ? 'en' : body.Source,
            Target: body.Target,
            TargetTextList: body.SourceTextList.map((text: string) => `${body.Target}|${text}`),
            RequestId: 'r1',
          },
        },
      };
    case 'TextTranslate':
      return {
        json: {
          Response: {
            Source: 'ja',
            Target: body.Target,
            TargetText: `${body.Target}|${body.SourceText}`,
            RequestId: 'r2',
          },
        },
      };
    case 'LanguageDetect':
      return { json: { Response: { Lang: 'th', RequestId: 'r3' } } };
    default:
      return {
        json: {
          Response: {
            Error: { Code: 'UnauthorizedOperation.ActionNotFound', Message: '请填写正确的Action字段名称' },
            RequestId: 'r4',
          },
        },
      };
  }
}

let fake: FakeProvider;
let translator: Translator;

beforeAll(async () => {
  fake = await startFakeProvider(tmt);
  translator = createTencent(
    { baseUrl: fake.url, apiKey: SECRET_KEY, secretId: SECRET_ID, region: 'ap-shanghai', timeoutMs: 2000 },
    () => NOW,
  );
});
afterAll(async () => {
  await translator.close();
  await fake.close();
});

describe('the Tencent TMT client', () => {
  it('sends several texts to TextTranslateBatch, signed, with the X-TC headers', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({ texts: ['Hello', 'See you'], source: 'auto', target: 'zh' });
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/');
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': 'TextTranslateBatch',
      'x-tc-version': '2018-03-21',
      'x-tc-region': 'ap-shanghai',
      'x-tc-timestamp': String(NOW / 1000),
    });
    expect(request?.headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDtest\/2026-11-26\/tmt\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/,
    );
    expect(request?.json).toEqual({ Source: 'auto', Target: 'zh', ProjectId: 0, SourceTextList: ['Hello', 'See you'] });
    expect(results).toEqual([
      { text: 'zh|Hello', detectedSource: 'en', billedCharacters: 5 },
      { text: 'zh|See you', detectedSource: 'en', billedCharacters: 7 },
    ]);
  });

  it('sends one text to TextTranslate, with protected spans as numbered placeholders', async () => {
    fake.requests.length = 0;
    const [result] = await translator.translate({
      texts: ['注文 A-100 は https://t.example/9 で'],
      source: 'ja',
      target: 'en',
    });
    expect(fake.requests[0]?.headers['x-tc-action']).toBe('TextTranslate');
    expect(fake.requests[0]?.json).toEqual({
      Source: 'ja',
      Target: 'en',
      ProjectId: 0,
      SourceText: '注文 {{0}} は {{1}} で',
    });
    expect(result).toEqual({
      text: 'en|注文 A-100 は https://t.example/9 で',
      detectedSource: 'ja',
      billedCharacters: 18,
    });
  });

  it('splits batches that would reach the 2000-character limit', async () => {
    fake.requests.length = 0;
    const long = 'a'.repeat(TENCENT_BATCH_CHARACTERS - 10);
    const results = await translator.translate({
      texts: [long, 'b'.repeat(20), 'c'.repeat(5)],
      source: 'en',
      target: 'fr',
    });
    expect(fake.requests.map((request) => request.headers['x-tc-action'])).toEqual([
      'TextTranslate',
      'TextTranslateBatch',
    ]);
    expect(results.map((result) => result.text.slice(0, 4))).toEqual(['fr|a', 'fr|b', 'fr|c']);
  });

  it('turns Response.Error (HTTP 200) into a TranslationError by its code', async () => {
    fake.answer(() => ({
      json: {
        Response: { Error: { Code: 'FailedOperation.NoFreeAmount', Message: '本月免费额度已用完' }, RequestId: 'x' },
      },
    }));
    await expect(translator.translate({ texts: ['a', 'b'], source: 'en', target: 'zh' })).rejects.toMatchObject({
      provider: 'tencent',
      failure: 'quota',
      detail: 'FailedOperation.NoFreeAmount: 本月免费额度已用完',
    });
    fake.answer(tmt);
    const wrongKey = createTencent({ baseUrl: fake.url, apiKey: 'other', secretId: SECRET_ID, timeoutMs: 2000 });
    await expect(wrongKey.translate({ texts: ['a'], source: 'en', target: 'zh' })).rejects.toMatchObject({
      failure: 'auth',
    });
    await wrongKey.close();
  });

  it('detects with LanguageDetect and lists its documented languages', async () => {
    expect(await translator.detect('สวัสดีครับ')).toEqual({ language: 'th', providerCode: 'th', confidence: undefined });
    expect(fake.requests.at(-1)?.json).toEqual({ Text: 'สวัสดีครับ', ProjectId: 0 });
    expect(await translator.languages()).toContain('zh-TW');
  });
});
