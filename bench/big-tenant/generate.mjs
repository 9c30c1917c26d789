// Fills one tenant of the product's database with a big account: 100 000 numbers, 10 000 000
// contacts, contact and number tags, 2 000 000 messages, set-based in SQL, in chunks of 500 000
// rows so that the roll-up triggers' transition tables stay small.
//
//   node bench/big-tenant/generate.mjs [--fresh] [--no-build]
//
// The database is the product's embedded PostgreSQL under BENCH_BIG_DIR (default /tmp/ws-bench-big),
// kept between runs: a run that finds the work done only checks it. Every step commits with its
// row in bench_big.state, so a run that was killed resumes at the step it was in. --fresh deletes
// the data dir first. BENCH_BIG_NUMBERS / BENCH_BIG_CONTACTS / BENCH_BIG_MESSAGES / BENCH_BIG_CHUNK
// change the sizes (for a quick trial in another BENCH_BIG_DIR); a cached database made with
// other sizes is refused.
import { createCipheriv, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { BIG_DIR, connectDatabase, migrationDigests, signInOperator, startBigProduct } from './big-product.mjs';
import { checkTenant } from './checks.mjs';
import {
  contactTagCount,
  createIndex,
  dropContactIndexes,
  insertContactChunk,
  insertContactTagDefinitions,
  insertContactTagMembers,
} from './contacts.mjs';
import { deriveConversations, ensurePartitions, insertMessageChunk } from './messages.mjs';
import { assignNumberOwners, insertEgressIps, insertNumbers, insertNumberTags, insertSeats } from './numbers.mjs';

const sizeFrom = (name, fallback) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}: must be a whole number above 0`);
  return value;
};
const SIZES = {
  numbers: sizeFrom('BENCH_BIG_NUMBERS', 100_000),
  contacts: sizeFrom('BENCH_BIG_CONTACTS', 10_000_000),
  messages: sizeFrom('BENCH_BIG_MESSAGES', 2_000_000),
  chunk: sizeFrom('BENCH_BIG_CHUNK', 500_000),
};
/** Raised when the generated data changes shape, so that an old cache is not taken for a new one. */
const GENERATOR_VERSION = 1;

const SETUP = `
  create schema if not exists bench_big;
  create table if not exists bench_big.state (
    step text primary key, seconds numeric not null, detail jsonb, done_at timestamptz not null default now());
  create table if not exists bench_big.number_map (idx int primary key, number_id bigint not null);
  create table if not exists bench_big.contact_chunk (chunk int primary key, lo bigint not null, first_id bigint not null);`;

/** The product's token format (whatsapp/crypto/token-cipher.ts) with the data dir's key: decryptable, never used. */
async function sealToken(plain) {
  const key = Buffer.from((await fs.readFile(path.join(BIG_DIR, 'token-encryption.key'), 'utf8')).trim(), 'base64');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

async function loadTenant(db, username) {
  const { rows } = await db.query(
    `select tenant_id as "tenantId", id::text as "operatorId", dept_id::text as "deptId", password_hash as "passwordHash"
       from app_user where lower(username) = lower($1)`,
    [username],
  );
  if (!rows[0]) throw new Error(`no user ${username}`);
  const tenant = rows[0];
  const ids = async (sql) => (await db.query(sql, [tenant.tenantId])).rows[0].ids ?? [];
  tenant.seatIds = await ids(
    `select array_agg(id::text order by id) as ids from app_user
      where tenant_id = $1 and role_id = (select id from role where code = 'seat')`,
  );
  tenant.ipIds = await ids('select array_agg(id::text order by id) as ids from egress_ip where tenant_id = $1');
  return tenant;
}

/** Runs the steps not yet recorded in bench_big.state, each committed with its state row. */
function stepRunner(db, done, log) {
  return async function step(name, work, { transaction = true } = {}) {
    if (done.has(name)) return done.get(name);
    const startedAt = performance.now();
    if (transaction) await db.query('begin');
    try {
      const detail = (await work()) ?? {};
      const seconds = (performance.now() - startedAt) / 1000;
      await db.query('insert into bench_big.state (step, seconds, detail) values ($1, $2, $3)', [
        name,
        seconds,
        detail,
      ]);
      if (transaction) await db.query('commit');
      done.set(name, detail);
      // 300 tag steps: only the slow ones are worth a line.
      if (!name.startsWith('contact-tags:') || seconds >= 2) {
        log(`${name}: ${seconds.toFixed(1)} s ${JSON.stringify(detail).slice(0, 160)}`);
      }
      return detail;
    } catch (error) {
      if (transaction) await db.query('rollback');
      throw error;
    }
  };
}

async function generate(db, tenant, step) {
  await step('seats', () => insertSeats(db, tenant));
  await step('egress-ips', () => insertEgressIps(db, tenant));
  Object.assign(tenant, await loadTenant(db, tenant.username));
  tenant.sealedToken = await sealToken('bench-token-never-sent');
  await step('numbers', () => insertNumbers(db, tenant, SIZES));
  await step('number-owners', () => assignNumberOwners(db, tenant));
  await step('number-tags', () => insertNumberTags(db, tenant));
  await step('contact-tag-definitions', () => insertContactTagDefinitions(db, tenant));
  const dropped = await step('contacts:drop-indexes', () => dropContactIndexes(db));
  const contactChunks = Math.ceil(SIZES.contacts / SIZES.chunk);
  for (let chunk = 0; chunk < contactChunks; chunk++) {
    await step(`contacts:chunk:${chunk}`, () => insertContactChunk(db, tenant, SIZES, chunk));
  }
  for (let t = 1; t <= contactTagCount; t++) {
    await step(`contact-tags:${t}`, () => insertContactTagMembers(db, tenant, SIZES, t));
  }
  await step('messages:partitions', () => ensurePartitions(db));
  const messageChunks = Math.ceil(SIZES.messages / SIZES.chunk);
  for (let chunk = 0; chunk < messageChunks; chunk++) {
    await step(`messages:chunk:${chunk}`, () => insertMessageChunk(db, tenant, SIZES, chunk));
  }
  await step('messages:conversations', () => deriveConversations(db, tenant));
  for (const index of dropped.indexes) {
    await step(`contacts:index:${index.name}`, () => createIndex(db, index));
  }
  // Migrations edited after this point are not applied to the cached database: lists.mjs compares.
  await step('migrations', () => migrationDigests());
  await step(
    'vacuum-analyze',
    async () => {
      await db.query('vacuum (analyze)');
      await db.query('checkpoint');
      return {};
    },
    { transaction: false },
  );
}

async function main() {
  const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
  if (process.argv.includes('--fresh')) {
    log(`removing ${BIG_DIR}`);
    await fs.rm(BIG_DIR, { recursive: true, force: true });
  }
  const startedAt = performance.now();
  log(`starting the product on ${BIG_DIR}`);
  const product = await startBigProduct({ skipBuild: process.argv.includes('--no-build') });
  let db;
  // Ctrl-C: end the statement in progress (its chunk rolls back; the next run redoes it), then stop
  // the product, whose database would otherwise wait for this session to finish.
  const interrupt = async () => {
    log('interrupted: stopping');
    const killer = await connectDatabase(product.databaseUrl).catch(() => undefined);
    await killer
      ?.query(`select pg_terminate_backend(pid) from pg_stat_activity
                where application_name = 'bench-big-tenant' and pid <> pg_backend_pid()`)
      .catch(() => undefined);
    await killer?.end();
    await product.stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await signInOperator(product.url);
    db = await connectDatabase(product.databaseUrl);
    // Bulk-load settings for this session only: nothing waits for a commit to reach the disk, and
    // the index builds get memory and one parallel worker (the machine has two cores).
    await db.query(`set synchronous_commit = off; set maintenance_work_mem = '1GB'; set work_mem = '256MB';
                    set max_parallel_maintenance_workers = 1`);
    await db.query(SETUP);
    const { rows } = await db.query('select step, detail from bench_big.state');
    const done = new Map(rows.map((row) => [row.step, row.detail]));
    const params = { version: GENERATOR_VERSION, ...SIZES };
    const cached = done.get('params');
    // jsonb keeps its own key order, so compare key by key.
    const sameParams = (a, b) => Object.keys({ ...a, ...b }).every((key) => a[key] === b[key]);
    if (cached && !sameParams(cached, params)) {
      throw new Error(
        `${BIG_DIR} holds a database generated with ${JSON.stringify(cached)}, not ${JSON.stringify(params)}: ` +
          'run with --fresh (or another BENCH_BIG_DIR)',
      );
    }
    const step = stepRunner(db, done, log);
    await step('params', () => params);
    const tenant = { username: 'bigop', ...(await loadTenant(db, 'bigop')) };
    const pending = !done.has('vacuum-analyze');
    if (pending) {
      // Fewer checkpoints during the load (each would write every dirty page again); undone below.
      await db.query(`alter system set max_wal_size = '8GB'`);
      await db.query(`alter system set checkpoint_timeout = '30min'`);
      await db.query('select pg_reload_conf()');
    }
    try {
      await generate(db, tenant, step);
    } finally {
      if (pending) {
        await db.query('alter system reset max_wal_size');
        await db.query('alter system reset checkpoint_timeout');
        await db.query('select pg_reload_conf()');
      }
    }
    const { rows: timing } = await db.query(
      `select sum(seconds)::float8 as total,
              jsonb_object_agg(phase, seconds) as phases
         from (select split_part(step, ':', 1) as phase, round(sum(seconds), 1)::float8 as seconds
                 from bench_big.state group by 1) p`,
    );
    log(`generation took ${Math.round(timing[0].total)} s in all runs: ${JSON.stringify(timing[0].phases)}`);
    log('checking row counts and roll-ups');
    const check = await checkTenant(db, tenant.tenantId);
    log(JSON.stringify({ tenantId: tenant.tenantId, ...check.counts }));
    log(JSON.stringify(check.rollups));
    if (check.problems.length > 0) {
      for (const problem of check.problems) console.error(`MISMATCH ${problem}`);
      process.exitCode = 1;
    } else {
      log('every roll-up agrees with a count of the rows');
    }
    const size = await db.query(`select pg_size_pretty(pg_database_size(current_database())) as size`);
    log(`database size ${size.rows[0].size}; this run took ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  } finally {
    await db?.end();
    const exit = await product.stop();
    if (exit.code !== 0) {
      console.error(`the product exited with ${JSON.stringify(exit)}:\n${product.output()}`);
      process.exitCode = 1;
    }
  }
}

await main();
