// Send throughput of the sandbox (the local WhatsApp Cloud API emulator): how many
// `POST /v23.0/{phone-number-id}/messages` it accepts per second, with simulated customers on and
// every status webhook signed, batched and delivered to a local sink that checks the signatures.
//
//   npx tsc -b apps/server && node bench/sandbox-sends.mjs [--no-json] [--baseline]
//
// Three processes on loopback, so that each gets its share of the machine: the sandbox, the
// webhook sink (standing in for the product's intake) and this one, which drives the load.
// Sends are marketing templates (the mass-send shape, no 24-hour window needed) from HIGH
// throughput numbers (1000/s each), round robin, each to a new recipient so that the pair rate
// (one message per user per 6 s) never refuses one; every reply must be 200.
//
// SANDBOX_BENCH_DURATION (seconds, default 10), SANDBOX_BENCH_CONNECTIONS (default 64),
// SANDBOX_BENCH_NUMBERS (default 30), SANDBOX_BENCH_PIPELINING (default 1). --baseline then runs
// the same load against a do-nothing node:http server, for the ceiling of this machine at that
// moment. Exits 1 when a send was refused or webhooks went missing.
import { fork } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const sandboxModule = path.resolve(benchDir, '../apps/server/dist/sandbox/index.js');
// undici is the server's own HTTP client dependency (the connector's); resolved from there.
const undiciModule = createRequire(path.resolve(benchDir, '../apps/server/package.json')).resolve('undici');
const APP_SECRET = 'bench-app-secret-0123456789abcdef';
const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);

function intFromEnv(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name}: must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

/** CPU seconds this process used since `since` (user + system). */
function cpuSeconds(since) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/** The same, split into user and system (kernel) seconds. */
function cpuSplit(since) {
  const used = process.cpuUsage(since);
  return { user: Number((used.user / 1e6).toFixed(2)), system: Number((used.system / 1e6).toFixed(2)) };
}

// ---- child: the webhook sink ------------------------------------------------------------------
async function runSink() {
  const { startWebhookSink } = await import(sandboxModule);
  const sink = await startWebhookSink({ appSecret: APP_SECRET, keep: false });
  await answerParent(
    'sink',
    (mark) => ({ counts: { ...sink.counts }, cpu: cpuSeconds(mark) }),
    () => sink.stop(),
  );
  process.send({ type: 'ready', url: sink.url });
}

/**
 * SANDBOX_BENCH_PROFILE=<dir>: a V8 CPU profile of each child (sandbox, sink, and baseline with
 * --baseline) over the measured window only, not start-up, warm-up or settling, written as
 * <child>-<time>.cpuprofile.
 */
async function measuredWindowProfiler(name) {
  const dir = process.env.SANDBOX_BENCH_PROFILE;
  if (!dir) return { start: async () => undefined, stop: async () => undefined };
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  let running = false;
  return {
    async start() {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      running = true;
    },
    async stop() {
      if (!running) return;
      running = false;
      const { profile } = await session.post('Profiler.stop');
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    },
  };
}

/**
 * Answers the parent's messages in a child: `mark` starts the measured window (and the profile),
 * `stats` ends it and sends `stats(mark)`, `stop` runs `stop()` and exits.
 */
async function answerParent(name, stats, stop) {
  let mark = process.cpuUsage();
  const profiler = await measuredWindowProfiler(name);
  process.on('message', async (message) => {
    if (message === 'mark') {
      mark = process.cpuUsage();
      await profiler.start();
    }
    if (message === 'stats') {
      await profiler.stop();
      process.send({ type: 'stats', ...stats(mark) });
    }
    if (message === 'stop') {
      await stop();
      process.exit(0);
    }
  });
}

