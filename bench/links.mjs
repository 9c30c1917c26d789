// Click-to-chat redirects of the built server: GET /l/{slug} of one link with three weighted
// targets, from a phone's user agent, over keep-alive connections as fast as they are answered
// (closed loop, autocannon in this process: the load generator shares the machine's 2 cores).
// Every visit is a human click that the click log must record: after the run the bench waits
// until the roll-up counts every 302 it got, so the figure includes the log being written.
//
//   node links.mjs [--no-json] [--fastify]
//
// --fastify starts the server with LINKS_LEAN=off: the visits go through Fastify's route
// (`/l/:slug` with the global hooks: request id, one log line per request) instead of the lean
// path, for the before/after comparison. BENCH_DURATION: measured
// seconds (default 10); BENCH_CONNECTIONS: connections (default 32); BENCH_PIPELINING (default 1).
// Writes results/links.json unless --no-json. Exits non-zero on any answer other than 302 or when
// the click log misses clicks.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { callApi } from './api-call.mjs';
import { machineBusyCpuSeconds, serverCpuSeconds, serverRssMiB } from './proc-stats.mjs';
import { startProduct } from './product.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const MEASURE_SECONDS = Number(process.env.BENCH_DURATION || 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const PIPELINING = Number(process.env.BENCH_PIPELINING || 1);
const LOG_TIMEOUT_MS = 60_000;
const MOBILE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const viaFastify = process.argv.includes('--fastify');
const writeJson = !process.argv.includes('--no-json');

async function seedNumbers(db, tenantId) {
  const portfolio = await db.query(`insert into wa_portfolio (tenant_id, name) values ($1, 'bench') returning id`, [
    tenantId,
  ]);
  const waba = await db.query(
    `insert into wa_business_account (tenant_id, portfolio_id, waba_id) values ($1, $2, 'waba-links-bench') returning id`,
    [tenantId, portfolio.rows[0].id],
  );
  const ids = [];
  for (let i = 1; i <= 3; i += 1) {
    const number = await db.query(
      `insert into wa_number (tenant_id, waba_ref, phone, phone_number_id, access_token_encrypted, api_base_url)
       values ($1, $2, $3, $4, 'x', 'http://127.0.0.1:1') returning id::text`,
      [tenantId, waba.rows[0].id, `+1555010000${i}`, `pn-links-bench-${i}`],
    );
    ids.push(number.rows[0].id);
  }
  return ids;
}

const clicksLogged = async (db, linkId) =>
  Number(
    (
      await db.query(
        'select coalesce(sum(human_clicks + bot_clicks), 0)::bigint as n from link_day where link_id = $1',
        [linkId],
      )
    ).rows[0].n,
  );

function run(url, seconds) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    duration: seconds,
    headers: { 'user-agent': MOBILE, 'accept-language': 'en' },
  });
}

