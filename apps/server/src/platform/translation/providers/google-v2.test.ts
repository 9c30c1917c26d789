import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../test/fake-provider.js';
import type { Translator } from '../translator.js';
import { createGoogleV2 } from './google-v2.js';

const V2 = '/language/translate/v2';

/** Cloud Translation Basic as documented: `data.translations[]`, errors as `{ error: { code, message } }`. */
function googleV2(request: RecordedRequest) {
  if (request.query.get('key') !== 'g-key') {
    return { status: 400, json: { error: { code: 400, message: 'API key not valid. Please pass a valid API key.' } } };
  }
  if (request.method === 'POST' && request.path === V2) {
    const q: string[] = request.json.q;
    // In HTML mode Google answers entities; in text mode plain text.
    const apostrophe = request.json.format === 'html' ? '&#39;' : "'";
    return {
      json: {
        data: {
          translations: q.map((text) => ({
            translatedText: `${request.json.target}${apostrophe} ${text}`,
            ...(request.json.source ? {} : { detectedSourceLanguage: 'es' }),
          })),
        },
      },
    };
  }
  if (request.method === 'POST' && request.path === `${V2}/detect`) {
    return { json: { data: { detections: [[{ language: 'zh-TW', confidence: 0.98, isReliable: false }]] } } };
  }
  if (request.method === 'GET' && request.path === `${V2}/languages`) {
    return {
      json: {
        data: { languages: ['en', 'es', 'zh-CN', 'zh-TW', 'iw'].map((language) => ({ language, name: language })) },
      },
    };
  }
  return { status: 404, json: { error: { code: 404, message: 'Not Found' } } };
}

let fake: FakeProvider;
let translator: Translator;

beforeAll(async () => {
  fake = await startFakeProvider(googleV2);
  translator = createGoogleV2({ baseUrl: fake.url, apiKey: 'g-key', timeoutMs: 2000 });
});
afterAll(async () => {
  await translator.close();
  await fake.close();
});

describe('the Google Cloud Translation v2 client', () => {
  it('sends plain messages with format=text and the key as a parameter', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({ texts: ['Hola', 'Adiós\nhasta luego'], source: 'auto', target: 'zh' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(V2);
    expect(request?.query.get('key')).toBe('g-key');
    // Line breaks need no markup here: format=text keeps them.
    expect(request?.json).toEqual({ q: ['Hola', 'Adiós\nhasta luego'], target: 'zh-CN', format: 'text' });
    expect(results).toEqual([
      { text: "zh-CN' Hola", detectedSource: 'es', billedCharacters: 4 },
      { text: "zh-CN' Adiós\nhasta luego", detectedSource: 'es', billedCharacters: 17 },
    ]);
  });

  it('sends texts with protected spans as format=html with translate="no" and reads its entities back', async () => {
    fake.requests.length = 0;
    const [result] = await translator.translate({
      texts: ['Pague en https://pay.example/x'],
      source: 'es',
      target: 'en',
    });
    const [request] = fake.requests;
    expect(request?.json).toEqual({
      q: ['Pague en <span translate="no" class="notranslate">https://pay.example/x</span>'],
      target: 'en',
      source: 'es',
      format: 'html',
    });
    expect(result).toEqual({
      text: "en' Pague en https://pay.example/x",
      detectedSource: 'es',
      // Every character sent, markup included.
      billedCharacters: request?.json.q[0].length,
    });
  });

  it("answers Google's error message", async () => {
    const wrongKey = createGoogleV2({ baseUrl: fake.url, apiKey: 'nope', timeoutMs: 2000 });
    await expect(wrongKey.translate({ texts: ['Hola'], source: 'auto', target: 'en' })).rejects.toMatchObject({
      provider: 'google-v2',
      failure: 'rejected',
      httpStatus: 400,
      detail: 'API key not valid. Please pass a valid API key.',
    });
    await wrongKey.close();
  });

  it('detects with /detect and lists /languages', async () => {
    expect(await translator.detect('這是什麼')).toEqual({ language: 'zh-TW', providerCode: 'zh-TW', confidence: 0.98 });
    expect(fake.requests.at(-1)?.json).toEqual({ q: ['這是什麼'] });
    expect(await translator.languages()).toEqual(['zh', 'zh-TW', 'en', 'es']);
    expect(fake.requests.at(-1)?.query.get('target')).toBe('en');
  });
});
