// What the dashboard's outcome counting costs the drain's status apply (decision 0030, migration
// 0050): batches of status webhooks applied by the product's own `applyStatuses` (the drain's
// statement, compiled), each in its own transaction, with message_day's outcome triggers
//   none:  neither (what the rest of the statement costs),
//   0048:  on campaign_timeline, counting campaign recipients (as migration 0048 made them),
//   0050:  on message, counting every outbound message (as migration 0050 makes them),
// over campaign messages (their recipients follow them, campaign_timeline is written) and chat
// messages (no recipient). Variants take turns round by round, so the load of the machine falls
// on each alike.
//
//   nice -n 19 npx tsc -b apps/server && nice -n 19 node bench/status-apply.mjs
//
// BENCH_STATUS_MESSAGES (20 000) messages a round, BENCH_STATUS_BATCH (2 000: the drain's batch)
// statuses a statement, BENCH_STATUS_ROUNDS (3) rounds of each variant and kind. Each message gets
// a delivered, then a read status. Prints JSON; writes results/status-apply.json unless --no-json.
import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyStatuses } from '../apps/server/dist/whatsapp/webhooks/status-repository.js';
import { connectDatabase } from './big-tenant/big-product.mjs';
import { quantile } from './big-tenant/measure.mjs';
import { repoRoot, startProduct } from './product.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const MESSAGES = Number(process.env.BENCH_STATUS_MESSAGES || 20_000);
const BATCH = Number(process.env.BENCH_STATUS_BATCH || 2_000);
const ROUNDS = Number(process.env.BENCH_STATUS_ROUNDS || 3);
const TENANT = 'statusbench';
/**
 * A template message's body as the dispatcher stores it, about 600 bytes: the transition tables the
 * triggers read carry whole rows, so an empty body would make reading them look cheaper than it is.
 */
const BODY = JSON.stringify({
  template: {
    name: 'bench_offer',
    language: { code: 'en' },
    components: [
      {
        type: 'header',
        parameters: [{ type: 'image', image: { link: 'https://example.com/spring-sale/banner.jpg' } }],
      },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Sheena' },
          { type: 'text', text: 'SPRING-2026-0042' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'l/abc123' }] },
    ],
  },
  text: 'Hi Sheena, our spring sale starts today: 20 % off everything in the shop with code SPRING-2026-0042. '.repeat(
    3,
  ),
});
const writeJson = !process.argv.includes('--no-json');
const log = (line) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** 0048's campaign_timeline triggers, taken from the migration itself (0050 dropped them). */
async function triggers0048() {
  const sql = await fs.readFile(path.join(repoRoot, 'apps/server/migrations/0048_dashboard_rollups.sql'), 'utf8');
  const functions = sql.match(/create function message_day_outcomes_\w+\(\)[\s\S]*?end \$\$;/g) ?? [];
  const triggers = sql.match(/create trigger message_day_outcomes_\w+[\s\S]*?;/g) ?? [];
  if (functions.length !== 2 || triggers.length !== 2) throw new Error('0048 triggers not found');
  return [...functions.map((text) => text.replace('create function', 'create or replace function')), ...triggers];
}

async function useVariant(db, variant, old) {
  await db.query('drop trigger if exists message_day_outcomes_insert on campaign_timeline');
  await db.query('drop trigger if exists message_day_outcomes_update on campaign_timeline');
  await db.query(`alter table message ${variant === '0050' ? 'enable' : 'disable'} trigger message_day_statuses`);
  if (variant === '0048') for (const statement of old) await db.query(statement);
}

/** A round's messages, accepted by Meta (and, for a campaign, their recipients); their Meta ids. */
async function seedRound(db, round, kind, campaignId) {
  const prefix = `wamid.${kind}.${round}.`;
  await db.query(
    `insert into message (tenant_id, number_id, contact_id, direction, type, body, status, meta_message_id, purpose,
                          campaign_id)
     select $1, 1 + i % 30, $5::bigint * 1000000 + i, 'out', 'template', $6::jsonb, 'accepted', $2 || i, 'marketing', $3
       from generate_series(1, $4::int) i`,
    [TENANT, prefix, kind === 'campaign' ? campaignId : null, MESSAGES, round, BODY],
  );
  if (kind === 'campaign') {
    await db.query(
      `insert into campaign_recipient (campaign_id, contact_id, tenant_id, number_id, run_no, state, message_id,
                                       message_created_at)
       select $1, contact_id, tenant_id, number_id, 1, 2, id, created_at
         from message where tenant_id = $2 and campaign_id = $1 and meta_message_id like $3`,
      [campaignId, TENANT, `${prefix}%`],
    );
  }
  await db.query('analyze message');
  return Array.from({ length: MESSAGES }, (_, i) => `${prefix}${i + 1}`);
}

