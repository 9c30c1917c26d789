// Issue 17's "Performance (bench)": agents served in real time, and a long conversation opened.
//
//   npm run build && node bench/agents.mjs [--no-json]
//
// On the built product (api, worker and sandbox as three processes, the api's embedded
// PostgreSQL), a tenant with BENCH_NUMBERS sandbox numbers and BENCH_AGENTS seats (made by
// `auth/createuser`, signed in), agent i serving number i mod numbers (`inbox/agent/set`), every one
// online (`inbox/presence`, then the client's heartbeat every 30 s for the whole run) and connected
// to GET /ws from two client threads, with the tenant's operator connected as the supervisor.
// BENCH_CONVERSATIONS customers write once through the sandbox (`POST /_sandbox/inbound`, as a
// customer writes) and the drain's round robin gives each conversation its agent. Then, for
// BENCH_DURATION seconds, BENCH_RATE customers a second write `bench <n>` to their conversation
// (spread evenly over them): the latency runs from just before the sandbox is asked (the customer
// sending; the sandbox posts its webhook batch every 50 ms) to the client thread's receipt of the
// `message.created` event. Checked: every message reached its conversation's agent exactly once;
// no event about a conversation reached another agent (misdeliveries, by event type); the
// supervisor's deliveries. Each latency split into its stages from the stored webhooks
// (agents/stages.mjs). Sampled every 500 ms: RSS of each process; CPU of each over the run, and
// of the whole machine (the other work on it).
// Then BENCH_HISTORY messages are written in SQL into one agent's conversation, the partitions
// analysed, and `inbox/open` and the first page of `inbox/messages` timed (BENCH_OPEN_CALLS each,
// one at a time), with the conversation unread before each open and already read, and
// GET /api/ping beside them as the machine's floor for any call.
// BENCH_PG_STATEMENTS=on adds pg_stat_statements' busiest statements of the measured phase.
// Writes results/agents.json unless --no-json; exits 1 when a message was lost or misdelivered.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { historyMessageCount, seedHistory, timeOpening } from './agents/history.mjs';
import {
  allOnline,
  assignments,
  createSeats,
  customerOf,
  customersWrite,
  keepOnline,
  serveNumbers,
} from './agents/setup.mjs';
import { lastWebhookEventId, latencyStages } from './agents/stages.mjs';
import { statementTotals } from './campaigns/observe.mjs';
import { cpuBetween, startCampaignProduct, usageOf } from './campaigns/roles.mjs';
import { connectDatabase, createNumbers, registerTenant, sleep, waitFor } from './campaigns/setup.mjs';
import { machineBusyCpuSeconds } from './proc-stats.mjs';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 50);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 20_000);
const OPEN_CALLS = Number(process.env.BENCH_OPEN_CALLS ?? 200);
const CLIENT_THREADS = 2;
const writeJson = !process.argv.includes('--no-json');
const now = () => performance.timeOrigin + performance.now();
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const log = (line) => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);

function startClients(url, receivers) {
  const threads = Array.from(
    { length: CLIENT_THREADS },
    (_, thread) =>
      new Worker(new URL('./agents/clients.mjs', import.meta.url), {
        workerData: { url, receivers: receivers.filter((_, index) => index % CLIENT_THREADS === thread) },
      }),
  );
  const next = (worker, kind) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.kind !== kind) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  return {
    opened: () => Promise.all(threads.map((worker) => next(worker, 'open'))),
    tell: (message) => {
      for (const worker of threads) worker.postMessage(message);
    },
    report: (keepRecording = false) =>
      Promise.all(
        threads.map((worker) => {
          const reply = next(worker, 'report');
          worker.postMessage({ kind: 'report', keepRecording });
          return reply;
        }),
      ),
    stop: () => {
      for (const worker of threads) worker.postMessage({ kind: 'stop' });
    },
  };
}

const percentile = (sorted, fraction) =>
  sorted.length
    ? Number(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)].toFixed(1))
    : null;
const latencies = (values) => {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
  };
};

