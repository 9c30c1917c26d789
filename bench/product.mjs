// The built product as a child process, started the way e2e/product.ts starts it (that file is
// TypeScript, so .mjs scripts cannot import it): own ports, a fresh data dir, CAPTCHA=off.
import { spawn } from 'node:child_process';
import { createWriteStream, promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 60_000;

/** Ports that were free a moment ago, held open together so that no two are the same. */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer().on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts the product and waits for GET /readyz → 200. Returns { url, port, pid, pgPort, sandboxPort,
 * sandboxUrl, dataDir, output, kill, stop }; stop() sends SIGTERM, waits for the exit (SIGKILL after
 * a minute), removes the data dir and returns { code, signal }; kill(signal) only signals the process.
 *
 * options.dataDir: use (and keep) this data dir instead of a fresh one, e.g. a cached database;
 * options.env: extra settings; options.args: extra arguments (`--role=api`); options.readyTimeoutMs: how long start-up may take (migrations of a
 * big database take longer than the default 90 s). options.ports: `{ port, pgPort, sandboxPort }`
 * to use instead of free ones (another role of the same product). options.startedLine: a role
 * without HTTP (`--role=worker`, `--role=sandbox`) is ready when its output matches this RegExp
 * instead of when /readyz answers.
 */
export async function startProduct(adminPassword, options = {}) {
  const keepDataDir = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ws-bench-')));
  await fs.mkdir(dataDir, { recursive: true });
  // The embedded PostgreSQL runs as the postgres OS user and must pass through the data dir.
  await fs.chmod(dataDir, 0o711);
  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const [port, pgPort, sandboxPort] = options.ports
    ? [options.ports.port, options.ports.pgPort, options.ports.sandboxPort]
    : await freePorts(3);
  // An inherited DATABASE_URL would point the server at another database instead of its embedded one.
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const env = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    SANDBOX_PORT: String(sandboxPort),
    CAPTCHA: 'off',
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // The product's own Node.js options, then BENCH_NODE_ARGS (later ones win), e.g.
  // `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, serverEntry, ...(options.args ?? [])], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  // BENCH_SERVER_LOG: a file that gets everything the server writes (the bench keeps only the tail).
  const log = process.env.BENCH_SERVER_LOG ? createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' }) : null;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8').on('data', (chunk) => {
      log?.write(chunk);
      output = (output + chunk).slice(-4000);
      if (options.startedLine?.test(output)) started = true;
    });
  }
  let exit;
  let stopping;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  const product = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    pgPort,
    sandboxPort,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    dataDir,
    output: () => output.trim(),
    exited,
    kill: (signal) => child.kill(signal),
    // Once only: Ctrl-C and the caller's clean-up may both ask.
    stop: () => {
      stopping ??= (async () => {
        if (!exit) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        const result = await exited.finally(() => clearTimeout(timer));
        if (!keepDataDir) await fs.rm(dataDir, { recursive: true, force: true });
        return result;
      })();
      return stopping;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (!exit && Date.now() < deadline) {
    if (options.startedLine) {
      if (started) return product;
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const response = await fetch(`${product.url}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    if (response?.status === 200) return product;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const why = exit
    ? `exited during start (${JSON.stringify(exit)})`
    : `was not ready within ${readyTimeoutMs / 1000} s`;
  await product.stop();
  throw new Error(`The product ${why}:\n${output.trim()}`);
}
