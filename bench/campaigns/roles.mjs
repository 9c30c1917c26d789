// The product for the campaign benchmarks: all roles in one process (the default way it runs,
// the sandbox inside the server process), the product in one process and the sandbox in another
// (`--role=api,worker`), or api, worker and sandbox as three processes (`--role=…`) so that each
// one's CPU shows and the worker can be killed alone.
import { serverCpuSeconds, serverRssMiB } from '../proc-stats.mjs';
import { startProduct } from '../product.mjs';
import { connectDatabase } from './setup.mjs';

export const ADMIN_PASSWORD = 'bench-admin-pass';
// The api checks the sandbox's webhook signatures with it, so every role must share it.
const APP_SECRET = 'bench-app-secret-0123456789abcdef';
const ENV = {
  DEMO: 'off',
  SANDBOX: 'on',
  WHATSAPP_APP_SECRET: APP_SECRET,
  // BENCH_PG_STATEMENTS=on: PostgreSQL keeps per-statement totals (pg_stat_statements) for the report,
  // beside any EMBEDDED_PG_SETTINGS of the caller's.
  ...(process.env.BENCH_PG_STATEMENTS === 'on'
    ? {
        EMBEDDED_PG_SETTINGS: [
          process.env.EMBEDDED_PG_SETTINGS ?? '',
          'shared_preload_libraries=pg_stat_statements pg_stat_statements.track=all',
        ].join(' '),
      }
    : {}),
};

/**
 * Starts the product. split: api first (it owns the embedded PostgreSQL), then the sandbox, then
 * the worker, which reaches the api's database by DATABASE_URL. Answers { url, sandboxUrl,
 * dataDir, pgPort, processes: name → process, restartWorker(), stop() }.
 */
export async function startCampaignProduct({ split, product = false }) {
  if (product) return startProductBesideSandbox();
  if (!split) {
    const all = await startProduct(ADMIN_PASSWORD, { env: ENV });
    return { ...shapeOf(all), processes: { server: all }, stop: () => all.stop() };
  }
  const api = await startProduct(ADMIN_PASSWORD, { env: ENV, args: ['--role=api'] });
  const ports = { port: api.port, pgPort: api.pgPort, sandboxPort: api.sandboxPort };
  const shared = { env: ENV, ports, dataDir: api.dataDir };
  const processes = { api };
  try {
    processes.sandbox = await startProduct(ADMIN_PASSWORD, {
      ...shared,
      args: ['--role=sandbox'],
      startedLine: /Cloud API sandbox:/,
    });
    const { db, url } = await connectDatabase(api);
    await db.end();
    const startWorker = () =>
      startProduct(ADMIN_PASSWORD, {
        ...shared,
        env: { ...ENV, DATABASE_URL: url },
        args: ['--role=worker'],
        startedLine: /worker role started/,
      });
    processes.worker = await startWorker();
    return {
      ...shapeOf(api),
      processes,
      /** SIGKILL of the worker, then a new one; answers the CPU seconds the killed one had used. */
      async killWorker() {
        const used = serverCpuSeconds(processes.worker.pid)?.server ?? 0;
        processes.worker.kill('SIGKILL');
        await processes.worker.exited;
        return used;
      },
      async startWorker() {
        processes.worker = await startWorker();
      },
      async stop() {
        const results = {};
        for (const name of ['worker', 'sandbox', 'api']) results[name] = await processes[name]?.stop();
        return results.api;
      },
    };
  } catch (error) {
    for (const name of ['worker', 'sandbox', 'api']) await processes[name]?.stop();
    throw error;
  }
}

/**
 * The product (api and worker) in one process and the sandbox in another, as Meta is in
 * production: the server's RSS and CPU without the emulator's.
 */
async function startProductBesideSandbox() {
  const server = await startProduct(ADMIN_PASSWORD, { env: ENV, args: ['--role=api,worker'] });
  try {
    const sandbox = await startProduct(ADMIN_PASSWORD, {
      env: ENV,
      ports: { port: server.port, pgPort: server.pgPort, sandboxPort: server.sandboxPort },
      dataDir: server.dataDir,
      args: ['--role=sandbox'],
      startedLine: /Cloud API sandbox:/,
    });
    return {
      ...shapeOf(server),
      processes: { server, sandbox },
      async stop() {
        await sandbox.stop();
        return server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const shapeOf = (product) => ({
  url: product.url,
  sandboxUrl: product.sandboxUrl,
  dataDir: product.dataDir,
  pgPort: product.pgPort,
});

/**
 * CPU seconds and RSS of the product's processes now: each process's own CPU, PostgreSQL's (the
 * descendants of the process that started it), and RSS by process.
 */
export function usageOf(running) {
  const cpu = {};
  const rss = {};
  for (const [name, process] of Object.entries(running.processes)) {
    const used = serverCpuSeconds(process.pid);
    cpu[name] = used?.server ?? 0;
    if (used && used.database > 0) cpu.postgres = (cpu.postgres ?? 0) + used.database;
    rss[name] = serverRssMiB(process.pid) ?? 0;
  }
  return { cpu, rss };
}

/** The CPU used between two usages, in seconds; `extra` adds what killed processes had used. */
export function cpuBetween(before, after, extra = {}) {
  const out = {};
  for (const name of new Set([...Object.keys(before.cpu), ...Object.keys(after.cpu), ...Object.keys(extra)])) {
    out[name] = Number(((after.cpu[name] ?? 0) - (before.cpu[name] ?? 0) + (extra[name] ?? 0)).toFixed(1));
  }
  return out;
}
