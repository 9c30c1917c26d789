import type { Logger } from 'pino';
import type { WhatsAppSettings } from '../../whatsapp/settings.js';
import type { TokenCodec } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Pool } from '../db/pool.js';

/** What every module gets: configuration, the database, tokens and the logger. */
export interface AppContext {
  config: Config;
  pool: Pool;
  tokens: TokenCodec;
  logger: Logger;
  whatsapp: WhatsAppSettings;
  /** Absolute path of the built console, when it was built. */
  consoleDir?: string;
}
