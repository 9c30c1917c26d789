import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../test/fake-provider.js';
import { TranslationError } from '../translation-error.js';
import type { Translator } from '../translator.js';
import { createLibreTranslate } from './libretranslate.js';

/** LibreTranslate as its API documentation shows it: a list `q` answers a list `translatedText`. */
function libreTranslate(request: RecordedRequest) {
  if (request.method === 'GET' && request.path === '/languages') {
    return { json: ['en', 'es', 'zh-Hans', 'zh-Hant', 'nl'].map((code) => ({ code, name: code, targets: [] })) };
  }
  if (request.method === 'POST' && request.path === '/translate') {
    const q: string[] = request.json.q;
    return {
      json: {
        translatedText: q.map((text) => `[${request.json.target}] ${text}`),
        ...(request.json.source === 'auto'
          ? { detectedLanguage: q.map(() => ({ confidence: 90, language: 'en' })) }
          : {}),
      },
    };
  }
  if (request.method === 'POST' && request.path === '/detect') return { json: [{ confidence: 87.5, language: 'es' }] };
  return { status: 404, json: { error: 'Not Found' } };
}

let fake: FakeProvider;
let translator: Translator;

beforeAll(async () => {
  fake = await startFakeProvider(libreTranslate);
  translator = createLibreTranslate(
    { baseUrl: `${fake.url}/`, apiKey: 'lt-key', timeoutMs: 2000 },
    { provider: 'libretranslate', simulated: false },
  );
});
afterAll(async () => {
  await translator.close();
  await fake.close();
});

const translateRequests = () => fake.requests.filter((request) => request.path === '/translate');

describe('the LibreTranslate client', () => {
  it('sends the batch as q with source, target, format text and api_key, and reads translatedText', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({ texts: ['Hello', 'Good morning'], source: 'auto', target: 'es' });
    expect(translateRequests()).toHaveLength(1);
    const [request] = translateRequests();
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json).toEqual({
      q: ['Hello', 'Good morning'],
      source: 'auto',
      target: 'es',
      format: 'text',
      api_key: 'lt-key',
    });
    expect(results).toEqual([
      { text: '[es] Hello', detectedSource: 'en', billedCharacters: 5 },
      { text: '[es] Good morning', detectedSource: 'en', billedCharacters: 12 },
    ]);
  });

  it('sends texts with protected spans as HTML with translate="no", in their own request, and restores them', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({
      texts: ['Your order ORD-77 & gift', 'Thanks'],
      source: 'en',
      target: 'es',
    });
    const [plain, html] = translateRequests();
    expect(html?.json).toMatchObject({
      q: ['Your order <span translate="no" class="notranslate">ORD-77</span> &amp; gift'],
      source: 'en',
      format: 'html',
    });
    expect(plain?.json).toMatchObject({ q: ['Thanks'], format: 'text' });
    expect(results.map((result) => result.text)).toEqual(['[es] Your order ORD-77 & gift', '[es] Thanks']);
    expect(results[0]?.detectedSource).toBe('en');
  });

  it("spells Chinese as the server's language list does (zh-Hans, zh-Hant), asking for the list once", async () => {
    fake.requests.length = 0;
    await translator.translate({ texts: ['Hello'], source: 'en', target: 'zh' });
    await translator.translate({ texts: ['Hello'], source: 'zh-TW', target: 'en' });
    expect(translateRequests().map((request) => [request.json.source, request.json.target])).toEqual([
      ['en', 'zh-Hans'],
      ['zh-Hant', 'en'],
    ]);
    expect(fake.requests.filter((request) => request.path === '/languages').length).toBeLessThanOrEqual(1);
  });

  it('turns an error reply into a TranslationError with its message', async () => {
    fake.answer(() => ({ status: 400, json: { error: 'xx is not supported' } }));
    const failure = await translator.translate({ texts: ['Hello'], source: 'en', target: 'es' }).catch((e) => e);
    expect(failure).toBeInstanceOf(TranslationError);
    expect(failure).toMatchObject({ provider: 'libretranslate', failure: 'rejected', httpStatus: 400 });
    expect(failure.detail).toBe('xx is not supported');
    fake.answer(() => ({ status: 403, json: { error: 'Invalid API key' } }));
    await expect(translator.translate({ texts: ['Hi'], source: 'en', target: 'es' })).rejects.toMatchObject({
      failure: 'auth',
    });
    fake.answer(() => ({ json: { unexpected: true } }));
    await expect(translator.translate({ texts: ['Hi'], source: 'en', target: 'es' })).rejects.toMatchObject({
      failure: 'bad_reply',
    });
    // A provider that dropped a protected code: an error, never the changed text.
    fake.answer((request) => ({ json: { translatedText: request.json.q.map(() => 'Su pedido') } }));
    await expect(translator.translate({ texts: ['Order ORD-77'], source: 'en', target: 'es' })).rejects.toMatchObject({
      failure: 'bad_reply',
    });
    fake.answer(libreTranslate);
  });

  it('fails as unreachable when nothing answers', async () => {
    const closed = await startFakeProvider(libreTranslate);
    await closed.close();
    const lost = createLibreTranslate(
      { baseUrl: closed.url, timeoutMs: 500 },
      { provider: 'sandbox', simulated: true },
    );
    await expect(lost.translate({ texts: ['Hi'], source: 'en', target: 'es' })).rejects.toMatchObject({
      provider: 'sandbox',
      failure: 'unreachable',
    });
    await lost.close();
  });

  it('gives up on a provider that does not answer within the timeout', async () => {
    const silent = await startFakeProvider(() => ({ hang: true }));
    const waiting = createLibreTranslate(
      { baseUrl: silent.url, timeoutMs: 200 },
      { provider: 'libretranslate', simulated: false },
    );
    const failure = await waiting.translate({ texts: ['Hi'], source: 'en', target: 'es' }).catch((error) => error);
    expect(failure).toMatchObject({ provider: 'libretranslate', failure: 'unreachable' });
    expect(failure.detail).toMatch(/HeadersTimeoutError/);
    await waiting.close();
    await silent.close();
  });

  it('detects through /detect and lists the product languages it has', async () => {
    expect(await translator.detect('Hola, ¿qué tal?')).toEqual({
      language: 'es',
      providerCode: 'es',
      confidence: 0.875,
    });
    expect(fake.requests.at(-1)?.json).toEqual({ q: 'Hola, ¿qué tal?', api_key: 'lt-key' });
    expect(await translator.languages()).toEqual(['zh', 'zh-TW', 'en', 'es']);
  });
});
