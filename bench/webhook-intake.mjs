// Webhook intake of the built server: signed batched status payloads (1000 statuses each, Meta's
// largest batch) posted to POST /webhooks/whatsapp over keep-alive connections, as fast as they
// are acknowledged. Reports statuses stored and acknowledged per second and the acknowledgement
// times, then how fast the worker role (running in the same process, as in `npm start`) applied
// them to the messages.
//
//   node webhook-intake.mjs [--no-json] [--role=api]
//
// BENCH_DATABASE_URL: the PostgreSQL server to use (default postgres://postgres@127.0.0.1:5432/postgres);
// a fresh database is created on it and dropped afterwards. BENCH_DURATION: measured seconds
// (default 10) per scenario; BENCH_RATES: offered loads of the open-loop scenarios in statuses/s
// (default 10000,20000); BENCH_CONNECTIONS: requests in flight in the closed-loop scenario (default 4).
// --role=api measures intake alone (no worker in the process). BENCH_INBOUND=phone|both|user_id posts
// inbound text messages instead (100 a request, each from a new user, never repeated), named by
// phone number (from), by phone and business-scoped user id, or by user id alone (a username user).
// Writes results/webhook-intake.json unless --no-json. Exits non-zero when a request was not
// acknowledged with 200 or the server did not stop cleanly.
import { createHmac } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProduct } from './product.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(
  benchDir,
  process.env.BENCH_INBOUND
    ? `results/webhook-intake-inbound-${process.env.BENCH_INBOUND}.json`
    : 'results/webhook-intake.json',
);

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MEASURE_SECONDS = Number(process.env.BENCH_DURATION || 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 4);
/** Offered loads of the open-loop scenarios, in statuses per second. */
const RATES = (process.env.BENCH_RATES || '10000,20000').split(',').map(Number);
const INBOUND = process.env.BENCH_INBOUND || '';
if (INBOUND && !['phone', 'both', 'user_id'].includes(INBOUND))
  throw new Error('BENCH_INBOUND: phone, both or user_id');
/** Statuses, or inbound messages, in one request. */
const STATUSES_PER_REQUEST = INBOUND ? 100 : 1000;
/** Distinct bodies: statuses sent, delivered and read for 20 000 messages. */
const BODY_COUNT = 60;
const MESSAGES = 20_000;
const APP_SECRET = 'bench-app-secret-0123456789';
const PHONE_NUMBER_ID = '109000000000001';
const DRAIN_TIMEOUT_MS = 300_000;
const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
const writeJson = !process.argv.includes('--no-json');

/** A tenant with one number and MESSAGES outbound messages that Meta accepted, as the send lane leaves them. */
async function seed(db) {
  await db.query(`insert into tenant (id, name) values ('900001', 'bench')`);
  const portfolio = await db.query(
    `insert into wa_portfolio (tenant_id, name) values ('900001', 'bench') returning id`,
  );
  const waba = await db.query(
    `insert into wa_business_account (tenant_id, portfolio_id, waba_id) values ('900001', $1, '109000000000000') returning id`,
    [portfolio.rows[0].id],
  );
  const number = await db.query(
    `insert into wa_number (tenant_id, waba_ref, phone, phone_number_id, access_token_encrypted, api_base_url)
     values ('900001', $1, '+15550000001', $2, 'x', 'http://127.0.0.1:1') returning id`,
    [waba.rows[0].id, PHONE_NUMBER_ID],
  );
  await db.query(
    `insert into message (tenant_id, number_id, direction, type, body, status, meta_message_id, purpose)
     select '900001', $1, 'out', 'template', '{}', 'accepted', 'wamid.bench.' || n, 'marketing'
       from generate_series(0, $2 - 1) n`,
    [number.rows[0].id, MESSAGES],
  );
}

