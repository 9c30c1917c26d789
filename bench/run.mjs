// HTTP benchmarks of the built WS Console server on its embedded PostgreSQL: starts the real
// product on loopback, seeds customers, then measures two calls with autocannon.
//
//   node run.mjs [--no-json]       (from the root: npm run bench)
//
// BENCH_DURATION: seconds per measured scenario (default 10); BENCH_LOG_LEVEL: the server's
// LOG_LEVEL (default warn). A run that measured something writes results/latest.json, unless
// --no-json is given.
// Exits non-zero when any measured or warm-up request failed or the server did not stop cleanly.
import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { callApi } from './api-call.mjs';
import { machineBusyCpuSeconds, serverCpuSeconds, serverRssMiB } from './proc-stats.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const resultsFile = path.join(benchDir, 'results/latest.json');

const CONNECTIONS = 50;
const MEASURE_SECONDS = parseSeconds(process.env.BENCH_DURATION, 10);
// Long enough for V8 to optimise the hot paths and the pool to open its connections.
const WARMUP_SECONDS = 3;
const OPERATOR_COUNT = 300;
// Registration hashes a password; a few at a time keeps seeding short without starving the server.
const SEED_CONCURRENCY = 8;
const ADMIN_PASSWORD = 'bench-admin-pass-1';
const OPERATOR_PASSWORD = 'bench-pass-123';
// At info the server logs one line per request, which costs throughput; warn measures the calls themselves.
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL || 'warn';
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 60_000;
const writeJson = !process.argv.includes('--no-json');

function parseSeconds(value, fallback) {
  if (value === undefined || value === '') return fallback;
  const seconds = Number(value);
  // Capped so that a run stays bounded; the two scenarios plus warm-ups run back to back.
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) {
    throw new Error(`BENCH_DURATION: must be a whole number of seconds from 1 to 60 (got "${value}")`);
  }
  return seconds;
}

/** A port the OS has just handed out on loopback, so the server and database do not collide with anything. */
async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function distinctFreePorts(count) {
  const ports = new Set();
  // 5432 is where a system PostgreSQL may listen; the server refuses it for its embedded one.
  while (ports.size < count) {
    const port = await freePort();
    if (port !== 5432) ports.add(port);
  }
  return [...ports];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server process with its output kept: pino writes JSON lines to stdout, and lines at warn
 * (40) or above are counted so that the report can say whether the server complained under load.
 */
function startServer(env) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, output: [], problems: [], exit: undefined, stopRequestedAt: undefined };
  const keep = (line) => {
    server.output.push(line);
    if (server.output.length > 200) server.output.shift();
    // Only lines at warn (40) or above are parsed: at LOG_LEVEL=info the server writes one line per
    // request, and parsing them all would take CPU from the load generator in this process.
    if (!/"level":[456]0\b/.test(line)) return;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (typeof entry.level === 'number' && entry.level >= 40) {
      const duringShutdown = server.stopRequestedAt !== undefined && entry.time >= server.stopRequestedAt;
      server.problems.push({ level: entry.level, msg: entry.msg, err: entry.err?.message, duringShutdown });
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8').on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) keep(line);
    });
  }
  server.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      server.exit = { code, signal };
      resolve(server.exit);
    });
  });
  return server;
}

