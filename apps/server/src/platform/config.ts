import path from 'node:path';
import { TRANSLATION_PROVIDERS } from '@ws/contract';
import { z } from 'zod';

const onOff = z.enum(['on', 'off']);

/** Every setting the product reads from the environment; validated once at start. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Port of the embedded PostgreSQL; never 5432, where a system server may listen. */
  EMBEDDED_PG_PORT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65535)
    .refine((port) => port !== 5432, 'must not be 5432, which a system PostgreSQL may hold')
    .default(54329),
  /**
   * Extra settings of the embedded PostgreSQL, `name=value` separated by spaces, e.g.
   * `shared_buffers=512MB work_mem=16MB` (each becomes a `-c` flag of the server).
   */
  EMBEDDED_PG_SETTINGS: z
    .string()
    .regex(
      /^\s*([a-z_][a-z0-9_.]*=[^\s=]+(\s+|$))*$/,
      'must be name=value settings separated by spaces, such as shared_buffers=512MB',
    )
    .default('')
    .transform((text) => text.split(/\s+/).filter(Boolean)),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  CAPTCHA: onOff.default('on'),
  REGISTRATION: z.enum(['open', 'closed']).default('open'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Access-token lifetime in seconds; the console refreshes at 3000 s, so it must be longer. */
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(3600).max(86_400).default(7200),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(3600)
    .max(90 * 86_400)
    .default(14 * 86_400),
  /** Largest JSON body accepted, in bytes; larger ones get 413. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** `/l/{slug}` answered ahead of Fastify (no request id, no log line per visit); off: by its Fastify route. */
  LINKS_LEAN: onOff.default('on'),
  /**
   * How far V8's old generation may grow past what survived the last major collection before the
   * next one, in percent; 0 leaves it to V8 (up to 300 %). 50 keeps the product's process under
   * 300 MB through a campaign for about a tenth more of its CPU (decisions 0022, 0035).
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  /** How many proxies (load balancers) in front of the server to trust for the client address. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Meta app secret: webhooks are signed with it. Generated and kept in the database when unset. */
  WHATSAPP_APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The token Meta echoes in the webhook verification handshake. Generated when unset. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  WHATSAPP_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v23.0')
    .default('v23.0'),
  /** 32 bytes, base64: encrypts access tokens at rest. Unset: a key file under DATA_DIR is used. */
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((key) => Buffer.from(key, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** The local Cloud API emulator, in the same process, on SANDBOX_PORT (default PORT + 1). */
  SANDBOX: onOff.default('on'),
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SANDBOX_SEED: z.coerce.number().int().min(0).default(1),
  /** The demo tenant created on a new database; its operator signs in as "demo". */
  DEMO: onOff.default('on'),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  /** Realtime: bytes a socket may have unsent before it is closed as too slow. */
  REALTIME_SEND_BUFFER: z.coerce.number().int().min(1024).max(67_108_864).default(1_048_576),
  /** Realtime: the most missed events replayed to a reconnecting client; beyond, it is told to refetch. */
  REALTIME_REPLAY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** Realtime: seconds between pings; a socket that did not answer the previous one is cut. */
  REALTIME_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** Realtime: hours events are kept for reconnecting clients before the prune job deletes them. */
  REALTIME_RETENTION_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * Who translates customer and agent texts. Unset: the sandbox's simulated LibreTranslate while the
   * sandbox is on, else off. Each provider's settings: README "Configuration", docs/architecture.md.
   */
  TRANSLATION_PROVIDER: z.enum(TRANSLATION_PROVIDERS).optional(),
  TRANSLATION_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSLATION_API_KEY: z.string().min(1).optional(),
  TRANSLATION_REGION: z.string().min(1).optional(),
  TRANSLATION_PROJECT: z.string().min(1).optional(),
  TRANSLATION_LOCATION: z.string().min(1).default('global'),
  TRANSLATION_ACCESS_TOKEN: z.string().min(1).optional(),
  TRANSLATION_ACCESS_TOKEN_FILE: z.string().min(1).optional(),
  TRANSLATION_CREDENTIALS_FILE: z.string().min(1).optional(),
  TRANSLATION_SECRET_ID: z.string().min(1).optional(),
  /** The longest wait for a provider: connect, first byte, and between body bytes. */
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Days a cached translation is kept before the prune job deletes it. */
  TRANSLATION_CACHE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type Config = z.infer<typeof EnvSchema> & {
  /** Absolute DATA_DIR. */
  dataDir: string;
  captchaEnabled: boolean;
  registrationOpen: boolean;
  /** Check every reply against its contract schema: on under test, where drift must fail loudly. */
  validateReplies: boolean;
  sandboxEnabled: boolean;
  sandboxPort: number;
  demoEnabled: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError whose message names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    captchaEnabled: config.CAPTCHA === 'on',
    registrationOpen: config.REGISTRATION === 'open',
    validateReplies: env.NODE_ENV === 'test',
    sandboxEnabled: config.SANDBOX === 'on',
    sandboxPort: config.SANDBOX_PORT ?? (config.PORT === 65535 ? 65534 : config.PORT + 1),
    demoEnabled: config.DEMO === 'on',
  };
}

/** A host the configuration listens on, as a URL's host part (all interfaces: reached at 127.0.0.1). */
export const urlHost = (host: string) =>
  host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

/** Where the sandbox of this configuration listens (in the product's process, or as `--role=sandbox`). */
export const sandboxUrlOf = (config: Config): string => `http://${urlHost(config.HOST)}:${config.sandboxPort}`;
