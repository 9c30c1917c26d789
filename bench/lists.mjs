// The big-tenant benchmark: the first pages of the numbers and contact lists with each single
// filter, message history pages (first and deep), and the export of 1 000 000 contacts, against
// the built product on the database that big-tenant/generate.mjs made (100 000 numbers,
// 10 000 000 contacts, 2 000 000 messages in one tenant).
//
//   node bench/lists.mjs [--no-build] [--no-json] [--only=<text>] [--no-export]
//
// BENCH_LIST_SECONDS: measured seconds per scenario and connection count (default 5);
// BENCH_LIST_CONNECTIONS: connection counts to measure at (default 1,4). --only runs the
// scenarios whose group or name contains the text (--only=export: the export alone). Writes
// results/lists.json unless --no-json or --only. Exits 1 when a request fails or the server does
// not stop cleanly.
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendCall } from './api-call.mjs';
import {
  connectDatabase,
  migrationDigests,
  OPERATOR,
  signInOperator,
  startBigProduct,
} from './big-tenant/big-product.mjs';
import { measure, measureExport, timeOnce } from './big-tenant/measure.mjs';
import { discover, listScenarios } from './big-tenant/scenarios.mjs';
import { serverRssMiB } from './proc-stats.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(benchDir, 'results/lists.json');
const SECONDS = Number(process.env.BENCH_LIST_SECONDS || 5);
const CONNECTIONS = (process.env.BENCH_LIST_CONNECTIONS || '1,4').split(',').map(Number);
const WARMUP_SECONDS = 1;
const EXPORT_ROWS = 1_000_000;
/** How deep into a long history the "deep cursor" page starts. */
const DEEP_MESSAGES = 15_000;
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const writeJson = !process.argv.includes('--no-json') && !only;
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The commit measured, marked when the server's or the contract's sources differ from it. */
function gitCommit() {
  try {
    const run = (args) => execFileSync('git', args, { cwd: path.join(benchDir, '..'), encoding: 'utf8' }).trim();
    const dirty = run(['status', '--porcelain', '--', 'apps/server', 'packages/contract']) !== '';
    return `${run(['rev-parse', '--short', 'HEAD'])}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    return undefined;
  }
}

/** The cursor of a page DEEP_MESSAGES (or 80 % of the history) back, by walking the history in pages of 100. */
async function deepCursor(baseUrl, token, query, messages) {
  const depth = Math.min(DEEP_MESSAGES, Math.floor(messages * 0.8));
  let cursor;
  for (let walked = 0; walked < depth; walked += 100) {
    const page = await sendCall(
      baseUrl,
      { method: 'GET', path: '/api/message/history', query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) } },
      token,
    );
    if (!page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return { cursor, depth };
}

/** Checks the first reply, so that a scenario that measures an empty or broken answer is visible. */
function describeReply(data) {
  if (Array.isArray(data.records) && 'total' in data) {
    return { rows: data.records.length, total: data.total, capped: data.total_capped ?? data.capped ?? false };
  }
  if (Array.isArray(data.records)) return { rows: data.records.length, nextCursor: Boolean(data.next_cursor) };
  return {};
}

/** Live numbers with the most contacts, just enough of them to hold EXPORT_ROWS contacts. */
async function exportSelection(db, tenantId) {
  const { rows } = await db.query(
    `select array_agg(number_id::text) as ids, sum(contacts)::int as contacts from (
       select k.number_id, k.contacts, sum(k.contacts) over (order by k.contacts desc, k.number_id) as running
         from contact_tally k join wa_number n on n.tenant_id = k.tenant_id and n.id = k.number_id and n.deleted_at is null
        where k.tenant_id = $1 and k.number_id <> 0) ranked
      where running - contacts < $2`,
    [tenantId, EXPORT_ROWS],
  );
  return rows[0];
}

async function generatedState(db) {
  const { rows } = await db
    .query(
      `select (select detail from bench_big.state where step = 'params') as params,
            (select detail from bench_big.state where step = 'migrations') as migrations,
            (select round(sum(seconds))::int from bench_big.state) as "generationSeconds",
            exists (select 1 from bench_big.state where step = 'vacuum-analyze') as complete,
            (select tenant_id from app_user where lower(username) = lower($1)) as "tenantId"`,
      [OPERATOR.username],
    )
    .catch(() => ({ rows: [{ complete: false }] }));
  return rows[0];
}

function printTable(rows) {
  const header = [
    'group',
    'scenario',
    'conn',
    'req/s',
    'p50',
    'p95',
    'p99',
    'max',
    'cold',
    'target',
    'rows/total',
    'server CPU ms/req',
    'db CPU ms/req',
    'other %',
  ];
  const lines = rows.flatMap((row) =>
    row.runs.map((run) => [
      row.group,
      row.name,
      String(run.connections),
      String(run.requestsPerSecond),
      String(run.p50),
      String(run.p95),
      String(run.p99),
      String(run.max),
      String(row.coldMs),
      row.targetMs === undefined
        ? '-'
        : `${run.connections === 1 && run.p95 >= row.targetMs ? 'OVER ' : ''}${row.targetMs}`,
      row.reply.total !== undefined
        ? `${row.reply.rows}/${row.reply.total}${row.reply.capped ? '+' : ''}`
        : String(row.reply.rows ?? ''),
      String(run.serverCpuMsPerRequest ?? ''),
      String(run.databaseCpuMsPerRequest ?? ''),
      String(run.otherCpuPercent ?? ''),
    ]),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) =>
    cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const product = await startBigProduct({ skipBuild: process.argv.includes('--no-build') });
  const stopOnInterrupt = () => product.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnInterrupt);
  let db;
  let failed = false;
  const report = { scenarios: [] };
  try {
    db = await connectDatabase(product.databaseUrl);
    const state = await generatedState(db);
    if (!state.complete)
      throw new Error('the big tenant is not generated: run node bench/big-tenant/generate.mjs first');
    const current = await migrationDigests();
    const changed = Object.keys(state.migrations ?? {}).filter((file) => current[file] !== state.migrations[file]);
    const added = Object.keys(current).filter((file) => !(file in (state.migrations ?? {})));
    if (changed.length > 0) {
      console.warn(
        `WARNING: migrations edited after the database was generated (not re-applied): ${changed.join(', ')}`,
      );
    }
    if (added.length > 0) log(`migrations applied after generation: ${added.join(', ')}`);
    Object.assign(report, {
      generated: state,
      migrationsChangedSinceGeneration: changed,
      migrationsAddedSinceGeneration: added,
    });
    const token = await signInOperator(product.url);
    const ids = await discover(db, state.tenantId);
    report.ids = ids;
    const scenarios = listScenarios(ids).filter(
      (scenario) => !only || `${scenario.group} ${scenario.name}`.includes(only),
    );
    for (const scenario of scenarios) {
      if (scenario.query?.deep) {
        const { deep, ...query } = scenario.query;
        const messages = query.numberId && !query.contactId ? ids.busyHistoryNumber.messages : ids.longContact.messages;
        const walked = await deepCursor(product.url, token, query, messages);
        scenario.query = { ...query, cursor: walked.cursor };
        scenario.name += ` (${walked.depth} messages back)`;
      }
      const cold = await timeOnce(product.url, token, scenario);
      await measure(product.url, token, scenario, { seconds: WARMUP_SECONDS, connections: 1, serverPid: product.pid });
      const runs = [];
      for (const connections of CONNECTIONS) {
        runs.push({
          ...(await measure(product.url, token, scenario, { seconds: SECONDS, connections, serverPid: product.pid })),
          loadAverage: os.loadavg()[0],
        });
      }
      const row = {
        group: scenario.group,
        name: scenario.name,
        targetMs: scenario.targetMs,
        request: scenario.body ?? scenario.query,
        coldMs: cold.ms,
        reply: describeReply(cold.data),
        runs,
      };
      report.scenarios.push(row);
      const single = runs[0];
      log(
        `${row.group} ${row.name}: p50 ${single.p50} ms, p95 ${single.p95} ms, ${single.requestsPerSecond} req/s (cold ${cold.ms} ms)`,
      );
    }
    if (!process.argv.includes('--no-export') && (!only || only === 'export')) {
      const selection = await exportSelection(db, state.tenantId);
      log(`export: ${selection.ids.length} numbers holding ${selection.contacts} contacts`);
      report.export = { numbers: selection.ids.length, contacts: selection.contacts, runs: [] };
      for (const attempt of ['first', 'second', 'third']) {
        const run = await measureExport(product.url, token, { numberIds: selection.ids }, product.pid);
        report.export.runs.push({ attempt, ...run });
        log(
          `export (${attempt}): ${run.rows} rows in ${run.seconds} s = ${run.rowsPerSecond} rows/s, ${run.megabytesPerSecond} MB/s, ` +
            `first row ${run.firstRowMs} ms, server RSS ${run.serverRssMiB.start} → max ${run.serverRssMiB.max} → ${run.serverRssMiB.end} MiB; ` +
            `CPU: server ${run.serverCpuSeconds} s, database ${run.databaseCpuSeconds} s, rest of the machine ${run.otherCpuPercent} % of a core`,
        );
        // Past the export's count cap X-Total-Count is a lower bound (X-Total-Capped: true).
        const matches = run.expectedCapped ? run.rows >= run.expectedRows : run.rows === run.expectedRows;
        if (!matches) {
          throw new Error(
            `export sent ${run.rows} rows, X-Total-Count said ${run.expectedRows} (capped: ${run.expectedCapped})`,
          );
        }
      }
    }
    report.serverRssMiBAfter = serverRssMiB(product.pid);
  } catch (error) {
    failed = true;
    console.error(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  } finally {
    await db?.end();
    report.serverExit = await product.stop();
    process.removeListener('SIGINT', stopOnInterrupt);
  }
  if (report.scenarios.length > 0) printTable(report.scenarios);
  const cleanStop = report.serverExit.code === 0;
  if (!cleanStop)
    console.error(`the server did not stop cleanly: ${JSON.stringify(report.serverExit)}\n${product.output()}`);
  if (writeJson && report.scenarios.length > 0) {
    const results = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: {
        cpus: os.availableParallelism(),
        cpuModel: os.cpus()[0]?.model,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      settings: { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS },
      ...report,
      ok: !failed && cleanStop,
    };
    await fs.mkdir(path.dirname(resultsFile), { recursive: true });
    await fs.writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    // As the repository's formatter wants it (short arrays on one line), so that the check passes.
    try {
      execFileSync(path.join(benchDir, '../node_modules/.bin/biome'), ['format', '--write', resultsFile], {
        stdio: 'ignore',
      });
    } catch {
      // Unformatted is still correct JSON.
    }
    log(`wrote ${path.relative(process.cwd(), resultsFile)}`);
  }
  if (failed || !cleanStop) process.exitCode = 1;
}

await main();
