// Campaigns at scale (issue 16, "Performance" and "Reliability"), on the built product with its
// embedded PostgreSQL and sandbox: a tenant, HIGH sandbox numbers imported through the product, an
// approved marketing template in their WABA, and generated contacts with one tag (setup in
// campaigns/setup.mjs), then one of three modes:
//
//   npm run build && node bench/campaigns.mjs                     # BENCH_MODE=snapshot
//   BENCH_MODE=send node bench/campaigns.mjs                      # end to end
//   BENCH_MODE=crash node bench/campaigns.mjs                     # SIGKILL of the worker, thrice
//
// snapshot: `power/add` with `preview` (the forecast counts the audience), then `btmsg/add` over
//   the tag, polled until the campaign runs: the snapshot's time (started_at - created_at, and the
//   wall time from the call), rows written, skipped by reason, RSS, CPU; then EXPLAIN (ANALYZE,
//   BUFFERS) of the snapshot statement, made by the product's own code in a rolled-back transaction.
// send: the campaign to its end: messages a second from start to the last recipient gone out and
//   until every status webhook was applied, a pause midway (how long until the sandbox logs no more
//   sends), RSS, the CPU split, and one message per contact at the end.
// crash: api, worker and sandbox as three processes; the worker is killed with SIGKILL at 20, 45
//   and 70 % of the recipients gone out and started again; the whole sandbox log is read as it goes
//   by; at the end no contact twice, every recipient final, the roll-ups equal to the rows.
//
// Settings: BENCH_CONTACTS (snapshot 1 000 000, send 300 000, crash 100 000), BENCH_NUMBERS (30),
// BENCH_ROLES=all|product|split (snapshot and send: all, one process with the sandbox inside;
// product: api and worker in one process, the sandbox in another; crash: split),
// BENCH_QUIET=off keeps the sandbox's default customers (replies, stops, blocks) instead of quiet
// ones, BENCH_PAUSE_AT (send: the share gone out when it pauses, default 0.5; 0: no pause),
// BENCH_CONVERSATIONS (the share of contacts that talked to one of the numbers ten days ago, so
// the snapshot's "last talked to" rule has rows to find; default 0.2), BENCH_EXPLAIN=off (snapshot), BENCH_STALL_SECONDS (send, crash: give up after this long without
// progress, default 420: a killed worker's campaign is picked up by the minute sweep after 90 s),
// BENCH_PREPAID=on (the tenant prepaid, marketing to the contacts priced: each lane's batch takes a
// hold, each delivered status captures it; the wallet's holds and balances are reported at the end).
import { promises as fs } from 'node:fs';
import { RECIPIENT_STATES } from '@ws/contract';
import { callApi } from './api-call.mjs';
import {
  campaignProgress,
  captureSandboxLog,
  checkCampaign,
  newestSandboxSend,
  sampleActiveStatements,
  sandboxTemplateSends,
  statementTotals,
} from './campaigns/observe.mjs';
import { makePrepaid, walletAfter } from './campaigns/prepaid.mjs';
import { ADMIN_PASSWORD, cpuBetween, startCampaignProduct, usageOf } from './campaigns/roles.mjs';
import { campaignBody, sandboxControl, setUpWorld, sleep, TEMPLATE } from './campaigns/setup.mjs';
import { explainSnapshot } from './campaigns/snapshot-statement.mjs';

const MODE = process.env.BENCH_MODE ?? 'snapshot';
if (!['snapshot', 'send', 'crash'].includes(MODE)) throw new Error(`BENCH_MODE: snapshot, send or crash (got ${MODE})`);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? { snapshot: 1_000_000, send: 300_000, crash: 100_000 }[MODE]);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 30);
const ROLES = process.env.BENCH_ROLES ?? (MODE === 'crash' ? 'split' : 'all');
if (!['all', 'product', 'split'].includes(ROLES)) throw new Error(`BENCH_ROLES: all, product or split (got ${ROLES})`);
const SPLIT = ROLES === 'split';
const QUIET = process.env.BENCH_QUIET !== 'off';
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 0.2);
const PAUSE_AT = Number(process.env.BENCH_PAUSE_AT ?? 0.5);
const EXPLAIN = process.env.BENCH_EXPLAIN !== 'off';
const STALL_MS = Number(process.env.BENCH_STALL_SECONDS ?? 420) * 1000;
const PREPAID = process.env.BENCH_PREPAID === 'on';
const KILL_AT = [0.2, 0.45, 0.7];
const SAMPLE_MS = 200;
const seconds = (ms) => Number((ms / 1000).toFixed(2));

