import type pg from 'pg';
import type { Config } from '../platform/config.js';
import { loadStoredSecret } from '../platform/stored-secret.js';
import { checkTokenKey, createTokenCipher, loadTokenKey, type TokenCipher } from './crypto/token-cipher.js';

declare module '../platform/http/context.js' {
  interface AppContext {
    whatsapp: WhatsAppSettings;
  }
}

/** What the WhatsApp layer needs at run time, resolved once at start. */
export interface WhatsAppSettings {
  /** Meta app secret: the HMAC key of X-Hub-Signature-256. */
  appSecret: string;
  /** Echoed by Meta in the webhook verification handshake. */
  verifyToken: string;
  apiBaseUrl: string;
  apiVersion: string;
  tokenCipher: TokenCipher;
}

/** Configured values win; unset secrets are generated once and kept in the database. */
export async function loadWhatsAppSettings(pool: pg.Pool, config: Config): Promise<WhatsAppSettings> {
  const key = await loadTokenKey(config.TOKEN_ENCRYPTION_KEY, config.dataDir);
  await checkTokenKey(pool, key);
  return {
    appSecret: config.WHATSAPP_APP_SECRET ?? (await loadStoredSecret(pool, 'whatsapp-app-secret', 32)),
    verifyToken: config.WHATSAPP_VERIFY_TOKEN ?? (await loadStoredSecret(pool, 'whatsapp-verify-token', 24)),
    apiBaseUrl: config.WHATSAPP_API_BASE_URL,
    apiVersion: config.WHATSAPP_API_VERSION,
    tokenCipher: createTokenCipher(key),
  };
}
