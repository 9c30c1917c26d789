import pino from 'pino';
import { ConfigError, loadConfig } from './platform/config.js';
import { type RoleName, startProduct } from './product.js';

/** `node dist/main.js [--role=api|worker|all]`: all roles in one process unless told otherwise. */
function rolesFromArgs(args: string[]): RoleName[] {
  const flag = args.find((arg) => arg.startsWith('--role='));
  const role = flag?.slice('--role='.length) ?? 'all';
  if (role === 'all') return ['api', 'worker'];
  if (role === 'api' || role === 'worker') return [role];
  throw new ConfigError(`--role: must be api, worker or all (got "${role}")`);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  let roles: RoleName[];
  try {
    config = loadConfig();
    roles = rolesFromArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.LOG_LEVEL });
  const product = await startProduct(config, roles, logger);

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
    await product.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (product.adminPassword) {
    process.stdout.write(
      `\nPlatform admin created. User name: admin  Password: ${product.adminPassword}\n` +
        'This password is shown only once; change it after signing in.\n',
    );
  }
  if (product.url) process.stdout.write(`\nWS Console is running at ${product.url}\n\n`);
  else process.stdout.write(`\nWS Console ${roles.join(' and ')} role started\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`WS Console failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
