import path from 'node:path';
import { type Config, ConfigError, urlHost } from '../platform/config.js';
import { isStatusResult, matchControl } from './control-router.js';
import { ControlError } from './http.js';
import { Sandbox } from './sandbox.js';
import { controlRoutes, createSandboxServer, listen } from './server.js';
import type { CustomerBehaviour, QualityRules, SandboxDelays, TemplateRules } from './settings.js';
import { type SandboxLogger, silentLogger } from './types.js';

export { Sandbox } from './sandbox.js';
export type { CustomerBehaviour, QualityRules, SandboxDelays, TemplateRules } from './settings.js';
export type { SandboxLogger } from './types.js';
export { type ReceivedWebhook, startWebhookSink, type WebhookSink } from './webhook-sink.js';

export interface SandboxOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The app secret webhooks are signed with (`X-Hub-Signature-256`): the product's. */
  appSecret: string;
  /** The product's webhook endpoint, e.g. `http://127.0.0.1:8080/webhooks/whatsapp`; null posts nothing. */
  webhookUrl: string | null;
  /** Seeds ids and every simulated customer's choices. Default 1. */
  seed?: number;
  /** JSON file the world is kept in across restarts (written at most once a second, and at stop). */
  stateFile?: string;
  behaviour?: Partial<CustomerBehaviour>;
  delays?: Partial<SandboxDelays>;
  quality?: Partial<QualityRules>;
  templates?: Partial<TemplateRules>;
  logger?: SandboxLogger;
  /** How many messages `GET /_sandbox/messages` can look back on. Default 10 000. */
  messageLogLimit?: number;
  /** Webhook requests in flight at once. Default 8. */
  webhookConcurrency?: number;
}

export interface ControlReply {
  status: number;
  body: unknown;
}

export interface RunningSandbox {
  /** `http://host:port`: the connector's base URL (it adds `/v23.0/...`). */
  url: string;
  port: number;
  /** The world itself, for tests that look inside. */
  sandbox: Sandbox;
  /**
   * A control call without HTTP, e.g. `control('POST', '/numbers', {throughput_level: 'HIGH'})`:
   * the same handlers and validation as `/_sandbox/...`.
   */
  control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ControlReply>;
  /** Waits until nothing simulated is pending and every webhook was delivered. */
  settle(options?: { timeoutMs?: number; fastForward?: boolean }): Promise<boolean>;
  /**
   * Stops listening and writes the state file. Pending simulated steps are dropped; webhooks
   * still waiting are given up to `drainMs` (default 0) to reach the product first.
   */
  stop(options?: { drainMs?: number }): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const logger = options.logger ?? silentLogger;
  const seed = options.seed ?? 1;
  const sandbox = new Sandbox({
    appSecret: options.appSecret,
    webhookUrl: options.webhookUrl,
    seed,
    settings: {
      behaviour: options.behaviour,
      delays: options.delays,
      quality: options.quality,
      templates: options.templates,
    },
    logger,
    stateFile: options.stateFile,
    messageLogLimit: options.messageLogLimit ?? 10_000,
    webhookConcurrency: options.webhookConcurrency,
  });
  const saved = await sandbox.stateFile?.load();
  if (saved) {
    if (saved.seed !== seed) logger.warn({ saved: saved.seed, seed }, 'sandbox: state file was made with another seed');
    sandbox.store.load(saved);
  }
  const host = options.host ?? '127.0.0.1';
  const server = createSandboxServer(sandbox);
  const port = await listen(server, options.port ?? 0, host);
  const url = `http://${urlHost(host)}:${port}`;
  sandbox.baseUrl = url;
  logger.info({ url, numbers: sandbox.store.numbers.size, webhookUrl: options.webhookUrl }, 'sandbox: listening');

  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    sandbox,
    async control(method, controlPath, body) {
      const [pathname = '', search = ''] = controlPath.split('?');
      const match = matchControl(controlRoutes, method, pathname);
      if (!match)
        return { status: 404, body: { error: { message: `${method} ${controlPath}: no such control call` } } };
      try {
        const rawBody = Buffer.from(body === undefined ? '' : JSON.stringify(body));
        const query = new URLSearchParams(search);
        const result = await match.handler({
          sandbox,
          params: match.params,
          query,
          contentType: 'application/json',
          rawBody,
        });
        return isStatusResult(result) ? result : { status: 200, body: result };
      } catch (error) {
        if (error instanceof ControlError) return { status: error.status, body: { error: { message: error.message } } };
        throw error;
      }
    },
    settle: ({ timeoutMs = 10_000, fastForward = false } = {}) => sandbox.settle(timeoutMs, fastForward),
    stop({ drainMs = 0 } = {}) {
      stopped ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await sandbox.stop(drainMs);
      })();
      return stopped;
    },
  };
}

/** Options for the product's sandbox from its configuration (same secret, its webhook URL). */
export function sandboxOptionsFromConfig(config: Config, appSecret: string, logger: SandboxLogger): SandboxOptions {
  return {
    port: config.sandboxPort,
    host: config.HOST,
    appSecret,
    webhookUrl: `http://${urlHost(config.HOST)}:${config.PORT}/webhooks/whatsapp`,
    seed: config.SANDBOX_SEED,
    stateFile: path.join(config.dataDir, 'sandbox', 'state.json'),
    logger,
  };
}

/**
 * `node dist/main.js --role=sandbox`: the sandbox alone, posting to the api role at HOST:PORT.
 * The app secret must be the product's: WHATSAPP_APP_SECRET.
 */
export function runSandboxRole(config: Config, logger: SandboxLogger): Promise<RunningSandbox> {
  const secret = config.WHATSAPP_APP_SECRET;
  if (!secret) {
    throw new ConfigError(
      'WHATSAPP_APP_SECRET: must be set for --role=sandbox, so that its webhooks carry the signature the api role checks',
    );
  }
  return startSandbox(sandboxOptionsFromConfig(config, secret, logger));
}