/** Samples the campaign and the processes every SAMPLE_MS until `until(progress)` holds; answers the samples. */
async function follow(world, running, campaignId, until, onSample = async () => {}) {
  const samples = [];
  let lastChange = Date.now();
  let last;
  let lastLog = Date.now();
  for (;;) {
    const progress = await campaignProgress(world.db, campaignId);
    const usage = usageOf(running);
    const sample = { at: Date.now(), ...progress, rss: usage.rss };
    samples.push(sample);
    const key = JSON.stringify(progress.counts) + progress.status;
    if (key !== last) lastChange = sample.at;
    sample.changed = key !== last;
    last = key;
    if (await until(progress, lastChange)) return samples;
    if (sample.at - lastLog >= 10_000) {
      lastLog = sample.at;
      console.error(`${new Date().toISOString()} ${progress.status} ${JSON.stringify(progress.counts)}`);
    }
    if (sample.at - lastChange > STALL_MS) {
      // Stuck: the checks that follow say where, so the run still reports.
      console.error(`no progress for ${STALL_MS / 1000} s: ${JSON.stringify(progress)}`);
      samples.stalled = true;
      return samples;
    }
    await onSample(sample, samples);
    await sleep(SAMPLE_MS);
  }
}

const peakRss = (samples) => {
  const peak = {};
  for (const sample of samples)
    for (const [name, mib] of Object.entries(sample.rss)) peak[name] = Math.max(peak[name] ?? 0, mib);
  return peak;
};

async function snapshotMode(world, running) {
  const base = running.url;
  const body = campaignBody(world, 'Bench snapshot');
  let started = performance.now();
  const preview = await callApi(base, '/api/power/add', { ...body, preview: true }, world.token);
  const previewSeconds = seconds(performance.now() - started);
  const before = usageOf(running);
  started = performance.now();
  const added = await callApi(base, '/api/btmsg/add', body, world.token);
  const addSeconds = seconds(performance.now() - started);
  const campaignId = added.campaign.id;
  const samples = await follow(world, running, campaignId, (progress) => progress.status !== 'starting');
  const wallSeconds = seconds(performance.now() - started);
  const after = usageOf(running);
  // With the dispatcher it would now send a million messages: stop that before measuring more.
  await callApi(base, '/api/btmsg/operation', { id: campaignId, action: 'pause' }, world.token).catch(() => {});
  const { rows } = await world.db.query(
    `select status, recipients::float8, skipped, extract(epoch from started_at - created_at)::float8 as snapshot_s
       from campaign where id = $1`,
    [campaignId],
  );
  const rowsWritten = await world.db.query(
    'select count(*)::float8 as n from campaign_recipient where campaign_id = $1',
    [campaignId],
  );
  return {
    preview: {
      seconds: previewSeconds,
      audience: preview.forecast.audience,
      eligible: preview.forecast.eligible,
      skipped: preview.forecast.skipped,
    },
    add: { replySeconds: addSeconds, status: rows[0].status },
    snapshotSeconds: { database: Number(rows[0].snapshot_s.toFixed(2)), wallFromAddCall: wallSeconds },
    rowsWritten: rowsWritten.rows[0].n,
    recipients: rows[0].recipients,
    skipped: rows[0].skipped,
    rssPeakMiB: peakRss(samples),
    cpuSeconds: cpuBetween(before, after),
    explain: EXPLAIN ? await explainSnapshot(world) : 'off',
  };
}

/** Pauses the campaign; answers how long after the call the sandbox logged its last send, and how many went after it. */
async function measurePause(world, running, campaignId) {
  const asked = Date.now();
  await callApi(running.url, '/api/btmsg/operation', { id: campaignId, action: 'pause' }, world.token);
  const answered = Date.now();
  let newest = await newestSandboxSend(running.sandboxUrl);
  let quietSince = Date.now();
  while (Date.now() - quietSince < 3000) {
    await sleep(50);
    const now = await newestSandboxSend(running.sandboxUrl);
    if (now && now.id !== newest?.id) {
      newest = now;
      quietSince = Date.now();
    }
  }
  const progress = await campaignProgress(world.db, campaignId);
  await callApi(running.url, '/api/btmsg/operation', { id: campaignId, action: 'resume' }, world.token);
  return {
    callMs: answered - asked,
    lastSendAfterCallMs: newest ? Math.max(0, newest.at - asked) : null,
    stateWhilePaused: progress.status,
    countsWhilePaused: progress.counts,
    pausedMs: Date.now() - asked,
  };
}

/** The rate between the samples where `gone` first reached `fromShare` and `toShare` of the recipients. */
function rateBetween(samples, recipients, fromShare, toShare, excludeMs = 0) {
  const first = samples.find((sample) => sample.gone >= recipients * fromShare);
  const last = samples.find((sample) => sample.gone >= recipients * toShare);
  if (!first || !last || last.at <= first.at) return null;
  return Math.round((last.gone - first.gone) / ((last.at - first.at - excludeMs) / 1000));
}

