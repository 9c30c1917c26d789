import type { Logger } from 'pino';
import type { TokenCodec } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Pool } from '../db/pool.js';

/**
 * What every module gets: configuration, the database, tokens and the logger. Domains add what
 * they resolve at start by augmenting this interface beside their settings (the WhatsApp layer adds
 * `whatsapp` in `whatsapp/settings.ts`), so the platform imports none of them.
 */
export interface AppContext {
  config: Config;
  pool: Pool;
  tokens: TokenCodec;
  logger: Logger;
  /** Absolute path of the built console, when it was built. */
  consoleDir?: string;
  /** Absolute path of the built seat client (served at /client/), when it was built. */
  agentDir?: string;
}