/** What the client threads received, against what was sent: latency, losses, duplicates, misdeliveries. */
function deliveries(reports, sent, expectedReceiver, receivers) {
  const toAgent = [];
  const toSupervisor = [];
  const receivedByAgent = new Map();
  const agentCopies = new Uint16Array(sent.length);
  const supervisorCopies = new Uint16Array(sent.length);
  const misdelivered = {};
  const samples = [];
  let wrongAgent = 0;
  let unknownConversation = 0;
  const eventsByType = {};
  for (const report of reports) {
    for (const [type, n] of Object.entries(report.misdelivered)) misdelivered[type] = (misdelivered[type] ?? 0) + n;
    for (const [type, n] of Object.entries(report.eventsByType)) eventsByType[type] = (eventsByType[type] ?? 0) + n;
    samples.push(...report.misdeliveredSamples);
    unknownConversation += report.unknownConversation;
    for (let i = 0; i < report.seq.length; i += 1) {
      const seq = report.seq[i];
      const receiver = receivers[report.receiver[i]];
      const latency = report.at[i] - sent[seq];
      if (receiver.supervisor) {
        supervisorCopies[seq] += 1;
        toSupervisor.push(latency);
      } else if (receiver.userId === expectedReceiver(seq)) {
        agentCopies[seq] += 1;
        toAgent.push(latency);
        receivedByAgent.set(seq, report.at[i]);
      } else wrongAgent += 1;
    }
  }
  const count = (copies, test) => copies.reduce((n, c) => n + (test(c) ? 1 : 0), 0);
  const supervisors = receivers.filter((receiver) => receiver.supervisor).length;
  return {
    messages: sent.length,
    toTheirAgent: {
      ...latencies(toAgent),
      missing: count(agentCopies, (c) => c === 0),
      twice: count(agentCopies, (c) => c > 1),
    },
    toSupervisors: {
      ...latencies(toSupervisor),
      missing: count(supervisorCopies, (c) => c < supervisors),
    },
    messageToAnotherAgent: wrongAgent,
    misdeliveredByType: misdelivered,
    misdeliveredSamples: samples.slice(0, 10),
    eventsAboutUnknownConversations: unknownConversation,
    eventsReceivedByType: eventsByType,
    receivedByAgent,
  };
}

