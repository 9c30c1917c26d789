import type { Pool } from '../platform/db/pool.js';

/**
 * The pool, with `action` run once just before the first statement whose text includes `marker`
 * (on a client taken with connect()): lets a test act in the middle of a transaction, e.g. kill a
 * worker before its commit or commit an operation while a step holds its locks.
 */
export function poolActingBefore(pool: Pool, marker: string, action: () => unknown): Pool {
  let done = false;
  return {
    connect: async () => {
      const client = await pool.connect();
      const { query, release } = client;
      Object.assign(client, {
        query: async (config: string | { text: string }, ...rest: unknown[]) => {
          const text = typeof config === 'string' ? config : config.text;
          if (!done && text.includes(marker)) {
            done = true;
            await action();
          }
          return (query as (...args: unknown[]) => unknown).call(client, config, ...rest);
        },
        release: (error?: Error) => {
          Object.assign(client, { query, release });
          return release.call(client, error);
        },
      });
      return client;
    },
    query: pool.query.bind(pool),
  } as unknown as Pool;
}
