// The built product on the cached big-tenant database: one data dir kept between runs (default
// /tmp/ws-bench-big), whose embedded PostgreSQL holds the generated tenant. Shared by the
// generator (generate.mjs) and the benchmark (../lists.mjs).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { callApi } from '../api-call.mjs';
import { repoRoot, startProduct } from '../product.mjs';

export const BIG_DIR = path.resolve(process.env.BENCH_BIG_DIR || '/tmp/ws-bench-big');
export const ADMIN_PASSWORD = 'bench-admin-pass-1';
/** The big tenant's operator: registered through the API by the generator, signed in by the benchmark. */
export const OPERATOR = { username: 'bigop', password: 'big-tenant-pass-1' };
// Every helper rebuilds apps/server/dist; builds and starts are serialised by this lock.
const BUILD_LOCK = '/tmp/ws-e2e.lock';
// Migrations added after the database was generated may build indexes over 10 million contacts.
const READY_TIMEOUT_MS = 60 * 60_000;

/**
 * Holds the build lock while `work` runs: a `flock` child keeps it until its stdin closes. The
 * lock is released as soon as the product is up: a running server has loaded its code, so a
 * rebuild by someone else no longer disturbs it.
 */
async function underBuildLock(work) {
  const holder = spawn('flock', [BUILD_LOCK, 'sh', '-c', 'echo locked; read _'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    holder.once('error', reject);
    holder.once('exit', (code) => reject(new Error(`flock exited with ${code} before taking ${BUILD_LOCK}`)));
    holder.stdout.setEncoding('utf8').on('data', (text) => {
      if (text.includes('locked')) resolve();
    });
  });
  try {
    return await work();
  } finally {
    holder.stdin.end('\n');
  }
}

function build() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build failed (exit ${code})`))));
  });
}

/**
 * Builds (unless told not to) and starts the product on BIG_DIR with the demo tenant and the
 * sandbox off. Returns the product (url, pid, stop) and `databaseUrl`: the embedded PostgreSQL's
 * application database, as its superuser.
 */
export async function startBigProduct({ skipBuild = false, logLevel = 'warn' } = {}) {
  const product = await underBuildLock(async () => {
    if (!skipBuild) await build();
    return startProduct(ADMIN_PASSWORD, {
      dataDir: BIG_DIR,
      env: { DEMO: 'off', SANDBOX: 'off', REGISTRATION: 'open', LOG_LEVEL: logLevel },
      readyTimeoutMs: READY_TIMEOUT_MS,
    });
  });
  const password = (await fs.readFile(path.join(BIG_DIR, 'pg/superuser-password'), 'utf8')).trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${product.pgPort}/wsconsole`;
  return { ...product, databaseUrl };
}

/** A pg client on the product's database, for the generator and for EXPLAIN. */
export async function connectDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-big-tenant' });
  // A terminated session (Ctrl-C, a stopping database) must fail the query, not crash the process.
  client.on('error', (error) => console.error(`database connection: ${error.message}`));
  await client.connect();
  return client;
}

/** Signs the big tenant's operator in (registering it on a new database); returns the access token. */
export async function signInOperator(baseUrl) {
  try {
    return (await callApi(baseUrl, '/api/auth/login', OPERATOR)).access_token;
  } catch (error) {
    if (error.status !== 400) throw error;
  }
  return (await callApi(baseUrl, '/api/auth/register', OPERATOR)).access_token;
}

/** sha256 of each migration file, to tell later whether the cached database is still up to date. */
export async function migrationDigests() {
  const folder = path.join(repoRoot, 'apps/server/migrations');
  const files = (await fs.readdir(folder)).filter((file) => file.endsWith('.sql')).sort();
  const digests = {};
  for (const file of files) {
    digests[file] = createHash('sha256')
      .update(await fs.readFile(path.join(folder, file)))
      .digest('hex')
      .slice(0, 16);
  }
  return digests;
}