async function main() {
  const server = await startProduct('bench-admin-pass-1', {
    args: ['--role=api'],
    env: { SANDBOX: 'off', DEMO: 'off', ...(viaFastify ? { LINKS_LEAN: 'off' } : {}) },
  });
  const { dataDir, pgPort, port } = server;
  const password = (await fs.readFile(path.join(dataDir, 'pg/superuser-password'), 'utf8')).trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/wsconsole`,
  });
  await db.connect();
  let failed = false;
  try {
    const base = `http://127.0.0.1:${port}`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `linkbench_${process.pid}`, password: 'bench-pass-123' }),
    }).then((reply) => reply.json());
    const token = registered.data.access_token;
    const numbers = await seedNumbers(db, registered.data.user_info.tenant_id);
    const link = await callApi(
      base,
      '/api/link/add',
      {
        slug: 'bench-link',
        name: 'Bench',
        message: 'Hello, I would like to know more',
        rule: 'weight',
        targets: numbers.map((numberId, i) => ({ numberId, weight: i === 0 ? 2 : 1 })),
      },
      token,
    );
    const url = `${base}${link.path}?utm_source=bench`;
    const probe = await fetch(url, { redirect: 'manual', headers: { 'user-agent': MOBILE } });
    if (probe.status !== 302) throw new Error(`the link answered ${probe.status}`);

    const loadBefore = os.loadavg();
    const warm = await run(url, WARMUP_SECONDS);
    // The probe's and the warm-up's clicks all written before the measured run starts.
    const loggedBefore = await waitForLog(db, link.id, 1 + warm['3xx']);
    const cpuBefore = serverCpuSeconds(server.pid);
    const machineBefore = machineBusyCpuSeconds();
    const benchCpuBefore = process.cpuUsage();
    const startedAt = process.hrtime.bigint();
    const result = await run(url, MEASURE_SECONDS);
    const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
    const cpuAfter = serverCpuSeconds(server.pid);
    const machineAfter = machineBusyCpuSeconds();
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const redirects = result['3xx'];
    const logStarted = Date.now();
    const logged = (await waitForLog(db, link.id, loggedBefore + redirects)) - loggedBefore;
    const logLagMs = Date.now() - logStarted;
    const loadAfter = os.loadavg();
    const percent = (seconds) => Math.round((seconds / wallSeconds) * 100);
    // CPU time per redirect, so a figure taken on a busy machine still says what the product costs.
    const perRedirect = (seconds) => Math.round((seconds / redirects) * 1e7) / 10;
    const cost =
      cpuBefore && cpuAfter
        ? {
            server: perRedirect(cpuAfter.server - cpuBefore.server),
            database: perRedirect(cpuAfter.database - cpuBefore.database),
            load_generator: perRedirect((benchCpu.user + benchCpu.system) / 1e6),
          }
        : null;
    const report = {
      at: new Date().toISOString(),
      path: viaFastify ? 'fastify' : 'lean',
      connections: CONNECTIONS,
      pipelining: PIPELINING,
      seconds: Math.round(wallSeconds * 10) / 10,
      redirects_per_second: Math.round(redirects / wallSeconds),
      other_answers: result.non2xx - redirects,
      errors: result.errors + result.timeouts,
      latency_ms: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      clicks_logged: logged,
      log_caught_up_ms: logLagMs,
      cpu_percent_of_one_core:
        cpuBefore && cpuAfter && machineBefore !== undefined && machineAfter !== undefined
          ? {
              server: percent(cpuAfter.server - cpuBefore.server),
              database: percent(cpuAfter.database - cpuBefore.database),
              load_generator: percent((benchCpu.user + benchCpu.system) / 1e6),
              machine: percent(machineAfter - machineBefore),
            }
          : null,
      cpu_us_per_redirect: cost,
      // What the cores could carry at that cost with nothing else running: the product alone (the
      // generator on another machine), and with this generator beside it.
      projected_per_second_on_idle_cores: cost
        ? {
            product_alone: Math.round((os.cpus().length * 1e6) / (cost.server + cost.database)),
            with_generator: Math.round((os.cpus().length * 1e6) / (cost.server + cost.database + cost.load_generator)),
          }
        : null,
      server_rss_mib: serverRssMiB(server.pid),
      load_average_before: loadBefore.map((n) => Math.round(n * 100) / 100),
      load_average_after: loadAfter.map((n) => Math.round(n * 100) / 100),
      cores: os.cpus().length,
    };
    console.log(JSON.stringify(report, null, 2));
    // Each connection may have one visit in flight when autocannon stops counting: the server still
    // answers and logs it, so the log may hold up to one click a connection more than the count.
    const unlogged = logged < redirects || logged > redirects + CONNECTIONS;
    if (report.other_answers !== 0 || report.errors !== 0 || unlogged) failed = true;
    if (writeJson) {
      await fs.mkdir(path.join(benchDir, 'results'), { recursive: true });
      await fs.writeFile(
        path.join(benchDir, `results/links${viaFastify ? '-fastify' : ''}.json`),
        `${JSON.stringify(report, null, 2)}\n`,
      );
    }
  } finally {
    await db.end();
    const stopped = await server.stop();
    if (stopped.code !== 0) {
      console.error(`server stopped with ${stopped.code ?? stopped.signal}`);
      failed = true;
    }
  }
  if (failed) process.exitCode = 1;
}

/** The clicks the roll-up counts once it reaches `expected` (or stops moving when null). */
async function waitForLog(db, linkId, expected) {
  const deadline = Date.now() + LOG_TIMEOUT_MS;
  let last = -1;
  for (;;) {
    const now = await clicksLogged(db, linkId);
    if (expected !== null ? now >= expected : now === last) return now;
    if (Date.now() > deadline) return now;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

await main();