/** Starts a campaign over the world's tag and follows it to the end; `during(sample)` acts along the way. */
async function runToEnd(world, running, name, during) {
  const before = usageOf(running);
  const statements = sampleActiveStatements(world.databaseUrl);
  const totals = await statementTotals(world.databaseUrl);
  const added = await callApi(running.url, '/api/btmsg/add', campaignBody(world, name), world.token);
  const campaignId = added.campaign.id;
  const startedAt = Date.now();
  const samples = await follow(
    world,
    running,
    campaignId,
    (progress) => progress.status !== 'starting' && progress.total > 0 && progress.waiting === 0,
    (sample, all) => during(campaignId, sample, all),
  );
  const allGoneAt = samples.at(-1).at;
  // Every status webhook applied: nothing on its way, the sandbox idle (no simulated step or
  // webhook left), and the counts unchanged for 3 s since.
  // Recipients still unsettled when the sandbox has been idle and nothing moved for 30 s will not
  // settle: the checks report them. An `unknown` one may yet go again: the minute job sends what
  // Meta never took once its grace (120 s) is over, so those are given 4 minutes.
  const settled = await follow(world, running, campaignId, async (progress, lastChange) => {
    const still = Date.now() - lastChange;
    const patience = (progress.counts.unknown ?? 0) > 0 ? 240_000 : 30_000;
    if (progress.unsettled > 0 && still < patience) return false;
    const sandbox = await sandboxControl(running.sandboxUrl, 'POST', '/settle', { timeout_ms: 0 });
    return sandbox.settled && still >= 3000;
  });
  const settledAt = settled.findLast((sample) => sample.changed)?.at ?? allGoneAt;
  const busiestStatements = await statements.stop();
  const statementWork = await totals.work();
  const tableWrites = await totals.tableWrites();
  const statementTime = await totals.stop();
  const stalled = Boolean(samples.stalled || settled.stalled);
  return {
    campaignId,
    before,
    startedAt,
    samples,
    allGoneAt,
    settledAt,
    settled,
    busiestStatements,
    statementTime,
    statementWork,
    tableWrites,
    stalled,
  };
}

async function sendMode(world, running) {
  let pause = null;
  let runningAt = null;
  const run = await runToEnd(world, running, 'Bench send', async (campaignId, sample) => {
    runningAt ??= sample.status === 'running' ? sample.at : null;
    if (PAUSE_AT > 0 && !pause && sample.total > 0 && sample.gone >= sample.total * PAUSE_AT) {
      pause = await measurePause(world, running, campaignId);
    }
  });
  const after = usageOf(running);
  const recipients = run.samples.at(-1).total;
  const firstGone = run.samples.find((sample) => sample.gone > 0)?.at ?? run.startedAt;
  const pausedMs = pause?.pausedMs ?? 0;
  const sends = await sandboxTemplateSends(running.sandboxUrl, world.db, world.tenantId, TEMPLATE.name);
  const rate = (fromMs, toMs) => Math.round(recipients / ((toMs - fromMs - pausedMs) / 1000));
  return {
    campaignId: run.campaignId,
    recipients,
    seconds: {
      snapshot: runningAt ? seconds(runningAt - run.startedAt) : null,
      addToLastGone: seconds(run.allGoneAt - run.startedAt),
      addToSettled: seconds(run.settledAt - run.startedAt),
      paused: seconds(pausedMs),
    },
    messagesPerSecond: {
      firstToLastGone: rate(firstGone, run.allGoneAt),
      addToLastGone: rate(run.startedAt, run.allGoneAt),
      addToWebhooksApplied: rate(run.startedAt, run.settledAt),
      between10and90PercentOfRecipients: rateBetween(run.samples, recipients, 0.1, 0.9, pausedMs),
    },
    pause,
    finalCounts: run.settled.at(-1).counts,
    rssPeakMiB: peakRss([...run.samples, ...run.settled]),
    cpuSeconds: cpuBetween(run.before, after),
    stalled: run.stalled,
    sandboxInServerProcess: ROLES === 'all',
    busiestStatements: run.busiestStatements,
    statementTime: run.statementTime,
    statementWork: run.statementWork,
    tableWrites: run.tableWrites,
    sandboxAcceptedSends: sends,
    checks: await checkCampaign(world.db, run.campaignId),
  };
}

