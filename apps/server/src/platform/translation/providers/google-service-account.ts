/**
 * OAuth access tokens for Google Cloud Translation v3 from a service account key (the JSON file
 * Google's console hands out): a JWT signed with the key (RS256: `iss` the account's e-mail,
 * `scope` cloud-translation, `aud` the key's token URI, an hour's life) exchanged at the token URI
 * (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`), kept until a minute before it expires,
 * so a running product never needs a token refreshed by hand.
 */
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ProviderHttp } from '../http.js';
import { TranslationError } from '../translation-error.js';

export const CLOUD_TRANSLATION_SCOPE = 'https://www.googleapis.com/auth/cloud-translation';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const ASSERTION_SECONDS = 3600;
const REFRESH_MARGIN_MS = 60_000;

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Reads and checks the key file; a bad file stops the start (a ConfigError from the caller). */
export function readServiceAccountKey(file: string): ServiceAccountKey {
  const key = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccountKey>;
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new Error('not a service account key: client_email and private_key are required');
  }
  return key as ServiceAccountKey;
}

/** The signed JWT the token URI exchanges for an access token. */
export function serviceAccountAssertion(key: ServiceAccountKey, nowSeconds: number): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  const claims = {
    iss: key.client_email,
    scope: CLOUD_TRANSLATION_SCOPE,
    aud: key.token_uri ?? DEFAULT_TOKEN_URI,
    iat: nowSeconds,
    exp: nowSeconds + ASSERTION_SECONDS,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key);
  return `${unsigned}.${base64url(signature)}`;
}

/** A source of access tokens: one exchange at a time, the token reused while it is fresh. */
export function serviceAccountTokens(key: ServiceAccountKey, http: ProviderHttp, now: () => number = Date.now) {
  let current: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const exchange = async (): Promise<string> => {
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: serviceAccountAssertion(key, Math.floor(now() / 1000)),
    });
    let reply: { access_token?: unknown; expires_in?: unknown };
    try {
      reply = (await http.call({
        method: 'POST',
        url: key.token_uri ?? DEFAULT_TOKEN_URI,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        rawBody: body.toString(),
      })) as typeof reply;
    } catch (error) {
      if (!(error instanceof TranslationError)) throw error;
      throw new TranslationError(error.provider, 'auth', `service account token: ${error.detail}`, error.httpStatus);
    }
    if (typeof reply.access_token !== 'string') {
      throw new TranslationError('google-v3', 'auth', 'service account token: no access_token in the reply');
    }
    const seconds = typeof reply.expires_in === 'number' ? reply.expires_in : ASSERTION_SECONDS;
    current = { token: reply.access_token, expiresAt: now() + seconds * 1000 };
    return reply.access_token;
  };

  return async (): Promise<string> => {
    if (current && current.expiresAt - REFRESH_MARGIN_MS > now()) return current.token;
    pending ??= exchange().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
