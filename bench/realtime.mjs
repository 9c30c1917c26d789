// The realtime channel of the built server (GET /ws): how many signed-in sockets one api process
// holds, how many event deliveries a second it fans out, and the latency from the publishing
// transaction to the client.
//
//   node realtime.mjs [--no-json]
//
// The server runs on its own embedded PostgreSQL in a temporary DATA_DIR. BENCH_SOCKETS (default 10000) sockets
// are spread over BENCH_TENANTS (default 10) tenants and held by two client threads; each event is
// for one tenant, so it is delivered to that tenant's sockets. BENCH_RATES: events published a
// second, one scenario each (default 20,100,200); BENCH_DURATION: seconds per scenario (default 10).
// Latency runs from just before the publishing INSERT (so it includes the insert and the commit)
// to the client thread's receipt of the message, both on this machine's clock.
// Writes results/realtime.json unless --no-json. Exits non-zero when a socket was refused or an
// event was not delivered to every socket of its tenant.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import WebSocket from 'ws';
import { serverCpuSeconds, serverRssMiB } from './proc-stats.mjs';
import { startProduct } from './product.mjs';

/** Latency histogram: 0.1 ms buckets up to 10 s. */
const BUCKETS = 100_000;
const now = () => performance.timeOrigin + performance.now();

if (!isMainThread) await clientThread();
else await main();

/** A client thread: opens its share of the sockets, then counts deliveries and their latencies. */
async function clientThread() {
  const { url, tokens, count } = workerData;
  let histogram = new Uint32Array(BUCKETS);
  let received = 0;
  const sockets = [];
  let refused = 0;
  const open = (index) =>
    new Promise((resolve) => {
      const socket = new WebSocket(url);
      sockets.push(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        refused += 1;
        resolve();
      });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: tokens[index % tokens.length] })));
      socket.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('{"type":"ready"')) return resolve();
        const at = text.indexOf('"t":');
        if (at < 0) return;
        const latency = now() - Number.parseFloat(text.slice(at + 4, text.indexOf('}', at)));
        histogram[Math.min(BUCKETS - 1, Math.max(0, Math.round(latency * 10)))] += 1;
        received += 1;
      });
    });
  for (let first = 0; first < count; first += 250) {
    await Promise.all(Array.from({ length: Math.min(250, count - first) }, (_, offset) => open(first + offset)));
  }
  parentPort.postMessage({ kind: 'open', refused });
  parentPort.on('message', (message) => {
    if (message === 'report') {
      parentPort.postMessage({ kind: 'report', received, histogram, closed: refused }, [histogram.buffer]);
      histogram = new Uint32Array(BUCKETS);
      received = 0;
    } else if (message === 'stop') {
      for (const socket of sockets) socket.terminate();
      parentPort.close();
    }
  });
}