async function crashMode(world, running) {
  if (!running.killWorker) throw new Error('crash mode needs BENCH_ROLES=split');
  const log = captureSandboxLog(running.sandboxUrl);
  const kills = [];
  const killedCpu = { worker: 0 };
  const run = await runToEnd(world, running, 'Bench crash', async (_campaignId, sample) => {
    const share = KILL_AT[kills.length];
    if (share === undefined || sample.total === 0 || sample.gone < sample.total * share) return;
    killedCpu.worker += await running.killWorker();
    const killedAt = Date.now();
    await running.startWorker();
    kills.push({ atGone: sample.gone, restartSeconds: seconds(Date.now() - killedAt) });
    console.error(`${new Date().toISOString()} worker killed at ${sample.gone} gone, and started again`);
  });
  const after = usageOf(running);
  const { recipientsSent, ...captured } = await log.stop();
  // Recipients the sandbox got a message for, against their recorded state: a message that went
  // out but is recorded as failed, and a recipient that never got one.
  const states = await world.db.query(
    `select c.wa_id, r.state from campaign_recipient r join contact c on c.tenant_id = r.tenant_id and c.id = r.contact_id
      where r.campaign_id = $1`,
    [run.campaignId],
  );
  const sentButNotRecorded = {};
  let neverSent = 0;
  for (const row of states.rows) {
    if (!recipientsSent.has(row.wa_id)) neverSent += 1;
    else if (!['delivered', 'read', 'replied', 'sent'].includes(RECIPIENT_STATES[row.state])) {
      const state = RECIPIENT_STATES[row.state];
      sentButNotRecorded[state] = (sentButNotRecorded[state] ?? 0) + 1;
    }
  }
  const sends = await sandboxTemplateSends(running.sandboxUrl, world.db, world.tenantId, TEMPLATE.name);
  const checks = await checkCampaign(world.db, run.campaignId);
  const problems = [];
  if (captured.recipientsTwice > 0) problems.push(`${captured.recipientsTwice} recipients twice in the sandbox log`);
  if (captured.gaps > 0) problems.push(`${captured.gaps} reads of the sandbox log may have missed messages`);
  if (run.stalled) problems.push(`no progress for ${STALL_MS / 1000} s before the end`);
  if (checks.contactsWithTwoMessages > 0) problems.push(`${checks.contactsWithTwoMessages} contacts with two messages`);
  if (Object.keys(checks.recipientsNotFinal).length > 0) problems.push('recipients not in a final state');
  if (checks.tallyMismatches.length > 0) problems.push('campaign_tally differs from the recipient rows');
  if (neverSent > 0) problems.push(`${neverSent} recipients never got their message`);
  if (Object.keys(sentButNotRecorded).length > 0) {
    problems.push(`recipients whose message went out but are recorded ${JSON.stringify(sentButNotRecorded)}`);
  }
  if (sends !== captured.messages)
    problems.push(`template_analytics says ${sends} sends, the log ${captured.messages}`);
  return {
    campaignId: run.campaignId,
    recipients: run.samples.at(-1).total,
    kills,
    seconds: {
      addToLastGone: seconds(run.allGoneAt - run.startedAt),
      addToSettled: seconds(run.settledAt - run.startedAt),
    },
    sandboxLog: captured,
    recipientsNeverSent: neverSent,
    recipientsSentButRecorded: sentButNotRecorded,
    sandboxAcceptedSends: sends,
    checks,
    rssPeakMiB: peakRss([...run.samples, ...run.settled]),
    cpuSeconds: cpuBetween(run.before, after, killedCpu),
    busiestStatements: run.busiestStatements,
    statementTime: run.statementTime,
    problems,
  };
}

const running = await startCampaignProduct({ split: SPLIT, product: ROLES === 'product' });
let world;
try {
  const load = await fs.readFile('/proc/loadavg', 'utf8').catch(() => '');
  console.log(
    `mode ${MODE}, ${CONTACTS.toLocaleString('en')} contacts, ${NUMBERS} numbers, roles ${ROLES}, load ${load.trim()}`,
  );
  world = await setUpWorld(running, {
    numbers: NUMBERS,
    contacts: CONTACTS,
    conversations: CONVERSATIONS,
    quiet: QUIET,
  });
  const prepaid = PREPAID ? await makePrepaid(running.url, ADMIN_PASSWORD, world.tenantId, CONTACTS) : null;
  const modes = { snapshot: snapshotMode, send: sendMode, crash: crashMode };
  const result = await modes[MODE](world, running);
  const { explain, ...figures } = result;
  console.log(
    JSON.stringify(
      {
        mode: MODE,
        contacts: CONTACTS,
        numbers: NUMBERS,
        wabas: world.wabas,
        conversations: CONVERSATIONS,
        quiet: QUIET,
        prepaid: prepaid && { ...prepaid, ...(await walletAfter(world.db, world.tenantId)) },
        ...figures,
      },
      null,
      2,
    ),
  );
  if (explain && explain !== 'off') console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the snapshot:\n${explain}`);
  if (result.problems?.length) process.exitCode = 1;
  console.log(`load at the end: ${(await fs.readFile('/proc/loadavg', 'utf8').catch(() => '')).trim()}`);
} finally {
  await world?.db.end();
  const stopped = await running.stop();
  if (stopped?.code !== 0) console.log(`server exit: ${JSON.stringify(stopped)}`);
}
