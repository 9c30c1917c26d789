import pino from 'pino';
import { type Config, ConfigError, loadConfig } from './platform/config.js';
import { applyV8Settings } from './platform/v8-settings.js';
import { type RoleName, type RunningProduct, startProduct } from './product.js';
import { runSandboxRole } from './sandbox/index.js';

/**
 * `node dist/main.js [--role=api|worker|sandbox|all]`: all roles in one process unless told
 * otherwise; `all` includes the sandbox when SANDBOX=on. Roles may be listed with commas
 * (`--role=api,worker`: the product in one process, the sandbox in another, as Meta would be).
 */
function rolesFromArgs(args: string[], sandboxEnabled: boolean): RoleName[] {
  const flag = args.find((arg) => arg.startsWith('--role='));
  const role = flag?.slice('--role='.length) ?? 'all';
  if (role === 'all') return sandboxEnabled ? ['api', 'worker', 'sandbox'] : ['api', 'worker'];
  const roles = [...new Set(role.split(','))];
  if (roles.every((name): name is RoleName => name === 'api' || name === 'worker' || name === 'sandbox')) return roles;
  throw new ConfigError(`--role: must be api, worker, sandbox (or several, comma-separated) or all (got "${role}")`);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  let roles: RoleName[];
  try {
    config = loadConfig();
    roles = rolesFromArgs(process.argv.slice(2), config.sandboxEnabled);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  applyV8Settings(config.HEAP_GROWING_PERCENT);
  const logger = pino({ level: config.LOG_LEVEL });
  // The sandbox alone needs no database: it is Meta's side, not the product's.
  const starting =
    roles.length === 1 && roles[0] === 'sandbox' ? sandboxAlone(config, logger) : startProduct(config, roles, logger);

  // Listening for signals before the start finishes: a SIGTERM during start-up waits for it, then stops cleanly.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error('shutdown took longer than 60 s; exiting');
      process.exit(1);
    }, 60_000);
    deadline.unref();
    const running = await starting.catch(() => undefined);
    await running?.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const product = await starting;

  if (product.adminPassword) {
    process.stdout.write(
      `\nPlatform admin created. User name: admin  Password: ${product.adminPassword}\n` +
        'This password is shown only once; change it after signing in.\n',
    );
  }
  if (product.demoPassword) {
    process.stdout.write(
      `\nDemo tenant created. User name: demo  Password: ${product.demoPassword}\n` +
        'This password is shown only once (set DEMO_PASSWORD to choose it).\n',
    );
  }
  if (product.sandboxUrl) process.stdout.write(`\nCloud API sandbox: ${product.sandboxUrl}\n`);
  if (product.url) process.stdout.write(`\nWS Console is running at ${product.url}\n\n`);
  else process.stdout.write(`\nWS Console ${roles.join(' and ')} role started\n\n`);
}

async function sandboxAlone(config: Config, logger: pino.Logger): Promise<RunningProduct> {
  const sandbox = await runSandboxRole(config, logger);
  return { sandboxUrl: sandbox.url, stop: () => sandbox.stop() };
}

main().catch((error: unknown) => {
  process.stderr.write(`WS Console failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