/** Peak RSS of each process, sampled every 500 ms until stop(). */
function samplePeaks(running) {
  const peak = {};
  const timer = setInterval(() => {
    for (const [name, mib] of Object.entries(usageOf(running).rss)) peak[name] = Math.max(peak[name] ?? 0, mib);
  }, 500);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

const startUptime = uptime();
log(`start: ${startUptime}`);
const running = await startCampaignProduct({ split: true });
const { db, url: databaseUrl } = await connectDatabase(running);
let clients;
let heartbeat;
let failed = false;
try {
  const base = running.url;
  const result = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, uptimeAtStart: startUptime } };
  result.settings = {
    agents: AGENTS,
    numbers: NUMBERS,
    conversations: CONVERSATIONS,
    ratePerSecond: RATE,
    seconds: DURATION,
  };
  const operator = await registerTenant(base);
  const numbers = await createNumbers(base, operator.token, NUMBERS);
  log(`${numbers.length} sandbox numbers imported`);
  let started = now();
  const agents = await createSeats(base, operator.token, AGENTS);
  log(`${agents.length} seats made and signed in in ${((now() - started) / 1000).toFixed(0)} s`);
  await serveNumbers(base, operator.token, agents, numbers, Math.ceil((CONVERSATIONS / AGENTS) * 4) + 10);
  await allOnline(base, agents);
  heartbeat = keepOnline(base, agents, 30_000);

  const receivers = [
    ...agents.map((agent, index) => ({ index, token: agent.token, userId: agent.userId, supervisor: false })),
    { index: agents.length, token: operator.token, userId: null, supervisor: true },
  ];
  started = now();
  clients = startClients(`${base.replace('http', 'ws')}/ws`, receivers);
  const refused = (await clients.opened()).reduce((n, reply) => n + reply.refused, 0);
  result.sockets = {
    held: receivers.length - refused,
    refused,
    secondsToSignIn: Number(((now() - started) / 1000).toFixed(1)),
  };
  result.sockets.apiRssMiB = usageOf(running).rss.api;
  log(`sockets: ${JSON.stringify(result.sockets)}`);
  if (refused > 0) failed = true;

  // Every customer writes once: each conversation is opened and given to an agent of its number.
  const customers = Array.from({ length: CONVERSATIONS }, (_, index) => customerOf(index, numbers));
  await customersWrite(running.sandboxUrl, { total: CONVERSATIONS, perSecond: RATE, pick: (i) => customers[i], now });
  const threads = await waitFor(
    `${CONVERSATIONS} conversations assigned`,
    async () => {
      const known = await assignments(db, operator.tenantId);
      const assigned = [...known.values()].filter((thread) => thread.assignee !== null).length;
      return assigned === CONVERSATIONS ? known : undefined;
    },
    { everyMs: 1000, timeoutMs: 300_000 },
  );
  const perAgent = new Map();
  for (const thread of threads.values()) perAgent.set(thread.assignee, (perAgent.get(thread.assignee) ?? 0) + 1);
  result.assignment = {
    conversations: threads.size,
    agentsWithConversations: perAgent.size,
    perAgentMin: Math.min(...perAgent.values()),
    perAgentMax: Math.max(...perAgent.values()),
  };
  log(`assigned: ${JSON.stringify(result.assignment)}`);
  clients.tell({ kind: 'owners', owners: [...threads.values()].map((thread) => [thread.key, thread.assignee]) });
  await sleep(2000);

  // The measured phase.
  const total = RATE * DURATION;
  // Message i goes to customer (i * stride) mod conversations: every conversation in turn, no two in a row on one.
  const stride = 7919 % CONVERSATIONS || 1;
  const customerOfMessage = (i) => customers[(i * stride) % CONVERSATIONS];
  const ownerOfMessage = (i) => threads.get(customerOfMessage(i).waId).assignee;
  clients.tell({ kind: 'record' });
  const statements = await statementTotals(databaseUrl);
  const firstEventId = await lastWebhookEventId(db);
  const peaks = samplePeaks(running);
  const before = usageOf(running);
  const phaseStarted = performance.now();
  const benchBefore = process.cpuUsage();
  const machineBefore = machineBusyCpuSeconds();
  const wrote = await customersWrite(running.sandboxUrl, { total, perSecond: RATE, pick: customerOfMessage, now });
  log(`${total} messages written in ${wrote.seconds.toFixed(1)} s (${wrote.failed} failed)`);
  // Until every message reached its agent, or 30 s. Each report hands its records over.
  const deadline = Date.now() + 30_000;
  const all = [];
  for (;;) {
    await sleep(1000);
    all.push(...(await clients.report(true)));
    const partial = deliveries(all, wrote.sent, ownerOfMessage, receivers);
    if (partial.toTheirAgent.missing === 0 || Date.now() > deadline) break;
  }
  await sleep(1000);
  all.push(...(await clients.report(false)));
  const after = usageOf(running);
  const bench = process.cpuUsage(benchBefore);
  const machineBusy = machineBusyCpuSeconds() - machineBefore;
  const phaseSeconds = (performance.now() - phaseStarted) / 1000;
  const rssPeakMiB = peaks();
  const { receivedByAgent, ...outcome } = deliveries(all, wrote.sent, ownerOfMessage, receivers);
  result.realtime = {
    messagesWritten: total,
    writeSeconds: Number(wrote.seconds.toFixed(1)),
    writesFailed: wrote.failed,
    phaseSeconds: Number(phaseSeconds.toFixed(1)),
    ...outcome,
    rssPeakMiB,
    cpuSeconds: cpuBetween(before, after),
    cpuPercentOfOneCore: Object.fromEntries(
      Object.entries(cpuBetween(before, after)).map(([name, s]) => [name, Math.round((s / phaseSeconds) * 100)]),
    ),
    benchProcessCpuSeconds: Number(((bench.user + bench.system) / 1e6).toFixed(1)),
    // Everything the two cores did meanwhile (200 % is both busy): the rest is other work on the machine.
    machineBusyPercent: Math.round((machineBusy / phaseSeconds) * 100),
    stages: await latencyStages(db, firstEventId, wrote.sent, receivedByAgent),
    busiestStatements: await statements.stop(30),
  };
  log(`realtime: ${JSON.stringify(outcome.toTheirAgent)}; misdelivered ${JSON.stringify(outcome.misdeliveredByType)}`);
  log(`stages: ${JSON.stringify(result.realtime.stages)}`);
  const misdeliveries =
    outcome.messageToAnotherAgent + Object.values(outcome.misdeliveredByType).reduce((a, b) => a + b, 0);
  if (outcome.toTheirAgent.missing > 0 || outcome.toTheirAgent.twice > 0 || misdeliveries > 0) failed = true;

  // A conversation with a long history, opened by its agent (BENCH_HISTORY=0: not measured).
  if (HISTORY > 0) {
    const first = [...threads.values()][0];
    const agent = agents.find((candidate) => candidate.userId === first.assignee);
    const conversation = { ...first, tenantId: operator.tenantId };
    const seedSeconds = await seedHistory(db, operator.tenantId, conversation, HISTORY, agent.userId);
    const messages = await historyMessageCount(db, conversation);
    log(`history of ${messages} messages written and analysed in ${seedSeconds} s`);
    const openingStatements = await statementTotals(databaseUrl);
    const opening = {
      messages,
      seedSeconds,
      uptimeBefore: uptime(),
      unread: await timeOpening(base, db, agent, conversation, { calls: OPEN_CALLS, warmUp: 20, unread: true }),
      alreadyRead: await timeOpening(base, db, agent, conversation, { calls: OPEN_CALLS, warmUp: 5, unread: false }),
      uptimeAfter: uptime(),
      busiestStatements: await openingStatements.stop(20),
    };
    result.opening = opening;
    log(`opening: ${JSON.stringify({ ...opening, busiestStatements: undefined })}`);
  }
  result.machine.uptimeAtEnd = uptime();
  console.log(JSON.stringify(result, null, 2));
  if (writeJson) await fs.writeFile(path.join(benchDir, 'results/agents.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await heartbeat?.stop();
  clients?.stop();
  await db.end();
  const stopped = await running.stop();
  if (stopped?.code !== 0) {
    console.error(`api exit: ${JSON.stringify(stopped)}`);
    failed = true;
  }
  log(`end: ${uptime()}`);
}
process.exit(failed ? 1 : 0);