// ---- child: the sandbox -----------------------------------------------------------------------
async function runSandbox() {
  const { startSandbox } = await import(sandboxModule);
  const running = await startSandbox({ appSecret: APP_SECRET, webhookUrl: process.env.SINK_URL, seed: 7 });
  const numberCount = Number(process.env.NUMBER_COUNT);
  const numbers = [];
  for (let index = 0; index < numberCount; index++) {
    const { body } = await running.control('POST', '/numbers', {
      throughput_level: 'HIGH',
      messaging_limit_tier: 'TIER_UNLIMITED',
      webhooks_subscribed: true,
    });
    numbers.push({ id: body.phone_number_id, token: body.access_token, wabaId: body.waba_id });
  }
  // One business account per number; every account gets the same approved marketing template.
  for (const wabaId of new Set(numbers.map((number) => number.wabaId))) {
    const { status } = await running.control('POST', '/templates', {
      waba_id: wabaId,
      name: 'bench_offer',
      language: 'en_US',
      category: 'MARKETING',
      status: 'APPROVED',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, our spring offer ends on Friday.' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Interested' },
            { type: 'QUICK_REPLY', text: 'Stop promotions' },
          ],
        },
      ],
    });
    if (status !== 201) throw new Error(`template not created (${status})`);
  }
  await answerParent(
    'sandbox',
    (mark) => {
      const { outbox, store, scheduler } = running.sandbox;
      return {
        cpu: cpuSeconds(mark),
        cpuSplit: cpuSplit(mark),
        rssMb: Math.round(process.memoryUsage().rss / 1048576),
        outbox: { ...outbox.stats, pending: outbox.pendingCount },
        customers: store.customers.size,
        pendingTasks: scheduler.size,
      };
    },
    () => running.stop(),
  );
  process.send({ type: 'ready', url: running.url, numbers });
}

// ---- child: the baseline, a do-nothing node:http server ----------------------------------------
// Reads and parses the body and answers a send-shaped reply: no checks, no simulation, no
// webhooks. What any Node HTTP server can do on this machine at that moment (`--baseline`).
async function runBaseline() {
  const http = await import('node:http');
  let sequence = 0;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const to = JSON.parse(Buffer.concat(chunks).toString()).to;
      const out = JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.${sequence++}` }],
      });
      response.writeHead(200, {
        'content-type': 'application/json; charset=UTF-8',
        'content-length': Buffer.byteLength(out),
      });
      response.end(out);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  await answerParent(
    'baseline',
    (mark) => ({ cpu: cpuSeconds(mark) }),
    () => new Promise((resolve) => server.close(resolve)),
  );
  process.send({ type: 'ready', url: `http://127.0.0.1:${server.address().port}` });
}

async function measureBaseline(Pool, seconds, connections, pipelining, numbers) {
  const baseline = startChild('baseline');
  const { url } = await baseline.next('ready');
  try {
    const counter = { value: 0 };
    await runLoad(Pool, url, numbers, 3, connections, pipelining, counter);
    baseline.send('mark');
    const result = await runLoad(Pool, url, numbers, seconds, connections, pipelining, counter);
    const { cpu } = await stats(baseline);
    return {
      sendsPerSecond: result.perSecond,
      latencyMs: result.latencyMs,
      serverCpuMicrosecondsPerRequest: Math.round((cpu * 1e6) / Math.max(1, result.total)),
    };
  } finally {
    baseline.send('stop');
  }
}