const status = (metaMessageId, kind, at) => ({
  tenantId: TENANT,
  metaMessageId,
  status: kind,
  statusAt: at,
  sentAt: at,
  deliveredAt: at,
  readAt: kind === 'read' ? at : null,
  failedAt: null,
  errorCode: null,
  errorTitle: null,
  callbackMessageId: null,
});

/** CPU milliseconds the backend of `db` has used (its /proc stat: user + system, in 10 ms ticks). */
function backendCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Milliseconds per statement: every message delivered, then read, a batch per transaction. */
async function applyRound(db, metaIds) {
  const times = [];
  for (const kind of ['delivered', 'read']) {
    for (let from = 0; from < metaIds.length; from += BATCH) {
      const batch = metaIds.slice(from, from + BATCH).map((id) => status(id, kind, new Date()));
      const at = process.hrtime.bigint();
      await db.query('begin');
      await applyStatuses(db, batch);
      await db.query('commit');
      times.push(Number(process.hrtime.bigint() - at) / 1e6);
    }
  }
  return times;
}

async function main() {
  const product = await startProduct('bench-admin-pass-1', { env: { DEMO: 'off', SANDBOX: 'off' } });
  const password = (await fs.readFile(path.join(product.dataDir, 'pg/superuser-password'), 'utf8')).trim();
  const db = await connectDatabase(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${product.pgPort}/wsconsole`,
  );
  let failed = false;
  try {
    await db.query(`insert into tenant (id, name) values ($1, $1)`, [TENANT]);
    const { rows } = await db.query(
      `insert into campaign (tenant_id, kind, name, status, audience, content, purpose, run_no)
       values ($1, 'mass', 'Statuses', 'running', '{}', '{}', 'marketing', 1) returning id::text`,
      [TENANT],
    );
    const campaignId = rows[0].id;
    const old = await triggers0048();
    const report = {
      at: new Date().toISOString(),
      messages_per_round: MESSAGES,
      statuses_per_statement: BATCH,
      cores: os.cpus().length,
      load_average_before: os.loadavg().map((n) => Math.round(n * 100) / 100),
      results: {},
    };
    const backend = (await db.query('select pg_backend_pid() as pid')).rows[0].pid;
    const times = {};
    const cpu = {};
    const variants = ['none', '0048', '0050'];
    let round = 0;
    for (let repeat = 0; repeat < ROUNDS; repeat += 1) {
      for (const kind of ['campaign', 'chat']) {
        // Each repeat starts with another variant, so none of them always runs on the biggest table.
        for (const variant of [...variants.slice(repeat % 3), ...variants.slice(0, repeat % 3)]) {
          round += 1;
          await useVariant(db, variant, old);
          const metaIds = await seedRound(db, round, kind, campaignId);
          const cpuBefore = backendCpuMs(backend);
          const run = await applyRound(db, metaIds);
          const key = `${kind} ${variant}`;
          times[key] = [...(times[key] ?? []), ...run];
          cpu[key] = (cpu[key] ?? 0) + backendCpuMs(backend) - cpuBefore;
          const mean = run.reduce((sum, time) => sum + time, 0) / run.length;
          log(`${key}: ${Math.round(mean)} ms a statement of ${BATCH} (load ${os.loadavg()[0].toFixed(1)})`);
        }
      }
    }
    for (const [key, list] of Object.entries(times)) {
      const sorted = [...list].sort((a, b) => a - b);
      const mean = sorted.reduce((sum, time) => sum + time, 0) / sorted.length;
      report.results[key] = {
        statements: sorted.length,
        ms_mean: Math.round(mean * 10) / 10,
        ms_p50: Math.round(quantile(sorted, 0.5) * 10) / 10,
        ms_p95: Math.round(quantile(sorted, 0.95) * 10) / 10,
        // What PostgreSQL itself spent (its backend's CPU), which the machine's load does not stretch.
        cpu_ms_per_statement: Math.round((cpu[key] / sorted.length) * 10) / 10,
        cpu_us_per_status: Math.round((cpu[key] * 1000) / sorted.length / BATCH),
      };
    }
    const days = await db.query(
      'select sum(delivered)::int as delivered, sum(read)::int as read from message_day where tenant_id = $1',
      [TENANT],
    );
    report.message_day = days.rows[0];
    report.load_average_after = os.loadavg().map((n) => Math.round(n * 100) / 100);
    console.log(JSON.stringify(report, null, 2));
    if (writeJson) {
      await fs.mkdir(path.join(benchDir, 'results'), { recursive: true });
      await fs.writeFile(path.join(benchDir, 'results/status-apply.json'), `${JSON.stringify(report, null, 2)}\n`);
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