/** A signed webhook request of the bench number carrying one `messages` change with `value`'s fields. */
function signedMessagesWebhook(value) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '109000000000000',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000001', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
  return {
    body: Buffer.from(body),
    signature: `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
  };
}

/** Meta's shape: sent carries the conversation and pricing, delivered the pricing, read neither. */
function statusBody(index) {
  const status = ['sent', 'delivered', 'read'][Math.floor(index / (BODY_COUNT / 3))];
  const first = (index % (BODY_COUNT / 3)) * STATUSES_PER_REQUEST;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const statuses = Array.from({ length: STATUSES_PER_REQUEST }, (_, offset) => {
    const n = first + offset;
    const entry = { id: `wamid.bench.${n}`, status, timestamp, recipient_id: String(447700000000 + n) };
    const pricing = { billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' };
    if (status === 'sent')
      entry.conversation = { id: `c${n}`, expiration_timestamp: timestamp, origin: { type: 'marketing' } };
    if (status !== 'read') entry.pricing = pricing;
    return entry;
  });
  return signedMessagesWebhook({ statuses });
}

/** Inbound texts from new users, each request its own (a message id is stored once). */
function inboundBody(index) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const users = Array.from({ length: STATUSES_PER_REQUEST }, (_, offset) => {
    const n = index * STATUSES_PER_REQUEST + offset;
    return { waId: String(8613000000000 + n), userId: `CN.${String(n).padStart(20, '0')}` };
  });
  const named = (user) => ({
    ...(INBOUND === 'user_id' ? {} : { from: user.waId }),
    ...(INBOUND === 'phone' ? {} : { from_user_id: user.userId }),
  });
  return signedMessagesWebhook({
    contacts: users.map((user) => ({
      profile: { name: `User ${user.waId.slice(-6)}` },
      ...(INBOUND === 'user_id' ? {} : { wa_id: user.waId }),
      ...(INBOUND === 'phone' ? {} : { user_id: user.userId }),
    })),
    messages: users.map((user, offset) => ({
      ...named(user),
      id: `wamid.bench.in.${index}.${offset}`,
      timestamp,
      type: 'text',
      text: { body: 'hello' },
    })),
  });
}

/** The request bodies in turn: the status bodies again and again, or ever new inbound ones. */
function bodySource() {
  if (INBOUND) {
    let made = 0;
    return () => inboundBody(made++);
  }
  const bodies = Array.from({ length: BODY_COUNT }, (_, index) => statusBody(index));
  let next = 0;
  return () => bodies[next++ % bodies.length];
}

function poster(port, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const post = ({ body, signature }) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/webhooks/whatsapp',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            'x-hub-signature-256': signature,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { post, close: () => agent.destroy() };
}

/** Closed loop: `connections` requests in flight, each answered before its connection sends the next. */
async function closedLoop(port, nextBody, seconds, connections) {
  const { post, close } = poster(port, connections);
  const until = performance.now() + seconds * 1000;
  const answers = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) answers.push(await post(nextBody()));
    }),
  );
  close();
  return answers;
}

/** Open loop: a request every 1/rate s whatever the answers, as Meta's deliveries arrive. */
async function openLoop(port, nextBody, seconds, requestsPerSecond) {
  const { post, close } = poster(port, 64);
  const total = Math.round(seconds * requestsPerSecond);
  const started = performance.now();
  const pending = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / requestsPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(post(nextBody()));
  }
  const answers = await Promise.all(pending);
  close();
  return answers;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (value) => Math.round(value * 10) / 10;

/** Every answer must be a 200: anything else fails the run. */
function check(answers) {
  const refused = answers.filter((answer) => answer.status !== 200).map((answer) => answer.status);
  if (refused.length > 0) throw new Error(`FAILED: non-200 answers ${JSON.stringify(refused.slice(0, 10))}`);
  return answers;
}

function summary(answers, seconds) {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    requests: answers.length,
    statusesPerSecond: Math.round((answers.length * STATUSES_PER_REQUEST) / seconds),
    ackMedianMs: round(percentile(times, 50)),
    ackP95Ms: round(percentile(times, 95)),
    ackP99Ms: round(percentile(times, 99)),
    ackMaxMs: round(times.at(-1)),
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const database = `ws_bench_webhooks_${process.pid}`;
  await admin.query(`create database ${database}`);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${database}`;
  let server;
  let db;
  try {
    server = await startProduct('bench-admin-pass-1', {
      args: [`--role=${role}`],
      env: {
        DATABASE_URL: databaseUrl.toString(),
        SANDBOX: 'off',
        DEMO: 'off',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: 'bench-verify-token',
      },
    });
    const { port } = server;
    db = new pg.Client({ connectionString: databaseUrl.toString() });
    await db.connect();
    await seed(db);
    const bodies = bodySource();

    const pendingEvents = async () =>
      Number((await db.query('select count(*) from webhook_event where processed_at is null')).rows[0].count);
    /** Waits until the worker has applied everything stored; the seconds it took. */
    const drained = async () => {
      const started = Date.now();
      while (role === 'all' && (await pendingEvents()) > 0 && Date.now() - started < DRAIN_TIMEOUT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return round((Date.now() - started) / 1000);
    };

    check(await closedLoop(port, bodies, WARMUP_SECONDS, 2));
    await drained();
    const scenarios = [];
    for (const rate of RATES) {
      const started = performance.now();
      const answers = check(await openLoop(port, bodies, MEASURE_SECONDS, rate / STATUSES_PER_REQUEST));
      const seconds = (performance.now() - started) / 1000;
      const backlogEvents = role === 'all' ? await pendingEvents() : undefined;
      scenarios.push({
        load: `open loop at ${rate} statuses/s`,
        ...summary(answers, seconds),
        backlogEvents,
        drainSeconds: await drained(),
      });
    }
    const started = performance.now();
    const answers = check(await closedLoop(port, bodies, MEASURE_SECONDS, CONNECTIONS));
    const seconds = (performance.now() - started) / 1000;
    const backlogEvents = role === 'all' ? await pendingEvents() : undefined;
    scenarios.push({
      load: `closed loop, ${CONNECTIONS} in flight`,
      ...summary(answers, seconds),
      backlogEvents,
      drainSeconds: await drained(),
    });

    let processing;
    if (role === 'all') {
      // The worker's pace on the largest backlog: events of the closed loop, first received to last applied.
      const span = await db.query(
        `select count(*)::int as events, extract(epoch from max(processed_at) - min(received_at)) as seconds,
                count(*) filter (where outcome <> 'processed')::int as not_processed
           from webhook_event where received_at >= now() - make_interval(secs => $1)`,
        [seconds + scenarios.at(-1).drainSeconds + 1],
      );
      const { events, not_processed } = span.rows[0];
      const messages = await db.query(`select status, count(*)::int as n from message group by status order by status`);
      const contacts = await db.query('select count(*)::int as n from contact');
      processing = {
        events,
        notProcessed: not_processed,
        statusesPerSecond: Math.round((events * STATUSES_PER_REQUEST) / Number(span.rows[0].seconds)),
        messageStatuses: Object.fromEntries(messages.rows.map((row) => [row.status, row.n])),
        contacts: contacts.rows[0].n,
      };
    }

    const result = {
      date: new Date().toISOString(),
      role,
      connections: CONNECTIONS,
      seconds: MEASURE_SECONDS,
      statusesPerRequest: STATUSES_PER_REQUEST,
      kind: INBOUND ? `inbound messages named by ${INBOUND}` : 'statuses',
      bodyBytes: (INBOUND ? inboundBody(0) : statusBody(0)).body.length,
      cpus: os.cpus().length,
      scenarios,
      ...(processing ? { processing } : {}),
    };
    console.log(JSON.stringify(result, null, 2));
    if (writeJson) await fs.writeFile(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await db?.end();
    const exit = await server?.stop();
    if (server && exit?.code !== 0) {
      console.error(`server exited with ${JSON.stringify(exit)}:\n${server.output()}`);
      process.exitCode = 1;
    } else if (server?.output()) {
      console.error(`server said:\n${server.output()}`);
    }
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exitCode = 1;
});
