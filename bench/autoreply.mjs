// Issue 19's keyword replies (decision 0024), two figures:
//
//   npm run build && node bench/autoreply.mjs [--no-json] [--matcher-only]
//
// 1. The matcher alone, in this process (apps/server/dist's KeywordMatcher): BENCH_RULES keyword
//    rules (default 10 000: 40 % contains, 30 % exact, 20 % starts-with, 10 % regular expressions,
//    1–3 keywords each, Latin and Chinese words), compiled once (timed), then BENCH_MATCHES
//    inbound texts of 5–60 words matched (each one timed with process.hrtime): p50/p99/max.
// 2. The auto-reply path end to end on the built product (api, worker and sandbox as three
//    processes, the api's embedded PostgreSQL): a tenant with BENCH_NUMBERS sandbox numbers, a
//    text material and the same BENCH_RULES rules (inserted in SQL: the setup, not the measure),
//    then BENCH_RATE customers a second for BENCH_DURATION seconds write through the sandbox
//    (`POST /_sandbox/inbound`, as a customer writes) a text holding one rule's keyword. Measured:
//    from the first write to the last reply queued (auto_reply rows and their outbound messages in
//    the governor's queue), replies a second; checked: every inbound message has exactly one reply
//    and one queued message. CPU of each process and of the whole machine over the run, and per
//    stored message; BENCH_WARMUP texts first (then `analyze`) measure a database with statistics
//    instead of a fresh one; BENCH_PG_STATEMENTS=on adds pg_stat_statements' buffers, WAL and time per
//    stored message, and the busiest statements.
// Writes results/autoreply.json (or the file BENCH_RESULT names) unless --no-json.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { customerOf, customersWrite } from './agents/setup.mjs';
import { callApi } from './api-call.mjs';
import { statementTotals } from './campaigns/observe.mjs';
import { cpuBetween, startCampaignProduct, usageOf } from './campaigns/roles.mjs';
import { connectDatabase, createNumbers, registerTenant, sandboxControl, sleep, waitFor } from './campaigns/setup.mjs';
import { machineBusyCpuSeconds } from './proc-stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RULES = Number(process.env.BENCH_RULES ?? 10_000);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 20_000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 0);
const writeJson = !process.argv.includes('--no-json');
const matcherOnly = process.argv.includes('--matcher-only');

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tu', 'sha', 'po', 'vel', 'dor', 'qui', '价', '格', '订', '单', '发', '货'];
const wordOf = (index) => {
  let word = '';
  for (let n = index + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
};

/** The rules: rule i's keywords are unique words (`w<i>…`), so a text holding one matches it. */
function makeRules(count) {
  const rules = [];
  for (let index = 0; index < count; index += 1) {
    const roll = index % 10;
    const matchMode = roll < 4 ? 'contains' : roll < 7 ? 'exact' : roll < 9 ? 'prefix' : 'regex';
    const keywords = Array.from({ length: 1 + (index % 3) }, (_, k) => `${wordOf(index)}x${k}`);
    rules.push({
      id: String(index + 1),
      name: `rule ${index}`,
      keywords: matchMode === 'regex' ? keywords.map((k) => `\\b${k}\\d{2,4}\\b`) : keywords,
      matchMode,
      numberIds: [],
      materialId: '1',
      activeHours: null,
      priority: index % 7,
      cooldownSeconds: 0,
      enabled: true,
    });
  }
  return rules;
}

/** A customer's text: filler words, and (most of the time) one rule's keyword in its mode's place. */
function textFor(rules, index) {
  const filler = Array.from({ length: 5 + (index % 55) }, () =>
    pick(['hello', 'please', 'order', '你好', 'when', 'the']),
  );
  const rule = rules[Math.floor(random() * rules.length)];
  const keyword = `${wordOf(Number(rule.id) - 1)}x0`;
  if (rule.matchMode === 'exact') return keyword;
  if (rule.matchMode === 'prefix') return `${keyword} ${filler.join(' ')}`;
  if (rule.matchMode === 'regex') return `${filler.join(' ')} ${keyword}123 ok`;
  return `${filler.join(' ')} ${keyword} ${filler.slice(0, 3).join(' ')}`;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function benchMatcher() {
  const { KeywordMatcher } = await import('../apps/server/dist/modules/autoreply/keyword-matcher.js');
  const rules = makeRules(RULES);
  const compileStart = process.hrtime.bigint();
  const matcher = new KeywordMatcher(rules);
  const compileMs = Number(process.hrtime.bigint() - compileStart) / 1e6;
  const texts = Array.from({ length: MATCHES }, (_, index) => textFor(rules, index));
  for (const text of texts.slice(0, 2000)) matcher.hits(text); // warm-up
  const times = new Float64Array(MATCHES);
  let matched = 0;
  for (let index = 0; index < MATCHES; index += 1) {
    const start = process.hrtime.bigint();
    const hits = matcher.hits(texts[index]);
    times[index] = Number(process.hrtime.bigint() - start) / 1e6;
    if (hits.length > 0) matched += 1;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    rules: RULES,
    texts: MATCHES,
    matched,
    compileMs: Math.round(compileMs),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1],
    heapMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
  };
}

async function benchPath() {
  const product = await startCampaignProduct({ split: true });
  const { db, url: databaseUrl } = await connectDatabase(product);
  try {
    const { token, tenantId } = await registerTenant(product.url);
    const numbers = await createNumbers(product.url, token, NUMBERS);
    const material = await callApi(
      product.url,
      '/api/mater/add',
      { tp: 'text', title: 'bench', text: 'Thanks, here is what you asked for' },
      token,
    );
    const rules = makeRules(RULES);
    await db.query(
      `insert into keyword_rule (tenant_id, name, keywords, match_mode, material_id, priority)
       select $1, r.name, r.keywords, r.mode, $2, r.priority
         from jsonb_to_recordset($3::jsonb) as r(name text, keywords jsonb, mode text, priority int)`,
      [
        tenantId,
        material.id,
        JSON.stringify(
          rules
            .slice(0, -1)
            .map((r) => ({ name: r.name, keywords: r.keywords, mode: r.matchMode, priority: r.priority })),
        ),
      ],
    );
    // The last one through the API (the tenant's cap is 10 000): the version bumped as an operator's change bumps it.
    await callApi(
      product.url,
      '/api/keyword/add',
      { name: 'api rule', keywords: ['zzz-api'], matchMode: 'exact', materialId: material.id },
      token,
    );
    const total = RATE * DURATION;
    const texts = Array.from({ length: total + WARMUP }, (_, index) => textFor(rules, index));
    const sandboxNumbers = numbers.map((n) => ({ phone_number_id: n.phone_number_id }));
    const write = (count, from) =>
      customersWrite(product.sandboxUrl, {
        total: count,
        perSecond: RATE,
        pick: (index) => ({ ...customerOf(from + index, sandboxNumbers), text: texts[from + index] }),
        now: () => performance.now(),
      });
    const counts = async () =>
      (
        await db.query(
          `/* bench */ select (select count(*)::int from message where tenant_id = $1 and direction = 'in') as inbound,
                  (select count(*)::int from auto_reply where tenant_id = $1) as replies,
                  (select count(*)::int from message where tenant_id = $1 and direction = 'out') as queued`,
          [tenantId],
        )
      ).rows[0];
    if (WARMUP > 0) await warmUp(db, product.sandboxUrl, () => write(WARMUP, total));
    const base = await counts();
    const since = (now) => ({
      inbound: now.inbound - base.inbound,
      replies: now.replies - base.replies,
      queued: now.queued - base.queued,
    });
    const statements = await statementTotals(databaseUrl);
    const before = usageOf(product);
    const machineBefore = machineBusyCpuSeconds();
    const load = os.loadavg();
    console.log(`writing ${total} texts at ${RATE} a second`);
    const started = performance.now();
    const written = await write(total, 0);
    let last;
    let lastShown = 0;
    await waitFor(
      'every reply queued',
      async () => {
        last = since(await counts());
        if (performance.now() - lastShown > 10_000) {
          lastShown = performance.now();
          console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`, last);
        }
        // Every message stored and every reply recorded has its message queued (a text no rule matches has none).
        return last.inbound >= total - written.failed && last.queued >= last.replies ? last : undefined;
      },
      { everyMs: 100, timeoutMs: 600_000 },
    );
    const seconds = (performance.now() - started) / 1000;
    const afterQueued = usageOf(product);
    await settled(db, product.sandboxUrl);
    const settledSeconds = (performance.now() - started) / 1000;
    const after = usageOf(product);
    const stored = since(await counts()).inbound;
    const work = await productWork(db);
    const busiestStatements = await statements.stop(40);
    const duplicates = (
      await db.query(
        `select count(*)::int as n from (select inbound_message_id from auto_reply where tenant_id = $1
           group by inbound_message_id having count(*) > 1) x`,
        [tenantId],
      )
    ).rows[0].n;
    const unmatched = last.inbound - last.replies;
    const cpuSeconds = cpuBetween(before, after);
    const cpuSecondsToQueued = cpuBetween(before, afterQueued);
    // The step runs beside the product's worker, which is still sending: a deadlock between the two
    // (the lanes' holds before 2026-11-27) ends the step, not the run's figures.
    const step = await stepAlone(db, tenantId).catch(async (error) => {
      await db.query('rollback');
      return { error: error.message };
    });
    return {
      step,
      unmatched,
      rate: RATE,
      seconds: DURATION,
      warmUp: WARMUP,
      written: total - written.failed,
      failedWrites: written.failed,
      writeSeconds: Number(written.seconds.toFixed(2)),
      ...last,
      duplicates,
      repliesPerSecond: Math.round(last.replies / seconds),
      firstWriteToLastQueuedSeconds: Number(seconds.toFixed(2)),
      cpuSecondsToQueued,
      // Until everything settled (sends, their statuses, customers' answers): the whole work.
      settledSeconds: Number(settledSeconds.toFixed(2)),
      storedWhenSettled: stored,
      cpuSeconds,
      perStoredMessage: perMessage(cpuSeconds, work, stored),
      busiestStatements: busiestStatements?.map((row) => ({
        ...row,
        msPerMessage: Number((row.ms / stored).toFixed(3)),
        callsPerMessage: Number((row.calls / stored).toFixed(3)),
        buffersPerMessage: Number(((row.thousand_buffers * 1000) / stored).toFixed(1)),
      })),
      machineBusyCpuSecondsToSettled: Number((machineBusyCpuSeconds() - machineBefore).toFixed(1)),
      loadAtStart: load.map((n) => Number(n.toFixed(2))),
      loadAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
    };
  } finally {
    await db.end();
    await product.stop();
  }
}

/**
 * BENCH_WARMUP customers' texts written first (other customers than the measured ones), their
 * replies sent and their statuses stored, then `analyze`: the measured phase then runs on tables
 * with statistics, as a product that has been running does (autovacuum analyses a table a minute
 * after it changed; a fresh database's first minute is planned from empty tables).
 */
async function warmUp(db, sandboxUrl, write) {
  const written = await write();
  console.log(`warm-up: ${written.sent.length - written.failed} texts written in ${written.seconds.toFixed(1)} s`);
  await settled(db, sandboxUrl);
  await db.query('/* bench */ analyze');
}

/**
 * Waits until everything the texts set off is done: the sandbox has nothing scheduled (sends'
 * statuses, customers reading and answering) and no webhook waiting, and the product has no
 * queued send (but those of a number its quality paused: customers block now and then), no
 * webhook event to process and no auto reply due; twice in a row, a second apart.
 */
async function settled(db, sandboxUrl) {
  let quietOnce = false;
  let shown = performance.now();
  await waitFor(
    'everything settled',
    async () => {
      const sandbox = await sandboxControl(sandboxUrl, 'POST', '/settle', { timeout_ms: 10_000 });
      const { rows } = await db.query(
        `/* bench */ select (select count(*)::int from send_queue q join wa_number n on n.tenant_id = q.tenant_id
                                and n.id = q.number_id where n.paused_at is null) as queued,
                (select count(*)::int from webhook_event where processed_at is null) as pending,
                (select count(*)::int from auto_reply where status = 'pending') as replying`,
      );
      const quiet = sandbox.settled && rows[0].queued === 0 && rows[0].pending === 0 && rows[0].replying === 0;
      if (performance.now() - shown > 10_000) {
        shown = performance.now();
        console.log('settling', { ...rows[0], sandbox });
      }
      const done = quiet && quietOnce;
      quietOnce = quiet;
      return done;
    },
    { everyMs: 1000, timeoutMs: 600_000 },
  );
}

/**
 * The product's top-level statements together since the reset (not the bench's own counting, which
 * starts with a bench comment); null without pg_stat_statements.
 */
async function productWork(db) {
  const { rows } = await db
    .query(
      `select sum(shared_blks_hit + shared_blks_read)::float8 as buffers, sum(wal_bytes)::float8 as wal_bytes,
              sum(total_exec_time)::float8 as ms, sum(calls)::float8 as calls
         from pg_stat_statements
        where toplevel and query not like '/* bench */%'
          and dbid = (select oid from pg_database where datname = current_database())`,
    )
    .catch(() => ({ rows: [] }));
  return rows[0]?.calls ? rows[0] : null;
}

/**
 * What one stored inbound message cost, from the first write until everything settled (the whole
 * path: intake, drain, the reply's insert and queueing, its send and statuses, the customers'
 * answers): CPU ms of each process and, with BENCH_PG_STATEMENTS=on, the
 * statements' shared buffers, WAL bytes, execution time and calls. These, unlike rates, hold on a
 * shared machine.
 */
function perMessage(cpuSeconds, work, stored) {
  const cpuMs = Object.fromEntries(
    Object.entries(cpuSeconds).map(([name, s]) => [name, Number(((s * 1000) / stored).toFixed(2))]),
  );
  if (!work) return { cpuMs };
  return {
    cpuMs,
    buffers: Number((work.buffers / stored).toFixed(1)),
    walBytes: Math.round(work.wal_bytes / stored),
    statementMs: Number((work.ms / stored).toFixed(3)),
    statements: Number((work.calls / stored).toFixed(2)),
  };
}

/**
 * The auto-reply step alone, in this process against the product's database: the stored
 * customers' texts settled again in drain-sized batches (25 a transaction, as the drain's), under
 * fresh message ids so the unique key lets them through: matching, opt-out and cooldown reads, the
 * replies' insert and their queueing through the governor. Replies queued a second.
 */
async function stepAlone(db, tenantId) {
  const { AutoReplyBatch } = await import('../apps/server/dist/modules/autoreply/auto-reply-batch.js');
  const { rows } = await db.query(
    `select number_id::text, contact_id::text, body->'text'->>'body' as text from message
      where tenant_id = $1 and direction = 'in' and type = 'text' limit 5000`,
    [tenantId],
  );
  const before = (await db.query('select count(*)::int as n from auto_reply where tenant_id = $1', [tenantId])).rows[0]
    .n;
  let fakeId = 10n ** 15n;
  const started = performance.now();
  for (let index = 0; index < rows.length; index += 25) {
    await db.query('begin');
    const batch = new AutoReplyBatch();
    for (const row of rows.slice(index, index + 25)) {
      fakeId += 1n;
      batch.add({
        tenantId,
        numberId: row.number_id,
        contactId: row.contact_id,
        messageId: String(fakeId),
        at: new Date(),
        text: row.text,
        previousInboundAt: new Date(),
      });
    }
    await batch.settle(db);
    await db.query('commit');
  }
  const seconds = (performance.now() - started) / 1000;
  const after = (await db.query('select count(*)::int as n from auto_reply where tenant_id = $1', [tenantId])).rows[0]
    .n;
  return {
    messages: rows.length,
    replies: after - before,
    seconds: Number(seconds.toFixed(2)),
    repliesPerSecond: Math.round((after - before) / seconds),
  };
}

const matcher = await benchMatcher();
console.log('matcher', matcher);
const result = { when: new Date().toISOString(), matcher };
if (!matcherOnly) {
  result.path = await benchPath();
  console.log('path', result.path);
}
await sleep(0);
if (writeJson) {
  const file = process.env.BENCH_RESULT ?? path.join(here, 'results/autoreply.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
}