async function main() {
  const benchDir = path.dirname(fileURLToPath(import.meta.url));
  const socketsWanted = Number(process.env.BENCH_SOCKETS || 10_000);
  const tenants = Number(process.env.BENCH_TENANTS || 10);
  const rates = (process.env.BENCH_RATES || '20,100,200').split(',').map(Number);
  const seconds = Number(process.env.BENCH_DURATION || 10);
  const writeJson = !process.argv.includes('--no-json');

  // The product's own embedded PostgreSQL, as `npm start` runs it: a shared server would let
  // other databases' long transactions hold delivery back (see docs/decisions/0011).
  const server = await startProduct('bench-admin-pass-1', {
    args: ['--role=api'],
    env: { SANDBOX: 'off', DEMO: 'off' },
  });
  const { dataDir, pgPort, port } = server;
  const password = (await fs.readFile(path.join(dataDir, 'pg/superuser-password'), 'utf8')).trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/wsconsole`,
  });
  await db.connect();
  const workers = [];
  let failed = false;
  try {
    const base = `http://127.0.0.1:${port}`;
    const accounts = [];
    for (let index = 0; index < tenants; index += 1) accounts.push(await register(base, index));
    const tokens = accounts.map((account) => account.access_token);
    // Each thread gets whole tenants' worth of sockets in the same order, so a tenant has socketsWanted / tenants.
    const started = now();
    const threads = 2;
    for (let index = 0; index < threads; index += 1) {
      workers.push(
        new Worker(fileURLToPath(import.meta.url), {
          workerData: { url: `ws://127.0.0.1:${port}/ws`, tokens, count: socketsWanted / threads },
        }),
      );
    }
    const opened = await Promise.all(workers.map((worker) => nextMessage(worker, 'open')));
    const refused = opened.reduce((sum, message) => sum + message.refused, 0);
    const connectSeconds = (now() - started) / 1000;
    const held = socketsWanted - refused;
    const rssAfterConnect = serverRssMiB(server.pid);
    console.error(`${held} sockets signed in in ${connectSeconds.toFixed(1)} s; server RSS ${rssAfterConnect} MiB`);
    if (refused > 0) failed = true;

    const scenarios = [];
    let totalExpected = 0;
    let totalReceived = 0;
    for (const rate of rates) {
      const perTenant = socketsWanted / tenants;
      const cpuBefore = serverCpuSeconds(server.pid);
      const published = await publish(db, accounts, rate, seconds);
      // Let the last deliveries land: the hub reads on the publisher's wake-up.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const reports = await Promise.all(
        workers.map((worker) => {
          const reply = nextMessage(worker, 'report');
          worker.postMessage('report');
          return reply;
        }),
      );
      const cpuAfter = serverCpuSeconds(server.pid);
      const histogram = new Uint32Array(BUCKETS);
      let received = 0;
      let closed = 0;
      for (const report of reports) {
        received += report.received;
        closed += report.closed;
        const part = new Uint32Array(report.histogram);
        for (let bucket = 0; bucket < BUCKETS; bucket += 1) histogram[bucket] += part[bucket];
      }
      const expected = published.events * perTenant;
      const scenario = {
        eventsPerSecond: rate,
        eventsPublished: published.events,
        deliveriesExpected: expected,
        deliveries: received,
        deliveriesPerSecond: Math.round(received / published.seconds),
        socketsClosed: closed,
        latencyMs: { p50: percentile(histogram, 0.5), p99: percentile(histogram, 0.99), max: percentile(histogram, 1) },
        // Of one core: the api process, and its embedded PostgreSQL.
        serverCpuPercent: Math.round(((cpuAfter.server - cpuBefore.server) / published.seconds) * 100),
        databaseCpuPercent: Math.round(((cpuAfter.database - cpuBefore.database) / published.seconds) * 100),
        serverRssMiB: serverRssMiB(server.pid),
      };
      console.error(JSON.stringify(scenario));
      scenarios.push(scenario);
      totalExpected += expected;
      totalReceived += received;
    }
    // Deliveries late for their scenario's report are counted in the next one; the totals must match.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const late = await Promise.all(
      workers.map((worker) => {
        const reply = nextMessage(worker, 'report');
        worker.postMessage('report');
        return reply;
      }),
    );
    totalReceived += late.reduce((sum, report) => sum + report.received, 0);
    if (totalReceived !== totalExpected) failed = true;
    const result = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      openFilesLimit: await openFilesLimit(),
      sockets: socketsWanted,
      tenants,
      held,
      connectSeconds: Number(connectSeconds.toFixed(1)),
      serverRssAfterConnectMiB: rssAfterConnect,
      scenarios,
      deliveriesExpected: totalExpected,
      deliveries: totalReceived,
    };
    console.log(JSON.stringify(result, null, 2));
    if (writeJson)
      await fs.writeFile(path.join(benchDir, 'results/realtime.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const worker of workers) worker.postMessage('stop');
    await db.end();
    const stopped = await server.stop();
    if (stopped.code !== 0) failed = true;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

/**
 * Publishes `rate` events a second for `seconds`, in a transaction every 10 ms, spread over the
 * tenants, as publishEvents does (INSERT, then pg_notify in the same transaction).
 */
async function publish(db, accounts, rate, seconds) {
  const tick = 10;
  const started = now();
  let events = 0;
  let owed = 0;
  let turn = 0;
  while (now() - started < seconds * 1000) {
    owed += (rate * tick) / 1000;
    const count = Math.floor(owed);
    if (count > 0) {
      owed -= count;
      const rows = Array.from({ length: count }, () => {
        turn += 1;
        return accounts[turn % accounts.length].user_info.tenant_id;
      });
      await db.query('begin');
      await db.query(
        `insert into realtime_event (tenant_id, type, payload)
         select tenant, 'conversation.updated',
                jsonb_build_object('number_id', '1', 'contact_id', '1', 'unread', 1, 'last_message_at', now()::text, 't', $2::float8)
           from unnest($1::text[]) as tenant`,
        [rows, now()],
      );
      await db.query(`select pg_notify('realtime_event', '')`);
      await db.query('commit');
      events += count;
    }
    const next = started + Math.ceil((now() - started) / tick) * tick;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - now())));
  }
  return { events, seconds: (now() - started) / 1000 };
}

function percentile(histogram, fraction) {
  let total = 0;
  for (const count of histogram) total += count;
  if (total === 0) return null;
  const wanted = Math.max(1, Math.ceil(total * fraction));
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket += 1) {
    seen += histogram[bucket];
    if (seen >= wanted) return bucket / 10;
  }
  return (histogram.length - 1) / 10;
}

function nextMessage(worker, kind) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.kind !== kind) return;
      worker.off('message', onMessage);
      resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

async function register(base, index) {
  const reply = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `rtbench${index}_${randomBytes(3).toString('hex')}`, password: 'bench-pass-123' }),
  });
  const body = await reply.json();
  if (reply.status !== 200) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return body.data;
}

async function openFilesLimit() {
  const limits = await fs.readFile('/proc/self/limits', 'utf8');
  const line = limits.split('\n').find((text) => text.startsWith('Max open files'));
  return line ? Number(line.split(/\s+/)[3]) : null;
}