async function waitUntilReady(server, baseUrl) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exit) {
      throw new Error(`server exited while starting (${describeExit(server.exit)}):\n${server.output.join('\n')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`server not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.output.join('\n')}`);
}

const describeExit = ({ code, signal }) => (signal ? `signal ${signal}` : `exit code ${code}`);

/** Sends SIGTERM and waits; the server finishes in-flight requests, stops its database and exits 0. */
async function stopServer(server) {
  if (server.exit) return server.exit;
  server.stopRequestedAt = Date.now();
  server.child.kill('SIGTERM');
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, STOP_TIMEOUT_MS);
  });
  const exit = await Promise.race([server.exited, timeout]);
  // A pending timer would keep this process alive for the rest of the minute.
  clearTimeout(timer);
  if (exit) return exit;
  server.child.kill('SIGKILL');
  return { ...(await server.exited), timedOut: true };
}

async function seedOperators(baseUrl) {
  let next = 1;
  const registerSome = async () => {
    while (next <= OPERATOR_COUNT) {
      const index = next++;
      await callApi(baseUrl, '/api/auth/register', { username: `benchop${index}`, password: OPERATOR_PASSWORD });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, registerSome));
}

/** Share of one core used over the interval, in percent (the machine's total is 100 × cores). */
const percentOfCore = (cpuSeconds, wallSeconds) => Math.round((cpuSeconds / wallSeconds) * 100);

function failureCount(result) {
  return result.non2xx + result.errors + result.timeouts;
}

// The run in progress, so that Ctrl-C can end it instead of waiting out its duration.
let currentRun;
let interrupted = false;

async function runAutocannon(options, seconds) {
  currentRun = autocannon({ ...options, connections: CONNECTIONS, duration: seconds });
  try {
    const result = await currentRun;
    if (interrupted) throw new Error('interrupted');
    return result;
  } finally {
    currentRun = undefined;
  }
}

async function runScenario(scenario, serverPid) {
  const warmup = await runAutocannon(scenario.request, WARMUP_SECONDS);
  const rssBefore = serverRssMiB(serverPid);
  const cpuBefore = serverCpuSeconds(serverPid);
  const machineBefore = machineBusyCpuSeconds();
  const benchCpuBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const result = await runAutocannon(scenario.request, MEASURE_SECONDS);
  const wallSeconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const cpuAfter = serverCpuSeconds(serverPid);
  const machineAfter = machineBusyCpuSeconds();
  const benchCpu = process.cpuUsage(benchCpuBefore);
  let cpu;
  if (cpuBefore && cpuAfter && machineBefore !== undefined && machineAfter !== undefined) {
    const server = cpuAfter.server - cpuBefore.server;
    const database = cpuAfter.database - cpuBefore.database;
    const loadGenerator = (benchCpu.user + benchCpu.system) / 1e6;
    const machine = machineAfter - machineBefore;
    cpu = {
      serverPercent: percentOfCore(server, wallSeconds),
      databasePercent: percentOfCore(database, wallSeconds),
      loadGeneratorPercent: percentOfCore(loadGenerator, wallSeconds),
      // Whatever else ran meanwhile: other work on the machine, and interrupt time (loopback
      // networking) that the kernel charges to no process.
      otherPercent: percentOfCore(Math.max(0, machine - server - database - loadGenerator), wallSeconds),
      machineBusyPercent: percentOfCore(machine, wallSeconds),
    };
  }
  return {
    name: scenario.name,
    description: scenario.description,
    connections: CONNECTIONS,
    durationSeconds: result.duration,
    requestsPerSecond: { average: result.requests.average, stddev: result.requests.stddev },
    requestsTotal: result.requests.total,
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    throughputBytesPerSecond: result.throughput.average,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    warmupFailures: failureCount(warmup),
    serverRssMiB: { before: rssBefore, after: serverRssMiB(serverPid) },
    cpu,
  };
}

function printTable(rows) {
  const header = ['scenario', 'req/s avg', 'p50 ms', 'p99 ms', 'max ms', 'MB/s', 'non-2xx', 'errors', 'server RSS'];
  const lines = rows.map((row) => [
    row.name,
    row.requestsPerSecond.average.toFixed(0),
    String(row.latencyMs.p50),
    String(row.latencyMs.p99),
    String(row.latencyMs.max),
    (row.throughputBytesPerSecond / 1e6).toFixed(2),
    String(row.non2xx),
    String(row.errors + row.timeouts),
    `${row.serverRssMiB.before ?? '?'} → ${row.serverRssMiB.after ?? '?'} MiB`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) => cells.map((cell, column) => cell.padStart(widths[column])).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  for (const row of rows) {
    if (row.cpu) {
      console.log(
        `${row.name}: CPU server ${row.cpu.serverPercent}%, PostgreSQL ${row.cpu.databasePercent}%, ` +
          `load generator ${row.cpu.loadGeneratorPercent}%, other ${row.cpu.otherPercent}%; ` +
          `machine busy ${row.cpu.machineBusyPercent}% of ${os.availableParallelism() * 100}%`,
      );
    }
  }
}

async function main() {
  if (!existsSync(serverEntry)) {
    throw new Error(`${path.relative(repoRoot, serverEntry)} is missing: run "npm run build" at the root first`);
  }
  const [httpPort, databasePort] = await distinctFreePorts(2);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-bench-data-'));
  // As root the embedded PostgreSQL runs as the postgres user, who must be able to pass through.
  await fs.chmod(dataDir, 0o711);
  const baseUrl = `http://127.0.0.1:${httpPort}`;
  const env = { ...process.env };
  // An inherited DATABASE_URL would point the server at another database instead of its embedded one.
  delete env.DATABASE_URL;
  Object.assign(env, {
    // An inherited NODE_ENV=test would make the server check every reply against its schema.
    NODE_ENV: 'production',
    PORT: String(httpPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(databasePort),
    CAPTCHA: 'off',
    REGISTRATION: 'open',
    ADMIN_PASSWORD,
    LOG_LEVEL,
  });

  console.log(`Starting the server on ${baseUrl} (data in ${dataDir}, LOG_LEVEL=${LOG_LEVEL})`);
  const server = startServer(env);
  let exit;
  let failed = false;
  const stopOnInterrupt = () => {
    interrupted = true;
    currentRun?.stop();
    server.stopRequestedAt = Date.now();
    server.child.kill('SIGTERM');
  };
  process.once('SIGINT', stopOnInterrupt);
  const report = { rows: [] };
  try {
    const startedAt = Date.now();
    await waitUntilReady(server, baseUrl);
    console.log(`Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    const seedStartedAt = Date.now();
    await seedOperators(baseUrl);
    const session = await callApi(baseUrl, '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    const token = session.access_token;
    const listBody = { page: 1, pageSize: 10 };
    // The list must page over the seeded rows, or the scenario would measure an empty query.
    const firstPage = await callApi(baseUrl, '/api/auth/list', listBody, token);
    if (firstPage.total < OPERATOR_COUNT || firstPage.records.length !== listBody.pageSize) {
      throw new Error(`customer list has ${firstPage.total} rows, ${firstPage.records.length} on page 1`);
    }
    console.log(
      `Seeded ${OPERATOR_COUNT} operators (tenants) in ${((Date.now() - seedStartedAt) / 1000).toFixed(1)} s; ` +
        `server RSS ${serverRssMiB(server.child.pid) ?? '?'} MiB`,
    );
    report.serverRssMiBBeforeScenarios = serverRssMiB(server.child.pid);

    const scenarios = [
      {
        name: 'GET /api/ping',
        description: 'Tokenless call answered from memory: routing, hooks and the JSON envelope, no database.',
        request: { url: `${baseUrl}/api/ping`, method: 'GET' },
      },
      {
        name: 'POST /api/auth/list',
        description:
          'Platform admin lists customers, page 1 of 10: token check plus session lookup, then a count and a page query.',
        request: {
          url: `${baseUrl}/api/auth/list`,
          method: 'POST',
          headers: { 'content-type': 'application/json', token },
          body: JSON.stringify(listBody),
        },
      },
    ];
    for (const scenario of scenarios) {
      console.log(
        `${scenario.name}: warm-up ${WARMUP_SECONDS} s, then ${MEASURE_SECONDS} s at ${CONNECTIONS} connections`,
      );
      report.rows.push(await runScenario(scenario, server.child.pid));
    }
  } catch (error) {
    failed = true;
    console.error(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    const stopStartedAt = Date.now();
    exit = await stopServer(server);
    exit.seconds = Number(((Date.now() - stopStartedAt) / 1000).toFixed(1));
    await fs.rm(dataDir, { recursive: true, force: true });
    process.removeListener('SIGINT', stopOnInterrupt);
  }

  if (report.rows.length > 0) {
    console.log('');
    printTable(report.rows);
  }
  const requestFailures = report.rows.filter((row) => failureCount(row) + row.warmupFailures > 0);
  for (const row of requestFailures) {
    console.error(
      `FAILED: ${row.name}: ${row.non2xx} non-2xx (status codes ${JSON.stringify(row.statusCodes)}), ` +
        `${row.errors} errors, ${row.timeouts} timeouts; ${row.warmupFailures} failures during warm-up`,
    );
  }
  if (report.rows.length > 0 && requestFailures.length === 0) {
    const total = report.rows.reduce((sum, row) => sum + row.requestsTotal, 0);
    console.log(`All ${total} measured requests (and every warm-up request) answered 2xx`);
  }
  const cleanStop = exit.code === 0 && !exit.timedOut;
  const killed = exit.timedOut ? ' after SIGKILL (SIGTERM timed out)' : '';
  console.log(`Server stopped in ${exit.seconds} s: ${describeExit(exit)}${killed}`);
  if (server.problems.length > 0) {
    const counts = {};
    for (const problem of server.problems) {
      const when = problem.duringShutdown ? 'after SIGTERM' : 'before SIGTERM';
      const key = `${when}, level ${problem.level}: ${problem.msg}${problem.err ? ` (${problem.err})` : ''}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    console.log(`Server logged ${server.problems.length} line(s) at warn or above:`);
    for (const [key, count] of Object.entries(counts)) console.log(`  ${count} × ${key}`);
  }

  if (writeJson && report.rows.length > 0) {
    const results = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.availableParallelism(),
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      settings: {
        connections: CONNECTIONS,
        measureSeconds: MEASURE_SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        seededOperators: OPERATOR_COUNT,
        logLevel: LOG_LEVEL,
      },
      serverRssMiBBeforeScenarios: report.serverRssMiBBeforeScenarios,
      scenarios: report.rows,
      serverExit: exit,
      serverProblems: server.problems,
      ok: !failed && requestFailures.length === 0 && cleanStop,
    };
    await fs.mkdir(path.dirname(resultsFile), { recursive: true });
    await fs.writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Wrote ${path.relative(repoRoot, resultsFile)}`);
  }
  if (failed || requestFailures.length > 0 || !cleanStop) process.exitCode = 1;
}

await main();
