// Audience lists at scale (issue 15): upload, check (`data/add` with a mapping, then the check job)
// and load (`data/login`) of a generated CSV, on the built product with its embedded PostgreSQL.
// Rows a second end to end, the server's peak RSS while it runs, and the roll-up checks of the big
// tenant's benchmark on the tenant afterwards.
//
//   npm run build && node bench/audience-lists.mjs
//
// BENCH_ROWS: rows of the file (default 1 000 000). The file mixes international and national
// numbers (default country CN), invalid rows and repeats, as real exports do. BENCH_LOAD=off: check
// only (for large files, to see that memory stays flat).
import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs, openAsBlob } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { callApi } from './api-call.mjs';
import { checkTenant } from './big-tenant/checks.mjs';
import { serverCpuSeconds, serverRssMiB } from './proc-stats.mjs';
import { startProduct } from './product.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const LOAD = process.env.BENCH_LOAD !== 'off';
const ADMIN_PASSWORD = 'bench-admin-pass';

/** Writes the list: 55 % +86 mobiles, 20 % national mobiles, 10 % other countries, 8 % invalid, 7 % repeats. */
async function writeList(file, rows) {
  const out = createWriteStream(file);
  const write = (text) => (out.write(text) ? undefined : new Promise((resolve) => out.once('drain', resolve)));
  await write('Mobile,Name,Signed up,Tags,City\n');
  for (let index = 0; index < rows; index += 1) {
    const slot = index % 100;
    const serial = String(10_000_000 + index).slice(-8);
    let phone;
    if (slot < 55) phone = `+86 139 ${serial.slice(0, 4)} ${serial.slice(4)}`;
    else if (slot < 75) phone = `137${serial}`;
    else if (slot < 80) phone = `+49 151 ${serial}`;
    else if (slot < 85) phone = `+1 (415) 5${serial.slice(1, 3)}-${serial.slice(3, 7)}`.replace(/\(415\) 5/, '(415) 2');
    else if (slot < 93) phone = slot % 2 ? 'n/a' : `12${serial.slice(0, 3)}`;
    else phone = `+86139${String(10_000_000 + Math.max(0, index - 1000)).slice(-8)}`;
    const pending = write(
      `${phone},Customer ${index},2026-0${1 + (index % 9)}-1${index % 10},${slot % 3 ? 'vip' : 'new|vip'},City ${slot}\n`,
    );
    if (pending) await pending;
  }
  await new Promise((resolve) => out.end(resolve));
}

async function register(base) {
  const reply = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `lists_${randomBytes(3).toString('hex')}`, password: 'bench-pass-123' }),
  });
  const body = await reply.json();
  if (reply.status !== 200) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** Polls the list until it reaches a status, sampling the server's RSS; returns the list and the peak RSS. */
async function until(base, token, id, statuses, pid) {
  let peak = 0;
  for (;;) {
    peak = Math.max(peak, serverRssMiB(pid) ?? 0);
    const page = await callApi(base, '/api/data/list', { pageSize: 200 }, token);
    const list = page.records.find((record) => record.id === id);
    if (list && statuses.includes(list.status)) return { list, peak };
    if (list?.status === 'failed') throw new Error(`list failed: ${list.error}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-bench-lists-'));
const file = path.join(work, 'list.csv');
let started = performance.now();
await writeList(file, ROWS);
const { size } = await fs.stat(file);
console.log(
  `generated ${ROWS.toLocaleString('en')} rows (${(size / 1024 ** 2).toFixed(0)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const product = await startProduct(ADMIN_PASSWORD, { env: { DEMO: 'off', SANDBOX: 'off' } });
try {
  const base = product.url;
  const account = await register(base);
  const token = account.access_token;
  const cpuBefore = serverCpuSeconds(product.pid);
  const rssBefore = serverRssMiB(product.pid);

  started = performance.now();
  const form = new FormData();
  form.set('name', 'Bench list');
  form.set('consentSource', 'web_form');
  form.set('evidenceText', 'Generated for the benchmark');
  form.set('defaultCountry', 'CN');
  form.set(
    'mapping',
    JSON.stringify({ phone: 'Mobile', name: 'Name', optedInAt: 'Signed up', tags: 'Tags', fields: { city: 'City' } }),
  );
  form.set('file', await openAsBlob(file), 'list.csv');
  const reply = await fetch(`${base}/api/data/add`, { method: 'POST', headers: { token }, body: form });
  const added = await reply.json();
  if (reply.status !== 200) throw new Error(`upload: ${JSON.stringify(added)}`);
  const uploadSeconds = (performance.now() - started) / 1000;
  const checked = await until(base, token, added.data.id, ['ready'], product.pid);
  const checkSeconds = (performance.now() - started) / 1000;
  const cpuAfterCheck = serverCpuSeconds(product.pid);

  started = performance.now();
  let loaded = { list: checked.list, peak: 0 };
  if (LOAD) {
    await callApi(base, '/api/data/login', { id: added.data.id }, token);
    loaded = await until(base, token, added.data.id, ['loaded'], product.pid);
  }
  const loadSeconds = (performance.now() - started) / 1000;
  const cpuAfterLoad = serverCpuSeconds(product.pid);

  const password = (await fs.readFile(path.join(product.dataDir, 'pg/superuser-password'), 'utf8')).trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${product.pgPort}/wsconsole`,
  });
  await db.connect();
  const { problems, counts } = await checkTenant(db, account.user_info.tenant_id);
  await db.end();

  const counts0 = checked.list.counts;
  const cpu = (from, to) => ({
    server: (to.server - from.server).toFixed(1),
    postgres: (to.database - from.database).toFixed(1),
  });
  const result = {
    rows: ROWS,
    fileMiB: Math.round(size / 1024 ** 2),
    upload: `${uploadSeconds.toFixed(1)} s`,
    check: `${checkSeconds.toFixed(1)} s, ${Math.round(ROWS / checkSeconds).toLocaleString('en')} rows/s (upload included)`,
    counts: { valid: counts0.valid, invalid: counts0.invalid, duplicate: counts0.duplicate, new: counts0.new },
    load: !LOAD
      ? 'not run'
      : `${loadSeconds.toFixed(1)} s, ${Math.round(loaded.list.loaded_rows / loadSeconds).toLocaleString('en')} rows/s (${loaded.list.created_contacts.toLocaleString('en')} contacts created)`,
    rssMiB: { before: rssBefore, peakDuringCheck: checked.peak, peakDuringLoad: loaded.peak },
    cpuSeconds: { check: cpu(cpuBefore, cpuAfterCheck), load: cpu(cpuAfterCheck, cpuAfterLoad) },
    contacts: counts.contacts,
    rollupProblems: problems,
  };
  console.log(JSON.stringify(result, null, 2));
  if (problems.length > 0) process.exitCode = 1;
} finally {
  const stopped = await product.stop();
  await fs.rm(work, { recursive: true, force: true });
  if (stopped.code !== 0) console.log(`server exit: ${JSON.stringify(stopped)}; last output:\n${product.output}`);
}
