import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type pg from 'pg';
import { loadStoredSecret } from '../stored-secret.js';

/** Claims of an access token: who, in which tenant, and which sign-in (session) it belongs to. */
export interface AccessClaims {
  sub: string;
  tid: string;
  sid: string;
}

export interface TokenCodec {
  signAccess(claims: AccessClaims): string;
  /** The claims, or undefined for a token that is malformed, forged or expired. */
  verifyAccess(token: string): AccessClaims | undefined;
  accessTtlSeconds: number;
}

/** The signing key lives in the database so every api process signs and checks alike. */
export function loadSigningKey(pool: pg.Pool): Promise<string> {
  return loadStoredSecret(pool, 'access-token-key');
}

export function createTokenCodec(key: string, accessTtlSeconds: number): TokenCodec {
  const sign = createSigner({ key, algorithm: 'HS256', expiresIn: accessTtlSeconds * 1000 });
  // The verifier's cache skips the HMAC for tokens it has already checked; expiry is still enforced.
  const verify = createVerifier({ key, algorithms: ['HS256'], cache: 10_000 });
  return {
    accessTtlSeconds,
    signAccess: (claims) => sign({ ...claims }),
    verifyAccess(token) {
      try {
        const claims = verify(token) as Partial<AccessClaims>;
        if (typeof claims.sub !== 'string' || typeof claims.tid !== 'string' || typeof claims.sid !== 'string') {
          return undefined;
        }
        return { sub: claims.sub, tid: claims.tid, sid: claims.sid };
      } catch {
        return undefined;
      }
    },
  };
}

/** A refresh token is random; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
