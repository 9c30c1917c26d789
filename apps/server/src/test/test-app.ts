import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TokenPair } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadTranslationSetup } from '../modules/translation/setup.js';
import { ensurePlatformAdmin } from '../modules/users/ensure-platform-admin.js';
import { createTokenCodec, loadSigningKey } from '../platform/auth/tokens.js';
import { loadConfig } from '../platform/config.js';
import { createPool, type Pool } from '../platform/db/pool.js';
import type { AppContext } from '../platform/http/context.js';
import { loadWhatsAppSettings } from '../whatsapp/settings.js';
import { type RunningWorker, startWorkerRole } from '../worker.js';

export const ADMIN_PASSWORD = 'admin-pass-1234';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: OutgoingHttpHeaders;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  pool: Pool;
  post<T = any>(url: string, options?: RequestOptions): Promise<Reply<T>>;
  get<T = any>(url: string, options?: RequestOptions): Promise<Reply<T>>;
  /** Signs in (the test app runs with CAPTCHA=off unless told otherwise). */
  signIn(username: string, password: string): Promise<TokenPair>;
  /** Registers a new operator in a new tenant and returns its token pair. */
  registerOperator(username?: string): Promise<TokenPair>;
  stop(): Promise<void>;
}

/**
 * The api role over a fresh copy of the migrated template database, driven through
 * `app.inject` (real routing, hooks and serialisation, no socket). With `worker: true` the
 * job runner runs against the same database.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { worker?: boolean } = {},
): Promise<TestApp> {
  const serverUrl = inject('databaseServerUrl');
  const name = `ws_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const pool = createPool(url.toString(), logger, 10);
  await ensurePlatformAdmin(pool, ADMIN_PASSWORD);
  const context: AppContext = {
    config,
    pool,
    logger,
    tokens: createTokenCodec(await loadSigningKey(pool), config.ACCESS_TOKEN_TTL),
    whatsapp: await loadWhatsAppSettings(pool, config),
    translation: loadTranslationSetup(config),
  };
  const app = await buildApp(context);
  await app.ready();
  const worker: RunningWorker | undefined = options.worker ? await startWorkerRole(context) : undefined;

  const send = async (method: 'GET' | 'POST', target: string, request: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.token) headers.token = request.token;
    const response = await app.inject({
      method,
      url: target,
      query: request.query,
      headers,
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // not JSON: keep the text
    }
    return { status: response.statusCode, body, headers: response.headers } as Reply;
  };

  let registered = 0;
  const testApp: TestApp = {
    app,
    context,
    pool,
    post: (target, request) => send('POST', target, request),
    get: (target, request) => send('GET', target, request),
    async signIn(username, password) {
      const reply = await send('POST', '/api/auth/login', { body: { username, password } });
      if (reply.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(reply.body)}`);
      return reply.body.data;
    },
    async registerOperator(username) {
      registered += 1;
      const reply = await send('POST', '/api/auth/register', {
        body: {
          username: username ?? `op${registered}_${randomBytes(3).toString('hex')}`,
          password: 'operator-pass-1',
        },
      });
      if (reply.status !== 200) throw new Error(`registration failed: ${JSON.stringify(reply.body)}`);
      return reply.body.data;
    },
    async stop() {
      await worker?.stop();
      await app.close();
      await context.translation.translator?.close();
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * Creates a test app before the file's tests and stops it after them. The returned handle
 * forwards to the app once it exists, so tests can use it as if it were the app itself.
 */
export function useTestApp(env: Record<string, string> = {}, options: { worker?: boolean } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env, options);
  });
  afterAll(() => current?.stop());
  return new Proxy({} as TestApp, {
    get(_target, key: keyof TestApp) {
      if (!current) throw new Error('the test app is used before beforeAll ran');
      return current[key];
    },
  });
}

/** Runs `work` against an app of its own (for tests that need other settings or spoil the database), then stops it. */
export async function withTestApp<T>(env: Record<string, string>, work: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await createTestApp(env);
  try {
    return await work(app);
  } finally {
    await app.stop();
  }
}
