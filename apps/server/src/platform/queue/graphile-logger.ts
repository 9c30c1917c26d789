import { Logger } from 'graphile-worker';
import type { Logger as PinoLogger } from 'pino';

/** Routes graphile-worker's log lines into the product's pino logger. */
export function graphileLogger(logger: PinoLogger): Logger {
  const child = logger.child({ component: 'worker' });
  return new Logger(() => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
    child[method](meta ?? {}, message);
  });
}
