import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/db/pool.js';
import { keepSecretOnce } from '../../platform/stored-secret.js';

/** Encrypts access tokens at rest (AES-256-GCM); the key never enters the database. */
export interface TokenCipher {
  encrypt(plain: string): string;
  /** Throws when the text was not sealed with this key or was altered. */
  decrypt(sealed: string): string;
}

const FORMAT = 'v1';

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('the token encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        FORMAT,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join('.');
    },
    decrypt(sealed) {
      const [format, iv, tag, body] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || body === undefined) throw new Error('not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const KEY_FILE = 'token-encryption.key';

/**
 * The key from TOKEN_ENCRYPTION_KEY, else from DATA_DIR/token-encryption.key (created once,
 * readable by its owner only). Production with several machines sets the variable.
 */
export async function loadTokenKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'base64');
  const file = path.join(dataDir, KEY_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

/**
 * Refuses a key other than the one this database's tokens were sealed with, so a lost or
 * changed key is a clear start-up error rather than numbers that silently cannot send.
 */
export async function checkTokenKey(db: Db, key: Buffer): Promise<void> {
  const check = createHmac('sha256', key).update('ws-console token key check').digest('base64url');
  if ((await keepSecretOnce(db, 'token-key-check', check)) !== check) {
    throw new Error(
      'The access-token encryption key differs from the one this database was set up with: set TOKEN_ENCRYPTION_KEY to the original key (or restore DATA_DIR/token-encryption.key).',
    );
  }
}
