import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { seedDemoTenant } from './demo/seed-demo.js';
import { loadTranslationSetup } from './modules/translation/setup.js';
import { ensurePlatformAdmin } from './modules/users/ensure-platform-admin.js';
import { createTokenCodec, loadSigningKey } from './platform/auth/tokens.js';
import type { Config } from './platform/config.js';
import { type RunningPostgres, startEmbeddedPostgres } from './platform/db/embedded-postgres.js';
import { migrate } from './platform/db/migrate.js';
import { createPool, ensureDatabase } from './platform/db/pool.js';
import type { AppContext } from './platform/http/context.js';
import { type RunningSandbox, sandboxOptionsFromConfig, startSandbox } from './sandbox/index.js';
import { closeCloudApiAgents } from './whatsapp/cloud-api/index.js';
import { loadWhatsAppSettings } from './whatsapp/settings.js';
import { type RunningWorker, startWorkerRole } from './worker.js';

export type RoleName = 'api' | 'worker' | 'sandbox';

export interface RunningProduct {
  url?: string;
  adminPassword?: string;
  sandboxUrl?: string;
  /** The demo operator's password, when this start created the demo tenant and generated it. */
  demoPassword?: string;
  stop(): Promise<void>;
}

export const CONSOLE_DIR = fileURLToPath(new URL('../../console/dist', import.meta.url));
export const AGENT_DIR = fileURLToPath(new URL('../../agent/dist', import.meta.url));
const EMBEDDED_DATABASE = 'wsconsole';

/** How long the sandbox may take at stop to deliver the webhooks it holds. */
const SANDBOX_DRAIN_MS = 2_000;

/**
 * Starts the given roles: the database (embedded unless DATABASE_URL is set), migrations, the
 * platform admin, then the api server and/or the worker. stop() finishes in-flight requests
 * and jobs, then closes the database.
 */
export async function startProduct(
  config: Config,
  roles: readonly RoleName[],
  logger: Logger,
): Promise<RunningProduct> {
  let embedded: RunningPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    await fs.mkdir(config.dataDir, { recursive: true });
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      port: config.EMBEDDED_PG_PORT,
      settings: config.EMBEDDED_PG_SETTINGS,
      logger,
    });
    const url = new URL(embedded.adminUrl);
    url.pathname = `/${EMBEDDED_DATABASE}`;
    databaseUrl = url.toString();
    await ensureDatabase(databaseUrl);
  }
  const pool = createPool(databaseUrl, logger);
  // With the api in the same process, the worker (send lanes, jobs) gets connections of its own:
  // a campaign's thirty lanes would otherwise keep the api's requests (a pause, the webhooks'
  // intake) waiting for a free connection.
  const workerPool = roles.includes('api') && roles.includes('worker') ? createPool(databaseUrl, logger) : pool;
  let app: FastifyInstance | undefined;
  let worker: RunningWorker | undefined;
  let sandbox: RunningSandbox | undefined;
  let context: AppContext | undefined;
  // Senders stop first; the sandbox then gets a moment to post the webhooks it still holds to the
  // api, which is still listening; only then does the api finish its requests and close.
  const stop = async () => {
    await worker?.stop();
    await sandbox?.stop({ drainMs: SANDBOX_DRAIN_MS });
    await app?.close();
    await closeCloudApiAgents();
    await context?.translation.translator?.close();
    if (workerPool !== pool) await workerPool.end();
    await pool.end();
    await embedded?.stop();
  };
  try {
    await migrate(pool, logger);
    const admin = await ensurePlatformAdmin(pool, config.ADMIN_PASSWORD);
    if (admin.created) logger.info('platform admin "admin" created');
    context = {
      config,
      pool,
      logger,
      tokens: createTokenCodec(await loadSigningKey(pool), config.ACCESS_TOKEN_TTL),
      whatsapp: await loadWhatsAppSettings(pool, config),
      translation: loadTranslationSetup(config),
      consoleDir: CONSOLE_DIR,
      agentDir: AGENT_DIR,
    };
    if (roles.includes('sandbox')) {
      sandbox = await startSandbox(
        sandboxOptionsFromConfig(config, context.whatsapp.appSecret, logger.child({ role: 'sandbox' })),
      );
    }
    if (roles.includes('worker')) worker = await startWorkerRole({ ...context, pool: workerPool });
    // Before listening, so that ready means the demo exists; its live webhooks wait in the sandbox's outbox.
    const demo = config.demoEnabled && sandbox ? await seedDemoTenant(context, sandbox.url) : undefined;
    let url: string | undefined;
    if (roles.includes('api')) {
      app = await buildApp(context);
      await app.listen({ port: config.PORT, host: config.HOST });
      url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
    }
    return {
      url,
      stop,
      ...(sandbox ? { sandboxUrl: sandbox.url } : {}),
      ...(admin.generatedPassword ? { adminPassword: admin.generatedPassword } : {}),
      ...(demo?.generatedPassword ? { demoPassword: demo.generatedPassword } : {}),
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
