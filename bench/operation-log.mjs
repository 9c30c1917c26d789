// The operation log at 10 000 000 entries (issue 21, decision 0029): the first page of
// /api/operation/list through the real HTTP API for each filter, as an operator of the big tenant
// and as the platform admin across tenants, and the cost of writing one entry (every call that
// changes something writes one) with the indexes of migration 0047 against the table as it was.
//
//   nice -n 19 npx tsc -b apps/server && nice -n 19 node bench/operation-log.mjs [--no-json] [--regenerate]
//
// The entries are generated once, set-based (generate_series, 1 000 000 a statement, the
// secondary indexes dropped and rebuilt from their own definitions), into a data dir kept between
// runs: BENCH_OPLOG_DIR (default /tmp/ws-bench-oplog); --regenerate starts it afresh. 100 tenants:
// the big one (the operator's) holds 40 % of the entries, over the last 365 days; 24 users, 40
// actions of skewed frequency plus a rare one, targets with words and ids, 32 addresses a tenant.
// BENCH_OPLOG_SECONDS: measured seconds per scenario (default 5), one connection. Writes
// results/operation-log.json unless --no-json. Exits 1 when a call fails.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callApi } from './api-call.mjs';
import { connectDatabase } from './big-tenant/big-product.mjs';
import { measure, quantile, timeOnce } from './big-tenant/measure.mjs';
import { startProduct } from './product.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const DATA_DIR = path.resolve(process.env.BENCH_OPLOG_DIR || '/tmp/ws-bench-oplog');
const SECONDS = Number(process.env.BENCH_OPLOG_SECONDS || 5);
const ROWS = Number(process.env.BENCH_OPLOG_ROWS || 10_000_000);
const BATCH = 1_000_000;
const WRITES = 5_000;
const ADMIN_PASSWORD = 'bench-admin-pass-1';
const OPERATOR = { username: 'oplogop', password: 'oplog-bench-pass-1' };
const writeJson = !process.argv.includes('--no-json');
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const ACTIONS = [
  'tag.add',
  'agent.batch',
  'friend.settag',
  'link.edit',
  'btmsg.add',
  'auth.login',
  'tag.edit',
  'agent.moveagent',
  'mater.add',
  'inbox.send',
  'friend.btdel',
  'keep.add',
  'order.create',
  'link.add',
  'ip.ipadd',
  'data.add',
  'template.sync',
  'agent.import',
  'mater.edit',
  'quickreply.add',
  'keyword.add',
  'group.pulladd',
  'power.add',
  'tag.del',
  'agent.recycle',
  'link.dellink',
  'order.addshare',
  'ip.groupadd',
  'inbox.assign',
  'agent.setip',
  'btmsg.operation',
  'profile.apply',
  'consume.down',
  'agent.exportfriends',
  'ip.ipdel',
  'auth.password',
  'order.del',
  'group.pulloperation',
  'keep.del',
  'data.del',
];
const RARE_ACTION = 'auth.resetpassword';
const WORDS = Array.from({ length: 200 }, (_, i) => `w${(i * 7919).toString(36)}`);

async function generated(db) {
  const { rows } = await db
    .query(`select detail from bench_oplog.state where step = 'done'`)
    .catch(() => ({ rows: [] }));
  return rows[0]?.detail;
}

/** 99 more tenants beside the operator's, and 10 000 000 entries; the secondary indexes rebuilt at the end. */
async function generate(db, bigTenant) {
  const started = Date.now();
  await db.query('create schema if not exists bench_oplog');
  await db.query('create table if not exists bench_oplog.state (step text primary key, detail jsonb)');
  await db.query(
    `insert into tenant (id, name) select (200000 + i)::text, 'oplog bench ' || i from generate_series(1, 99) i
     on conflict do nothing`,
  );
  const tenants = [bigTenant, ...Array.from({ length: 99 }, (_, i) => String(200001 + i))];
  const { rows: indexes } = await db.query(
    `select indexname, indexdef from pg_indexes
      where tablename = 'operation_log' and indexname not in (select conname from pg_constraint where contype = 'p')`,
  );
  await db.query('truncate operation_log');
  for (const index of indexes) await db.query(`drop index ${index.indexname}`);
  await db.query('select setseed(0.21)');
  for (let from = 1; from <= ROWS; from += BATCH) {
    const to = Math.min(ROWS, from + BATCH - 1);
    const at = Date.now();
    // Time grows with n (the log is written in time order); 40 % of entries are the big tenant's.
    await db.query(
      `insert into operation_log (tenant_id, user_id, username, action, target, address, request_id, created_at)
       select ($3::text[])[t], null, case when t = 1 and u = 0 then $7 else 'u' || t || '_' || u end,
              case when r_rare < 0.0005 then $6 else ($4::text[])[1 + floor(40 * r_action * r_action)::int] end,
              'link ' || n || ' /l/' || ($5::text[])[1 + floor(200 * r_word)::int] || ': weight ' || (n % 7),
              ('10.' || (t % 250) || '.' || floor(4 * r_address)::int || '.' || (1 + floor(8 * random())::int))::inet,
              md5(n::text), now() - interval '365 days' + n * (interval '365 days' / $2::bigint)
         from (select n, case when random() < 0.4 then 1 else 2 + floor(99 * random())::int end as t,
                      floor(24 * random())::int as u, random() as r_action, random() as r_word,
                      random() as r_address, random() as r_rare
                 from generate_series($1::bigint, $8::bigint) n) g`,
      [from, ROWS, tenants, ACTIONS, WORDS, RARE_ACTION, OPERATOR.username, to],
    );
    log(`entries ${to.toLocaleString('en')} (${Math.round((Date.now() - at) / 100) / 10} s)`);
  }
  await db.query('set maintenance_work_mem = $$512MB$$');
  for (const index of indexes) {
    const at = Date.now();
    await db.query(index.indexdef);
    log(`${index.indexname} built (${Math.round((Date.now() - at) / 100) / 10} s)`);
  }
  await db.query('vacuum analyze operation_log');
  const detail = { rows: ROWS, tenants: tenants.length, seconds: Math.round((Date.now() - started) / 1000) };
  await db.query(`insert into bench_oplog.state values ('done', $1) on conflict (step) do update set detail = $1`, [
    detail,
  ]);
  return detail;
}

