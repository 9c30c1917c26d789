// The world of bench/agents.mjs, made through the product's own calls: a tenant, sandbox numbers,
// seats created by `auth/createuser` and signed in, each serving one number (`inbox/agent/set`),
// online (`inbox/presence`), and customers who have written once, so each conversation has its agent.
import { callApi } from '../api-call.mjs';
import { sandboxControl, sleep, waitFor } from '../campaigns/setup.mjs';

const SEAT_PASSWORD = 'bench-seat-pass-1';
const SEATS_PER_BATCH = 200;

/** Runs `work(item, index)` over `items`, `concurrency` at a time; answers the results in order. */
export async function inParallel(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** `count` seat users made by the seat-creation job (batches of 200), each signed in: [{ username, token, userId }]. */
export async function createSeats(base, token, count) {
  const usernames = [];
  for (let made = 0; made < count; made += SEATS_PER_BATCH) {
    const batch = Math.min(SEATS_PER_BATCH, count - made);
    const prefix = `ag${made / SEATS_PER_BATCH}x`;
    const started = await callApi(
      base,
      '/api/auth/createuser',
      { count: batch, prefix, password: SEAT_PASSWORD },
      token,
    );
    const done = await waitFor(
      `seat batch ${prefix}`,
      async () => {
        const progress = await callApi(base, '/api/auth/getprogress', { taskId: started.task_id }, token);
        if (progress.status === 'failed') throw new Error(`seat batch failed: ${progress.error}`);
        return progress.status === 'done' ? progress : undefined;
      },
      { everyMs: 500, timeoutMs: 300_000 },
    );
    if (done.created.length !== batch) throw new Error(`seat batch ${prefix}: ${done.created.length} of ${batch} made`);
    usernames.push(...done.created);
  }
  // Each sign-in checks an argon2id hash (19 MiB, ~20-60 ms of CPU): two at a time for the two cores.
  return inParallel(usernames, 2, async (username) => {
    const session = await callApi(base, '/api/auth/login', { username, password: SEAT_PASSWORD });
    return { username, token: session.access_token, userId: session.user_info.user_id };
  });
}

/** Agent i serves number i mod numbers, with room for `maxOpen` unresolved conversations. */
export async function serveNumbers(base, operatorToken, agents, numbers, maxOpen) {
  await inParallel(agents, 8, (agent, index) =>
    callApi(
      base,
      '/api/inbox/agent/set',
      { userId: agent.userId, numberIds: [numbers[index % numbers.length].id], maxOpen },
      operatorToken,
    ),
  );
}

/**
 * Every agent's heartbeat, as the seat client sends it every 30 s: each round spreads its calls
 * over `everyMs`, so they add a steady load as real clients would. Answers stop().
 */
export function keepOnline(base, agents, everyMs) {
  let stopped = false;
  const rounds = (async () => {
    while (!stopped) {
      const started = Date.now();
      const gap = everyMs / agents.length;
      for (let index = 0; index < agents.length && !stopped; index += 1) {
        void callApi(base, '/api/inbox/presence', { state: 'online' }, agents[index].token).catch((error) => {
          console.error(`presence of ${agents[index].username}: ${error.message}`);
        });
        const due = started + (index + 1) * gap;
        if (due > Date.now()) await sleep(due - Date.now());
      }
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await rounds;
    },
  };
}

/** The heartbeat of every agent once, before anything is assigned. */
export const allOnline = (base, agents) =>
  inParallel(agents, 8, (agent) => callApi(base, '/api/inbox/presence', { state: 'online' }, agent.token));

/** Customer i writes to number i mod numbers; wa_id 4478 + 8 digits. */
export const customerOf = (index, numbers) => ({
  waId: `4478${String(index + 1).padStart(8, '0')}`,
  phoneNumberId: numbers[index % numbers.length].phone_number_id,
});

/**
 * Makes `perSecond` customers write a second, in ticks of 10 ms, `total` messages; message i is
 * `pick(i)`'s and reads its `text`, or `bench <i>`. `sent[i]` is the time just before the sandbox was asked (the
 * customer pressing send); the sandbox then posts its webhook batch (every 50 ms by default).
 * Answers { sent, seconds, failed }.
 */
export async function customersWrite(sandboxUrl, { total, perSecond, pick, now, inFlightMax = 64 }) {
  const sent = new Float64Array(total);
  let failed = 0;
  let inFlight = 0;
  let lagged = 0;
  const started = now();
  const writes = [];
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    while (inFlight >= inFlightMax) {
      lagged += 1;
      await sleep(1);
    }
    const customer = pick(index);
    sent[index] = now();
    inFlight += 1;
    writes.push(
      sandboxControl(sandboxUrl, 'POST', '/inbound', {
        phone_number_id: customer.phoneNumberId,
        from: customer.waId,
        name: `Customer ${customer.waId.slice(-6)}`,
        type: 'text',
        text: customer.text ?? `bench ${index}`,
      })
        .catch((error) => {
          failed += 1;
          if (failed <= 3) console.error(`inbound ${index}: ${error.message}`);
        })
        .finally(() => {
          inFlight -= 1;
        }),
    );
  }
  await Promise.all(writes);
  return { sent, seconds: (now() - started) / 1000, failed, waitedForRoom: lagged };
}

/** The bench's conversations with their agents, as stored: wa_id → { key, numberId, contactId, conversationId, assignee }. */
export async function assignments(db, tenantId) {
  const { rows } = await db.query(
    `select c.wa_id, v.id::text as conversation_id, v.number_id::text, v.contact_id::text,
            v.assignee_user_id::text as assignee, v.status
       from conversation v join contact c on c.tenant_id = v.tenant_id and c.id = v.contact_id
      where v.tenant_id = $1 and c.wa_id like '4478%'`,
    [tenantId],
  );
  return new Map(
    rows.map((row) => [
      row.wa_id,
      {
        key: `${row.number_id}:${row.contact_id}`,
        numberId: row.number_id,
        contactId: row.contact_id,
        conversationId: row.conversation_id,
        assignee: row.assignee,
        status: row.status,
      },
    ]),
  );
}
