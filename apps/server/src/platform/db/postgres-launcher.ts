import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const run = promisify(execFile);

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

export interface OsUser {
  uid: number;
  gid: number;
}

/** A PostgreSQL program, as `spawn`/`execFile` should start it. */
export interface LaunchCommand {
  file: string;
  args: string[];
  /** The OS user to switch to (root, running the binaries directly). */
  user?: OsUser;
}

/** How this process runs PostgreSQL's programs on one cluster. */
export interface PostgresLauncher {
  /** The user that must own the cluster folder (undefined: this process's). */
  owner?: OsUser;
  /** The cluster folder as the server sees it: its `-D`, `--pgdata`. */
  clusterPath: string;
  command(program: keyof PostgresBinaries, args: string[]): LaunchCommand;
  /** The folder of the mount points, when the programs run in a private mount namespace. */
  mounts?: string;
  /** Removes what the launcher made (the empty mount points); after the server has exited. */
  dispose(): Promise<void>;
}

/**
 * Binds the cluster and the binaries at the mount points inside a private mount namespace (gone with
 * the process, nothing mounted outside it), then becomes the postgres user and runs the program.
 * Arguments: cluster, binaries, cluster mount point, binaries mount point, uid, gid, program, args.
 */
const IN_PRIVATE_MOUNTS =
  'mount --bind "$1" "$3" && mount --bind "$2" "$4" && uid=$5 && gid=$6 && shift 6 && ' +
  'exec setpriv --reuid="$uid" --regid="$gid" --clear-groups "$@"';

/**
 * PostgreSQL refuses to run as root, so as root its programs run as the `postgres` OS user, who
 * must be able to enter every folder above the cluster and the binaries. A clone under `/root` (or
 * any mode-0700 folder) does not allow that: there the programs run in a private mount namespace
 * that binds the cluster and the binaries at fresh folders the postgres user can reach, so the data
 * stays in DATA_DIR, nothing about the user's folders changes and PostgreSQL keeps no more rights
 * than the postgres user has.
 */
export async function postgresLauncher(
  binaries: PostgresBinaries,
  clusterDir: string,
  logger: Logger,
): Promise<PostgresLauncher> {
  const direct = (user?: OsUser): PostgresLauncher => ({
    owner: user,
    clusterPath: clusterDir,
    command: (program, args) => ({ file: binaries[program], args, ...(user ? { user } : {}) }),
    dispose: async () => undefined,
  });
  if (process.getuid?.() !== 0) return direct();
  const user = await postgresUser();
  const binariesDir = path.dirname(path.dirname(binaries.postgres));
  const blocked = (await firstClosedFolder(user, clusterDir)) ?? (await firstClosedFolder(user, binariesDir));
  if (!blocked) return direct(user);

  const unreachable = `The embedded PostgreSQL runs as the "postgres" user, who cannot enter ${blocked}`;
  const namespaces = await run('unshare', ['--mount', '--propagation', 'private', 'true']).then(
    () => undefined,
    (error: Error) => error.message.trim(),
  );
  if (namespaces !== undefined) {
    throw new Error(
      `${unreachable}, and a private mount namespace to reach it is not available here (${namespaces}). ` +
        `Run "chmod o+x ${blocked}", or set DATA_DIR to a folder outside it, or set DATABASE_URL.`,
    );
  }
  logger.info({ blocked }, `${unreachable}: it runs in a private mount namespace that binds its folders`);
  const mounts = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-pg-'));
  await fs.chmod(mounts, 0o755);
  const clusterMount = path.join(mounts, 'cluster');
  const binariesMount = path.join(mounts, 'pg');
  await Promise.all([fs.mkdir(clusterMount, { mode: 0o755 }), fs.mkdir(binariesMount, { mode: 0o755 })]);
  return {
    owner: user,
    mounts,
    clusterPath: clusterMount,
    command: (program, args) => ({
      file: 'unshare',
      args: [
        ...['--mount', '--propagation', 'private', 'sh', '-c', IN_PRIVATE_MOUNTS, 'sh'],
        ...[clusterDir, binariesDir, clusterMount, binariesMount, String(user.uid), String(user.gid)],
        path.join(binariesMount, path.relative(binariesDir, binaries[program])),
        ...args,
      ],
    }),
    dispose: () => fs.rm(mounts, { recursive: true, force: true }),
  };
}

/**
 * A server killed with its process (SIGKILL) leaves its empty mount points behind. The mount-point
 * folder in use is recorded in `stateDir`; once the leftover server is stopped, the next start
 * removes the folder recorded before. Never one found by name: another product may be using it.
 */
export async function recordMounts(stateDir: string, launcher: PostgresLauncher): Promise<void> {
  const record = path.join(stateDir, 'mount-points');
  const previous = (await fs.readFile(record, 'utf8').catch(() => '')).trim();
  const ours = path.join(os.tmpdir(), 'ws-pg-');
  if (previous && previous !== launcher.mounts && previous.startsWith(ours) && !previous.includes('..')) {
    await fs.rm(previous, { recursive: true, force: true });
  }
  if (launcher.mounts) await fs.writeFile(record, `${launcher.mounts}\n`);
  else await fs.rm(record, { force: true });
}

/** The `postgres` OS user, created if missing. */
async function postgresUser(): Promise<OsUser> {
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/** The first folder above `target` (nearest the root) that `user` may not enter, if any. */
export async function firstClosedFolder(user: OsUser, target: string): Promise<string | undefined> {
  const folders: string[] = [];
  for (let folder = path.dirname(path.resolve(target)); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    const stat = await fs.stat(folder).catch(() => undefined);
    if (!stat) continue;
    const enterable =
      stat.mode & 0o001 || (stat.uid === user.uid && stat.mode & 0o100) || (stat.gid === user.gid && stat.mode & 0o010);
    if (!enterable) return folder;
  }
  return undefined;
}