/**
 * Microseconds per entry written the way writeOperationLog writes it, one statement per entry:
 * each its own transaction (as the product writes them: the commit's flush dominates), or all in
 * one transaction (what the indexes cost).
 */
async function writeCost(db, table, { oneTransaction = false } = {}) {
  if (oneTransaction) await db.query('begin');
  const text = `insert into ${table} (tenant_id, user_id, username, action, target, address, request_id)
    values ($1, $2, $3, $4, $5, case when pg_input_is_valid($6::text, 'inet') then $6::text::inet end, $7)`;
  const times = [];
  for (let i = 0; i < WRITES; i += 1) {
    const at = process.hrtime.bigint();
    await db.query(text, [
      '200001',
      '1',
      'writer',
      ACTIONS[i % ACTIONS.length],
      `link ${i} /l/${WORDS[i % WORDS.length]}: weight ${i % 7} and a longer description of what changed`,
      `10.9.${i % 4}.${1 + (i % 8)}`,
      `req-${i}`,
    ]);
    times.push(Number(process.hrtime.bigint() - at) / 1000);
  }
  if (oneTransaction) await db.query('commit');
  times.sort((a, b) => a - b);
  const total = times.reduce((sum, time) => sum + time, 0);
  return {
    rows: WRITES,
    us_per_row_mean: Math.round(total / WRITES),
    us_p50: Math.round(quantile(times, 0.5)),
    us_p95: Math.round(quantile(times, 0.95)),
    us_p99: Math.round(quantile(times, 0.99)),
    rows_per_second: Math.round(WRITES / (total / 1e6)),
  };
}

/** The write cost with 0047's indexes, against the table as migration 0001 made it (its primary key and one time index). */
async function writeCosts(db) {
  await db.query('drop table if exists bench_oplog.before_0047');
  await db.query('create table bench_oplog.before_0047 (like operation_log including defaults including identity)');
  await db.query('alter table bench_oplog.before_0047 add primary key (tenant_id, id)');
  await db.query('create index on bench_oplog.before_0047 (tenant_id, created_at desc)');
  const costs = {};
  for (const oneTransaction of [false, true]) {
    const mode = oneTransaction ? 'one_transaction' : 'commit_each';
    costs[mode] = {
      before_0047: await writeCost(db, 'bench_oplog.before_0047', { oneTransaction }),
      with_0047: await writeCost(db, 'operation_log', { oneTransaction }),
    };
  }
  await db.query('drop table bench_oplog.before_0047');
  await db.query(`delete from operation_log where username = 'writer'`);
  // So that the next run does not measure autovacuum cleaning up after this one (nor a GIN pending
  // list these writes filled).
  await db.query('vacuum operation_log');
  return costs;
}

const list = (filters) => ({ method: 'POST', path: '/api/operation/list', body: { page: 1, pageSize: 10, filters } });

