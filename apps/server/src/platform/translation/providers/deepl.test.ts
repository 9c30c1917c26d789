import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../test/fake-provider.js';
import type { Translator } from '../translator.js';
import { createDeepl, DEEPL_FREE_URL, DEEPL_PRO_URL, deeplBaseUrl } from './deepl.js';

/** DeepL v2 as documented: `translations[]` with `detected_source_language`, `text` and, when asked, `billed_characters`. */
function deepl(request: RecordedRequest) {
  if (request.headers.authorization !== 'DeepL-Auth-Key key-1:fx')
    return { status: 403, json: { message: 'Forbidden' } };
  if (request.method === 'POST' && request.path === '/v2/translate') {
    const texts: string[] = request.json.text;
    return {
      json: {
        translations: texts.map((text) => ({
          detected_source_language: request.json.source_lang ?? 'ZH',
          text: `[${request.json.target_lang}] ${text}`,
          ...(text.startsWith('no-count') ? {} : { billed_characters: 100 + text.length }),
        })),
      },
    };
  }
  if (request.method === 'GET' && request.path === '/v2/languages') {
    return {
      json: ['DE', 'EN-US', 'EN-GB', 'PT-BR', 'ZH-HANS', 'ZH-HANT', 'NB'].map((language) => ({
        language,
        name: language,
      })),
    };
  }
  return { status: 404, json: { message: 'Not found' } };
}

let fake: FakeProvider;
let translator: Translator;

beforeAll(async () => {
  fake = await startFakeProvider(deepl);
  translator = createDeepl({ baseUrl: fake.url, apiKey: 'key-1:fx', timeoutMs: 2000 });
});
afterAll(async () => {
  await translator.close();
  await fake.close();
});

describe('the DeepL client', () => {
  it('calls the free host for a key ending in :fx and the pro host otherwise', () => {
    expect(deeplBaseUrl('0a1b:fx')).toBe(DEEPL_FREE_URL);
    expect(DEEPL_FREE_URL).toBe('https://api-free.deepl.com');
    expect(deeplBaseUrl('0a1b')).toBe(DEEPL_PRO_URL);
    expect(DEEPL_PRO_URL).toBe('https://api.deepl.com');
  });

  it('sends the batch as text with DeepL-Auth-Key, the target variant and show_billed_characters', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({ texts: ['你好', '谢谢'], source: 'auto', target: 'en' });
    const [request] = fake.requests;
    expect(request?.path).toBe('/v2/translate');
    expect(request?.headers.authorization).toBe('DeepL-Auth-Key key-1:fx');
    expect(request?.json).toEqual({ text: ['你好', '谢谢'], target_lang: 'EN-US', show_billed_characters: true });
    expect(results).toEqual([
      { text: '[EN-US] 你好', detectedSource: 'zh', billedCharacters: 102 },
      { text: '[EN-US] 谢谢', detectedSource: 'zh', billedCharacters: 102 },
    ]);
  });

  it('sends protected spans as <x> with tag_handling xml and ignore_tags x, and a source without variant', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({
      texts: ['Pedido ORD-9 & <b>', 'no-count 👍 olá'],
      source: 'pt',
      target: 'zh-TW',
    });
    const markup = fake.requests.find((request) => request.json.tag_handling);
    expect(markup?.json).toEqual({
      text: ['Pedido <x>ORD-9</x> &amp; &lt;b&gt;'],
      source_lang: 'PT',
      target_lang: 'ZH-HANT',
      tag_handling: 'xml',
      ignore_tags: ['x'],
      show_billed_characters: true,
    });
    expect(results[0]?.text).toBe('[ZH-HANT] Pedido ORD-9 & <b>');
    // Without DeepL's own count: the source's code points, as DeepL counts them (the emoji is one).
    expect(results[1]?.billedCharacters).toBe(14);
    expect(results[1]?.detectedSource).toBe('pt');
  });

  it('maps the quota reply 456 and a refused key', async () => {
    fake.answer(() => ({ status: 456, json: { message: 'Quota exceeded' } }));
    await expect(translator.translate({ texts: ['a'], source: 'en', target: 'de' })).rejects.toMatchObject({
      provider: 'deepl',
      failure: 'quota',
      detail: 'Quota exceeded',
      httpStatus: 456,
    });
    fake.answer(deepl);
    const wrongKey = createDeepl({ baseUrl: fake.url, apiKey: 'other', timeoutMs: 2000 });
    await expect(wrongKey.translate({ texts: ['a'], source: 'en', target: 'de' })).rejects.toMatchObject({
      failure: 'auth',
    });
    await wrongKey.close();
  });

  it('lists target languages and detects locally (DeepL has no detection call)', async () => {
    fake.requests.length = 0;
    expect(await translator.languages()).toEqual(['zh', 'zh-TW', 'en', 'pt', 'de']);
    expect(fake.requests[0]?.url).toBe('/v2/languages?type=target');
    const detected = await translator.detect('Guten Tag, wann kommt meine Bestellung an?');
    expect(detected.language).toBe('de');
    expect(fake.requests).toHaveLength(1);
  });
});
