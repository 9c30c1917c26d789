import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../test/fake-provider.js';
import type { Translator } from '../translator.js';
import { createAzure } from './azure.js';

/** Azure Translator v3.0 as documented: an array in, an array of `{ detectedLanguage?, translations }` out. */
function azure(request: RecordedRequest) {
  if (request.path === '/languages' && request.method === 'GET') {
    return {
      json: {
        translation: { en: { name: 'English' }, 'zh-Hans': { name: 'Chinese Simplified' }, 'zh-Hant': {}, tlh: {} },
      },
    };
  }
  if (request.headers['ocp-apim-subscription-key'] !== 'az-key') {
    return {
      status: 401,
      json: {
        error: { code: 401000, message: 'The request is not authorized because credentials are missing or invalid.' },
      },
    };
  }
  if (request.query.get('api-version') !== '3.0')
    return { status: 400, json: { error: { code: 400021, message: 'bad version' } } };
  if (request.method === 'POST' && request.path === '/translate') {
    const to = request.query.get('to');
    return {
      json: request.json.map((item: { Text: string }) => ({
        ...(request.query.has('from') ? {} : { detectedLanguage: { language: 'zh-Hans', score: 1.0 } }),
        translations: [{ text: `(${to}) ${item.Text}`, to }],
      })),
    };
  }
  if (request.method === 'POST' && request.path === '/detect') {
    return { json: [{ language: 'vi', score: 0.92, isTranslationSupported: true, isTransliterationSupported: false }] };
  }
  return { status: 404, json: { error: { code: 404001, message: 'The requested resource was not found.' } } };
}

let fake: FakeProvider;
let translator: Translator;

beforeAll(async () => {
  fake = await startFakeProvider(azure);
  translator = createAzure({ baseUrl: fake.url, apiKey: 'az-key', region: 'eastasia', timeoutMs: 2000 });
});
afterAll(async () => {
  await translator.close();
  await fake.close();
});

describe('the Azure Translator client', () => {
  it('posts an array of { Text } to /translate?api-version=3.0&to=… with the key and region headers', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({ texts: ['你好', '订单什么时候到？'], source: 'auto', target: 'en' });
    const [request] = fake.requests;
    expect(request?.path).toBe('/translate');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ 'api-version': '3.0', to: 'en' });
    expect(request?.headers['ocp-apim-subscription-key']).toBe('az-key');
    expect(request?.headers['ocp-apim-subscription-region']).toBe('eastasia');
    expect(request?.json).toEqual([{ Text: '你好' }, { Text: '订单什么时候到？' }]);
    expect(results).toEqual([
      { text: '(en) 你好', detectedSource: 'zh', billedCharacters: 2 },
      { text: '(en) 订单什么时候到？', detectedSource: 'zh', billedCharacters: 8 },
    ]);
  });

  it('sends protected spans with textType=html and class="notranslate", and bills the markup Azure counts', async () => {
    fake.requests.length = 0;
    const [result] = await translator.translate({ texts: ['Mã đơn {{1}} đã gửi'], source: 'vi', target: 'zh-TW' });
    const [request] = fake.requests;
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      'api-version': '3.0',
      to: 'zh-Hant',
      from: 'vi',
      textType: 'html',
    });
    const sent = 'Mã đơn <span translate="no" class="notranslate">{{1}}</span> đã gửi';
    expect(request?.json).toEqual([{ Text: sent }]);
    expect(result).toEqual({
      text: '(zh-Hant) Mã đơn {{1}} đã gửi',
      detectedSource: 'vi',
      billedCharacters: [...sent].length,
    });
  });

  it('keeps each request under 50 000 characters, in order', async () => {
    fake.requests.length = 0;
    const texts = Array.from(
      { length: 12 },
      (_, index) => `${'é'.repeat(4990)} text ${String.fromCharCode(97 + index)}`,
    );
    const results = await translator.translate({ texts, source: 'fr', target: 'en' });
    expect(fake.requests.map((request) => request.json.length)).toEqual([10, 2]);
    expect(results.map((result) => result.text.at(-1))).toEqual([...'abcdefghijkl']);
  });

  it("answers Azure's error code and message", async () => {
    const wrongKey = createAzure({ baseUrl: fake.url, apiKey: 'wrong', timeoutMs: 2000 });
    await expect(wrongKey.translate({ texts: ['a'], source: 'en', target: 'es' })).rejects.toMatchObject({
      provider: 'azure',
      failure: 'auth',
      httpStatus: 401,
      detail: '401000 The request is not authorized because credentials are missing or invalid.',
    });
    await wrongKey.close();
  });

  it('detects with /detect and lists /languages?scope=translation', async () => {
    expect(await translator.detect('Xin chào')).toEqual({ language: 'vi', providerCode: 'vi', confidence: 0.92 });
    expect(fake.requests.at(-1)?.json).toEqual([{ Text: 'Xin chào' }]);
    expect(await translator.languages()).toEqual(['zh', 'zh-TW', 'en']);
    expect(Object.fromEntries(fake.requests.at(-1)?.query ?? [])).toEqual({
      'api-version': '3.0',
      scope: 'translation',
    });
  });
});