function scenarios(bigTenant) {
  const monthAgo = Date.now() - 30 * 86_400_000;
  const week = { from: new Date(monthAgo).toISOString(), to: new Date(monthAgo + 7 * 86_400_000).toISOString() };
  return [
    { who: 'operator', name: 'no filter', request: list({}) },
    { who: 'operator', name: 'user', request: list({ username: 'u1_7' }) },
    { who: 'operator', name: 'action (common)', request: list({ action: 'tag.add' }) },
    { who: 'operator', name: 'action (rare, 0.05 %)', request: list({ action: RARE_ACTION }) },
    { who: 'operator', name: 'target text (a word, 0.5 %)', request: list({ target: WORDS[17] }) },
    { who: 'operator', name: 'target text (rare: an id)', request: list({ target: '4242424' }) },
    { who: 'operator', name: 'target text (rare, of frequent words)', request: list({ target: 'link 4242424 ' }) },
    // No three letters or digits in a row (no trigram) and found nowhere: the widest read there is.
    { who: 'operator', name: 'target text (no trigram, absent: #1)', request: list({ target: '#1' }) },
    { who: 'operator', name: 'address (exact)', request: list({ address: '10.1.2.3' }) },
    { who: 'operator', name: 'address (/24)', request: list({ address: '10.1.3.0/24' }) },
    { who: 'operator', name: 'time range (a week, a month ago)', request: list(week) },
    {
      who: 'operator',
      name: 'user + action + week',
      request: list({ username: 'u1_3', action: 'agent.batch', ...week }),
    },
    { who: 'admin', name: 'all tenants, no filter', request: list({}) },
    { who: 'admin', name: 'all tenants, action (common)', request: list({ action: 'tag.add' }) },
    {
      who: 'admin',
      name: 'all tenants, user (resolved to its tenant)',
      request: list({ username: OPERATOR.username }),
    },
    { who: 'admin', name: 'one tenant', request: list({ tenantId: bigTenant }) },
    // A tenant of 0.6 % of the entries: its rare text must not cost more than the big tenant's.
    {
      who: 'admin',
      name: 'a small tenant, target text (rare: an id)',
      request: list({ tenantId: '200005', target: '4242424' }),
    },
    { who: 'admin', name: 'all tenants, target text (rare: an id)', request: list({ target: '4242424' }) },
    { who: 'admin', name: 'all tenants, week', request: list(week) },
  ];
}

async function signIn(baseUrl) {
  try {
    return await callApi(baseUrl, '/api/auth/login', OPERATOR);
  } catch (error) {
    if (error.status !== 400) throw error;
  }
  return callApi(baseUrl, '/api/auth/register', OPERATOR);
}

async function main() {
  if (process.argv.includes('--regenerate')) await fs.rm(DATA_DIR, { recursive: true, force: true });
  const product = await startProduct(ADMIN_PASSWORD, {
    dataDir: DATA_DIR,
    env: { DEMO: 'off', SANDBOX: 'off', REGISTRATION: 'open' },
    readyTimeoutMs: 60 * 60_000,
  });
  const stopOnInterrupt = () => product.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnInterrupt);
  const password = (await fs.readFile(path.join(DATA_DIR, 'pg/superuser-password'), 'utf8')).trim();
  const db = await connectDatabase(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${product.pgPort}/wsconsole`,
  );
  let failed = false;
  try {
    const operator = await signIn(product.url);
    const bigTenant = operator.user_info.tenant_id;
    const admin = (await callApi(product.url, '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD }))
      .access_token;
    const generation = (await generated(db)) ?? (await generate(db, bigTenant));
    log(`entries: ${JSON.stringify(generation)}`);
    const report = {
      at: new Date().toISOString(),
      generation,
      cores: os.cpus().length,
      load_average_before: os.loadavg().map((n) => Math.round(n * 100) / 100),
      scenarios: [],
    };
    const tokens = { operator: operator.access_token, admin };
    for (const scenario of scenarios(bigTenant)) {
      const token = tokens[scenario.who];
      const cold = await timeOnce(product.url, token, scenario.request);
      await measure(product.url, token, scenario.request, { seconds: 1, connections: 1, serverPid: product.pid });
      const run = await measure(product.url, token, scenario.request, {
        seconds: SECONDS,
        connections: 1,
        serverPid: product.pid,
      });
      const row = {
        who: scenario.who,
        name: scenario.name,
        cold_ms: cold.ms,
        rows: cold.data.records.length,
        total: `${cold.data.total}${cold.data.total_capped ? '+' : ''}`,
        ...run,
        load_average: Math.round(os.loadavg()[0] * 100) / 100,
      };
      report.scenarios.push(row);
      log(
        `${row.who.padEnd(8)} ${row.name.padEnd(44)} p50 ${row.p50} p95 ${row.p95} p99 ${row.p99} ms (${row.requests} calls, ${row.rows}/${row.total}, load ${row.load_average})`,
      );
    }
    report.writes = await writeCosts(db);
    log(`writes: ${JSON.stringify(report.writes)}`);
    report.load_average_after = os.loadavg().map((n) => Math.round(n * 100) / 100);
    if (writeJson) {
      await fs.mkdir(path.join(benchDir, 'results'), { recursive: true });
      await fs.writeFile(path.join(benchDir, 'results/operation-log.json'), `${JSON.stringify(report, null, 2)}\n`);
    }
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    await db.end();
    await product.stop();
  }
  process.exit(failed ? 1 : 0);
}

await main();
