import { createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, type RecordedRequest, startFakeProvider } from '../test/fake-provider.js';
import type { Translator } from '../translator.js';
import { CLOUD_TRANSLATION_SCOPE } from './google-service-account.js';
import { createGoogleV3 } from './google-v3.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const EMAIL = 'translator@shop-prod.iam.gserviceaccount.com';

let fake: FakeProvider;
let dir: string;
let keyFile: string;
let tokensIssued = 0;

/** Google's token endpoint and the v3 API: the assertion is checked with the account's public key. */
function google(request: RecordedRequest) {
  if (request.path === '/token') {
    const form = new URLSearchParams(request.text);
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const valid = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
    const payload = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString());
    if (
      request.headers['content-type'] !== 'application/x-www-form-urlencoded' ||
      form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
      !valid ||
      JSON.parse(Buffer.from(header ?? '', 'base64url').toString()).alg !== 'RS256' ||
      payload.iss !== EMAIL ||
      payload.scope !== CLOUD_TRANSLATION_SCOPE ||
      payload.aud !== `${fake.url}/token` ||
      payload.exp - payload.iat !== 3600
    ) {
      return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    }
    tokensIssued += 1;
    return { json: { access_token: `minted-${tokensIssued}`, expires_in: 3599, token_type: 'Bearer' } };
  }
  if (request.headers.authorization !== `Bearer minted-${tokensIssued}`)
    return { status: 401, json: { error: { code: 401, message: 'bad token' } } };
  return { json: { translations: request.json.contents.map((text: string) => ({ translatedText: `es: ${text}` })) } };
}

beforeAll(async () => {
  fake = await startFakeProvider(google);
  dir = await mkdtemp(path.join(os.tmpdir(), 'google-key-'));
  keyFile = path.join(dir, 'key.json');
  await writeFile(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'shop-prod',
      private_key_id: 'key-1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: EMAIL,
      token_uri: `${fake.url}/token`,
    }),
  );
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

describe('Google v3 with a service account key', () => {
  it('mints a token with a signed JWT once and reuses it while it is fresh', async () => {
    const translator: Translator = createGoogleV3({
      baseUrl: fake.url,
      project: 'shop-prod',
      credentialsFile: keyFile,
      timeoutMs: 2000,
    });
    const first = await translator.translate({ texts: ['Hello'], source: 'en', target: 'es' });
    const second = await translator.translate({ texts: ['Bye'], source: 'en', target: 'es' });
    expect([first[0]?.text, second[0]?.text]).toEqual(['es: Hello', 'es: Bye']);
    expect(fake.requests.filter((request) => request.path === '/token')).toHaveLength(1);
    await translator.close();
  });

  it('fails as an authentication failure when the token endpoint refuses the key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const wrongFile = path.join(dir, 'wrong.json');
    await writeFile(
      wrongFile,
      JSON.stringify({
        private_key: other.export({ type: 'pkcs8', format: 'pem' }),
        client_email: EMAIL,
        token_uri: `${fake.url}/token`,
      }),
    );
    const translator = createGoogleV3({
      baseUrl: fake.url,
      project: 'shop-prod',
      credentialsFile: wrongFile,
      timeoutMs: 2000,
    });
    await expect(translator.translate({ texts: ['Hello'], source: 'en', target: 'es' })).rejects.toMatchObject({
      provider: 'google-v3',
      failure: 'auth',
      httpStatus: 400,
    });
    await translator.close();
  });
});