// ---- parent: load and report ------------------------------------------------------------------
function startChild(childRole, env = {}) {
  const child = fork(fileURLToPath(import.meta.url), [`--role=${childRole}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`${childRole} exited with ${code}`)));
    });
  return { child, next, send: (message) => child.send(message) };
}

async function stats(child) {
  const reply = child.next('stats');
  child.send('stats');
  return reply;
}

/**
 * Keeps `connections` sends in flight for `seconds` with undici (keep-alive, one request per
 * connection at a time unless `pipelining` says otherwise); autocannon's per-request hook costs
 * the load generator more CPU than a request costs the sandbox, so it could not drive 20 000/s here.
 */
async function runLoad(Pool, url, numbers, seconds, connections, pipelining, counter) {
  const pool = new Pool(url, { connections, pipelining });
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  // undici's dispatch interface, without a promise or a body stream per request: the load
  // generator shares the machine with the sandbox, so every microsecond it spends is one the
  // sandbox cannot use.
  const worker = (done) => {
    const next = () => {
      if (performance.now() >= deadline) {
        done();
        return;
      }
      const n = counter.value++;
      const number = numbers[n % numbers.length];
      const begin = performance.now();
      let statusCode = 0;
      pool.dispatch(
        {
          method: 'POST',
          path: `/v23.0/${number.id}/messages`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${number.token}` },
          body: sendBody(String(100_000_000_000 + n)),
        },
        {
          onRequestStart() {},
          onResponseStart(_controller, code) {
            statusCode = code;
          },
          onResponseData() {},
          onResponseEnd() {
            statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
            latencies.push(performance.now() - begin);
            next();
          },
          onResponseError() {
            errors++;
            latencies.push(performance.now() - begin);
            next();
          },
        },
      );
    };
    next();
  };
  await Promise.all(Array.from({ length: connections * pipelining }, () => new Promise(worker)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
  const total = latencies.length;
  return {
    total,
    perSecond: Math.round(total / elapsed),
    ok: statuses.get(200) ?? 0,
    non2xx: total - errors - (statuses.get(200) ?? 0),
    statusCodes: Object.fromEntries(statuses),
    errors,
    latencyMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
  };
}

function sendBody(recipient) {
  return JSON.stringify({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: recipient,
    type: 'template',
    template: {
      name: 'bench_offer',
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
    },
  });
}

async function main() {
  const seconds = intFromEnv('SANDBOX_BENCH_DURATION', 10, 1, 60);
  const connections = intFromEnv('SANDBOX_BENCH_CONNECTIONS', 64, 1, 1024);
  const numberCount = intFromEnv('SANDBOX_BENCH_NUMBERS', 30, 1, 500);
  const pipelining = intFromEnv('SANDBOX_BENCH_PIPELINING', 1, 1, 64);
  const { Pool } = await import(undiciModule);
  const sink = startChild('sink');
  const { url: sinkUrl } = await sink.next('ready');
  const sandbox = startChild('sandbox', { SINK_URL: sinkUrl, NUMBER_COUNT: String(numberCount) });
  const { url, numbers } = await sandbox.next('ready');
  const counter = { value: 0 };
  try {
    await runLoad(Pool, url, numbers, 3, connections, pipelining, counter);
    sandbox.send('mark');
    sink.send('mark');
    const sentBefore = counter.value;
    const loadMark = process.cpuUsage();
    const result = await runLoad(Pool, url, numbers, seconds, connections, pipelining, counter);
    const loadCpu = cpuSeconds(loadMark);
    const sandboxDuring = await stats(sandbox);
    const sinkDuring = await stats(sink);
    // Statuses still on their way (delivered and read come after configured delays): wait for them.
    const settleStarted = Date.now();
    const settle = await fetch(`${url}/_sandbox/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeout_ms: 60_000 }),
    }).then((response) => response.json());
    const settleSeconds = (Date.now() - settleStarted) / 1000;
    const sandboxAfter = await stats(sandbox);
    const sinkAfter = await stats(sink);
    const sends = counter.value;
    const report = {
      date: new Date().toISOString(),
      seconds,
      connections,
      pipelining,
      numbers: numberCount,
      measured: {
        requests: result.total,
        sendsPerSecond: result.perSecond,
        latencyMs: result.latencyMs,
        non2xx: result.non2xx,
        statusCodes: result.statusCodes,
        errors: result.errors,
        sandboxCpuSeconds: Number(sandboxDuring.cpu.toFixed(2)),
        sandboxCpu: sandboxDuring.cpuSplit,
        sandboxCpuMicrosecondsPerSend: Math.round((sandboxDuring.cpu * 1e6) / Math.max(1, result.total)),
        sinkCpuSeconds: Number(sinkDuring.cpu.toFixed(2)),
        loadGeneratorCpuSeconds: Number(loadCpu.toFixed(2)),
        sandboxRssMb: sandboxDuring.rssMb,
        statusesDeliveredDuringRun: sinkDuring.counts.statuses,
        webhookRequestsDuringRun: sinkDuring.counts.requests,
      },
      afterSettle: {
        settled: settle.settled,
        settleSeconds,
        sendsTotal: sends,
        sendsMeasured: sends - sentBefore,
        statuses: sinkAfter.counts.statuses,
        webhookRequests: sinkAfter.counts.requests,
        badSignatures: sinkAfter.counts.badSignatures,
        outbox: sandboxAfter.outbox,
        customers: sandboxAfter.customers,
      },
    };
    if (process.argv.includes('--baseline')) {
      report.baseline = await measureBaseline(Pool, seconds, connections, pipelining, numbers);
    }
    console.log(JSON.stringify(report, null, 2));
    const problems = [];
    if (result.non2xx > 0 || result.errors > 0)
      problems.push(`${result.non2xx} non-2xx replies, ${result.errors} errors`);
    if (!settle.settled) problems.push('the sandbox did not settle within 60 s');
    if (sinkAfter.counts.badSignatures > 0) problems.push(`${sinkAfter.counts.badSignatures} bad signatures`);
    if (sinkAfter.counts.statuses < sends)
      problems.push(`only ${sinkAfter.counts.statuses} statuses for ${sends} sends`);
    if (!process.argv.includes('--no-json')) {
      await fs.writeFile(path.join(benchDir, 'results/sandbox-sends.json'), `${JSON.stringify(report, null, 2)}\n`);
    }
    if (problems.length > 0) {
      console.error(`FAILED: ${problems.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    sandbox.send('stop');
    sink.send('stop');
  }
}

if (role === 'sink') await runSink();
else if (role === 'sandbox') await runSandbox();
else if (role === 'baseline') await runBaseline();
else await main();
