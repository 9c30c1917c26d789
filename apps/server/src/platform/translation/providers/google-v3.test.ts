import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../test/fake-provider.js';
import type { Translator } from '../translator.js';
import { createGoogleV3 } from './google-v3.js';

const PARENT = '/v3/projects/shop-prod/locations/global';
const TOKENS = new Set(['Bearer token-1', 'Bearer token-2']);

/** Cloud Translation Advanced as documented: `translations[]` with `detectedLanguageCode`. */
function googleV3(request: RecordedRequest) {
  if (!TOKENS.has(String(request.headers.authorization))) {
    return {
      status: 401,
      json: {
        error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
      },
    };
  }
  if (request.method === 'POST' && request.path === `${PARENT}:translateText`) {
    return {
      json: {
        translations: request.json.contents.map((text: string) => ({
          translatedText: `${request.json.targetLanguageCode}: ${text}`,
          ...(request.json.sourceLanguageCode ? {} : { detectedLanguageCode: 'ja' }),
        })),
      },
    };
  }
  if (request.method === 'POST' && request.path === `${PARENT}:detectLanguage`) {
    return { json: { languages: [{ languageCode: 'ko', confidence: 0.97 }] } };
  }
  if (request.method === 'GET' && request.path === `${PARENT}/supportedLanguages`) {
    return {
      json: {
        languages: [
          { languageCode: 'en', supportSource: true, supportTarget: true },
          { languageCode: 'ko', supportSource: true, supportTarget: true },
          { languageCode: 'zh-CN', supportSource: true, supportTarget: true },
          { languageCode: 'ja', supportSource: true, supportTarget: false },
        ],
      },
    };
  }
  return { status: 404, json: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } } };
}

let fake: FakeProvider;
let translator: Translator;
let tokenDir: string;

beforeAll(async () => {
  fake = await startFakeProvider(googleV3);
  translator = createGoogleV3({ baseUrl: fake.url, project: 'shop-prod', accessToken: 'token-1', timeoutMs: 2000 });
  tokenDir = await mkdtemp(path.join(os.tmpdir(), 'google-token-'));
});
afterAll(async () => {
  await translator.close();
  await fake.close();
  await rm(tokenDir, { recursive: true, force: true });
});

describe('the Google Cloud Translation v3 client', () => {
  it('posts contents to projects/{project}/locations/{location}:translateText with the bearer token', async () => {
    fake.requests.length = 0;
    const results = await translator.translate({ texts: ['こんにちは', 'ありがとう'], source: 'auto', target: 'zh' });
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers['x-goog-user-project']).toBe('shop-prod');
    expect(request?.json).toEqual({
      contents: ['こんにちは', 'ありがとう'],
      mimeType: 'text/plain',
      targetLanguageCode: 'zh-CN',
    });
    expect(results).toEqual([
      { text: 'zh-CN: こんにちは', detectedSource: 'ja', billedCharacters: 5 },
      { text: 'zh-CN: ありがとう', detectedSource: 'ja', billedCharacters: 5 },
    ]);
  });

  it('sends protected spans as text/html with translate="no"', async () => {
    fake.requests.length = 0;
    const [result] = await translator.translate({ texts: ['Call +82 10-1234-5678'], source: 'en', target: 'ko' });
    expect(fake.requests[0]?.json).toEqual({
      contents: ['Call <span translate="no" class="notranslate">+82 10-1234-5678</span>'],
      mimeType: 'text/html',
      sourceLanguageCode: 'en',
      targetLanguageCode: 'ko',
    });
    expect(result?.text).toBe('ko: Call +82 10-1234-5678');
  });

  it('reads the token from a file at each call, so a refreshed token is used without a restart', async () => {
    const file = path.join(tokenDir, 'token');
    await writeFile(file, 'token-1\n');
    const fromFile = createGoogleV3({
      baseUrl: fake.url,
      project: 'shop-prod',
      accessTokenFile: file,
      timeoutMs: 2000,
    });
    fake.requests.length = 0;
    await fromFile.translate({ texts: ['a'], source: 'en', target: 'ko' });
    await writeFile(file, 'token-2\n');
    await fromFile.translate({ texts: ['a'], source: 'en', target: 'ko' });
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    await writeFile(file, 'expired\n');
    await expect(fromFile.translate({ texts: ['a'], source: 'en', target: 'ko' })).rejects.toMatchObject({
      provider: 'google-v3',
      failure: 'auth',
      httpStatus: 401,
      detail: 'Request had invalid authentication credentials.',
    });
    await fromFile.close();
  });

  it('detects with :detectLanguage and lists the target languages of /supportedLanguages', async () => {
    expect(await translator.detect('안녕하세요')).toEqual({ language: 'ko', providerCode: 'ko', confidence: 0.97 });
    expect(fake.requests.at(-1)?.json).toEqual({ content: '안녕하세요', mimeType: 'text/plain' });
    expect(await translator.languages()).toEqual(['zh', 'en', 'ko']);
  });
});
