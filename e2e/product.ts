import { type ChildProcess, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Drives the built product (`node apps/server/dist/main.js`) as a child process, as an operator would. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
/** What the tests drive: the server and the front ends it serves (the console, the seat client). */
export const BUILT_FILES = [
  MAIN,
  path.join(ROOT, 'apps/console/dist/index.html'),
  path.join(ROOT, 'apps/agent/dist/index.html'),
];
export const ADMIN_PASSWORD = 'e2e-admin-pass';
/** The demo operator `demo`'s password (otherwise generated and printed once). */
export const DEMO_PASSWORD = 'e2e-demo-pass';
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 60_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ProductProcess {
  url: string;
  /** The product's Cloud API sandbox (its `/_sandbox/...` control calls make numbers and show sent codes). */
  sandboxUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** The last lines the process wrote, for failure messages. */
  output(): string;
  /** SIGTERM, then wait for the exit; SIGKILL after STOP_TIMEOUT_MS. */
  stop(): Promise<Exit>;
}

/** A fresh data dir; 0o711 because the embedded PostgreSQL runs as the postgres OS user and must pass through. */
export async function createDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-e2e-'));
  await fs.chmod(dir, 0o711);
  return dir;
}

/** Ports that were free a moment ago, all held open at once so that no two are the same. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts the product on `dataDir` with its own ports and waits until /readyz answers 200. If the
 * process exits first, or is not ready in 90 s, throws with what it wrote.
 */
export async function startProduct(dataDir: string, env: Record<string, string> = {}): Promise<ProductProcess> {
  const [port, pgPort, sandboxPort] = await freePorts(3);
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SANDBOX_PORT: String(sandboxPort),
      CAPTCHA: 'off',
      ADMIN_PASSWORD,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: string) => {
    lines.push(chunk);
    if (lines.length > 200) lines.shift();
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const output = () => lines.join('').trim().slice(-4000);

  const product: ProductProcess = {
    url: `http://127.0.0.1:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    dataDir,
    child,
    exited,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  try {
    await waitUntilReady(product);
  } catch (error) {
    await product.stop();
    throw error;
  }
  return product;
}

async function waitUntilReady(product: ProductProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exit: Exit | undefined;
  void product.exited.then((result) => {
    exit = result;
  });
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(`The product exited during start (${JSON.stringify(exit)}):\n${product.output()}`);
    }
    const response = await fetch(`${product.url}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The product was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${product.output()}`);
}

/**
 * Pids of processes whose command line names `dataDir`, or whose WS_CONSOLE_PG_CLUSTER does (a server
 * that sees its cluster at a mount point): the embedded PostgreSQL of that product.
 */
export async function processesUsing(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  const names = (argument: string) => argument === dataDir || argument.startsWith(`${dataDir}/`);
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const commandLine = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const environment = await fs.readFile(`/proc/${entry}/environ`, 'utf8').catch(() => '');
    const cluster = environment.split('\0').find((variable) => variable.startsWith('WS_CONSOLE_PG_CLUSTER='));
    if (commandLine.split('\0').some(names) || (cluster && names(cluster.slice(cluster.indexOf('=') + 1)))) {
      pids.push(Number(entry));
    }
  }
  return pids;
}

/** Test clean-up: stops the product if it still runs, kills whatever still uses its data dir, removes it. */
export async function discard(dataDir: string, product?: ProductProcess): Promise<void> {
  await product?.stop();
  for (const pid of await processesUsing(dataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await fs.rm(dataDir, { recursive: true, force: true });
}
