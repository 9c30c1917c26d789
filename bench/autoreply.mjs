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
//    and one queued message. CPU of each process and of the whole machine over the run.
// Writes results/autoreply.json unless --no-json.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { customerOf, customersWrite } from './agents/setup.mjs';
import { callApi } from './api-call.mjs';
import { cpuBetween, startCampaignProduct, usageOf } from './campaigns/roles.mjs';
import { connectDatabase, createNumbers, registerTenant, sleep, waitFor } from './campaigns/setup.mjs';
import { machineBusyCpuSeconds } from './proc-stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RULES = Number(process.env.BENCH_RULES ?? 10_000);
const MATCHES = Number(process.env.BENCH_MATCHES ?? 20_000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
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
  const { db } = await connectDatabase(product);
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
    const texts = Array.from({ length: total }, (_, index) => textFor(rules, index));
    const sandboxNumbers = numbers.map((n) => ({ phone_number_id: n.phone_number_id }));
    const before = usageOf(product);
    const machineBefore = machineBusyCpuSeconds();
    const load = os.loadavg();
    const started = performance.now();
    const written = await customersWrite(product.sandboxUrl, {
      total,
      perSecond: RATE,
      pick: (index) => ({ ...customerOf(index, sandboxNumbers), text: texts[index] }),
      now: () => performance.now(),
    });
    const counts = async () =>
      (
        await db.query(
          `select (select count(*)::int from message where tenant_id = $1 and direction = 'in') as inbound,
                  (select count(*)::int from auto_reply where tenant_id = $1) as replies,
                  (select count(*)::int from message where tenant_id = $1 and direction = 'out') as queued`,
          [tenantId],
        )
      ).rows[0];
    let last;
    let lastShown = 0;
    await waitFor(
      'every reply queued',
      async () => {
        last = await counts();
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
    const after = usageOf(product);
    const duplicates = (
      await db.query(
        `select count(*)::int as n from (select inbound_message_id from auto_reply where tenant_id = $1
           group by inbound_message_id having count(*) > 1) x`,
        [tenantId],
      )
    ).rows[0].n;
    const unmatched = last.inbound - last.replies;
    const step = await stepAlone(db, tenantId);
    return {
      step,
      unmatched,
      rate: RATE,
      seconds: DURATION,
      written: total - written.failed,
      failedWrites: written.failed,
      writeSeconds: Number(written.seconds.toFixed(2)),
      ...last,
      duplicates,
      repliesPerSecond: Math.round(last.replies / seconds),
      firstWriteToLastQueuedSeconds: Number(seconds.toFixed(2)),
      cpuSeconds: cpuBetween(before, after),
      machineBusyCpuSeconds: Number((machineBusyCpuSeconds() - machineBefore).toFixed(1)),
      loadAtStart: load.map((n) => Number(n.toFixed(2))),
      loadAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
    };
  } finally {
    await db.end();
    await product.stop();
  }
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
  await fs.mkdir(path.join(here, 'results'), { recursive: true });
  await fs.writeFile(path.join(here, 'results/autoreply.json'), `${JSON.stringify(result, null, 2)}\n`);
}
