// The world a campaign benchmark needs, on a fresh product: a tenant, HIGH-throughput sandbox
// numbers imported through the product, an approved marketing template in each of their WABAs,
// and N contacts carrying one tag, generated in SQL.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { callApi } from '../api-call.mjs';
import { createIndex, dropContactIndexes } from '../big-tenant/contacts.mjs';

export const TEMPLATE = { name: 'bench_offer', language: 'en_US' };
/** The campaign's template variables: the body's {{1}} is the contact's first name. */
export const TEMPLATE_VARIABLES = { 'body.1': { source: 'field', field: 'first_name', fallback: 'there' } };
const MAX_NUMBERS_PER_CALL = 50;
const CONTACT_CHUNK = 250_000;
/**
 * Simulated customers kept quiet, so that every message has one fate (delivered, half of them
 * read) and nothing moves a number's quality: no replies, stops, blocks, taps or failures.
 */
export const QUIET_CUSTOMERS = {
  behaviour: { deliver: 1, read: 0.5, reply: 0, stop: 0, block: 0, tapButton: 0, joinGroup: 0, fail: 0 },
  delays: { templateApprovalMs: 0 },
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it answers something truthy; throws after `timeoutMs`. */
export async function waitFor(what, probe, { everyMs = 250, timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The product's database as its superuser (the password the embedded PostgreSQL keeps in the data dir). */
export async function connectDatabase(product) {
  const password = (await fs.readFile(path.join(product.dataDir, 'pg/superuser-password'), 'utf8')).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${product.pgPort}/wsconsole`;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return { db, url };
}

/** A control call of the sandbox (`/_sandbox/…`); answers the parsed JSON. */
export async function sandboxControl(sandboxUrl, method, pathName, body) {
  const response = await fetch(`${sandboxUrl}/_sandbox${pathName}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox ${method} ${pathName} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

export async function registerTenant(base) {
  const reply = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `camp_${randomBytes(3).toString('hex')}`, password: 'bench-pass-123' }),
  });
  const body = await reply.json();
  if (reply.status !== 200) throw new Error(`registration failed: ${JSON.stringify(body)}`);
  return { token: body.data.access_token, tenantId: body.data.user_info.tenant_id };
}

async function listNumbers(base, token) {
  const numbers = [];
  for (let page = 1; ; page += 1) {
    const reply = await callApi(base, '/api/agent/list', { page, pageSize: 200 }, token);
    numbers.push(...reply.records);
    if (reply.records.length < 200) return numbers;
  }
}

/** `count` HIGH, unlimited-tier sandbox numbers through `wa/sandbox/numbers` (one WABA per call of at most 50), imported. */
export async function createNumbers(base, token, count) {
  for (let made = 0; made < count; made += MAX_NUMBERS_PER_CALL) {
    const batch = Math.min(MAX_NUMBERS_PER_CALL, count - made);
    await callApi(base, '/api/wa/sandbox/numbers', { count: batch, throughput: 'HIGH', tier: 'TIER_UNLIMITED' }, token);
  }
  return waitFor(`${count} imported numbers`, async () => {
    const numbers = await listNumbers(base, token);
    return numbers.length >= count ? numbers : undefined;
  });
}

/**
 * The marketing template, submitted in every WABA of the numbers (a number sends only its own
 * WABA's templates), then approved by the sandbox's review (its delay set to 0 beforehand).
 * Answers the product's id of one of them.
 */
export async function createApprovedTemplate(base, token, db, tenantId, numbers) {
  const byWaba = new Map(numbers.map((number) => [number.waba_id, number]));
  let templateId;
  for (const number of byWaba.values()) {
    const template = await callApi(
      base,
      '/api/template/add',
      {
        numberId: number.id,
        ...TEMPLATE,
        category: 'MARKETING',
        components: [
          { type: 'BODY', text: 'Hi {{1}}, our spring offer is here.', example: { body_text: [['Ann']] } },
          { type: 'FOOTER', text: 'Reply STOP to opt out' },
        ],
      },
      token,
    );
    templateId ??= template.id;
  }
  await waitFor('the templates approved', async () => {
    const { rows } = await db.query(
      `select count(*)::int as n from wa_template where tenant_id = $1 and name = $2 and status = 'APPROVED'`,
      [tenantId, TEMPLATE.name],
    );
    return rows[0].n >= byWaba.size;
  });
  return { templateId, wabas: byWaba.size };
}

/**
 * `count` contacts with the tag `Campaign bench`, wa_id 4477 + 8 digits (UK mobile-like), in
 * chunks: 10 % without consent, 2 % opted in then out (STOP), the rest opted in with evidence;
 * `conversations.share` of them with a conversation with one of the numbers.
 * The list and search indexes are dropped for the load and built again after (as the big
 * tenant's generator does), then the tables are analysed, as autovacuum would have by then.
 */
export async function createContacts(db, tenantId, count, conversations = { share: 0, numberIds: [] }) {
  const tag = await db.query(
    `insert into tag (tenant_id, kind, name, remark) values ($1, 'contact', 'Campaign bench', 'bench') returning id::text`,
    [tenantId],
  );
  const tagId = tag.rows[0].id;
  const { indexes } = await dropContactIndexes(db);
  for (let lo = 1; lo <= count; lo += CONTACT_CHUNK) {
    const hi = Math.min(count, lo + CONTACT_CHUNK - 1);
    await db.query(
      `with added as (
         insert into contact (tenant_id, wa_id, name, opt_in_source, opt_in_evidence, opted_in_at,
                              opted_out_at, opt_out_channel, created_at, updated_at)
         select $1, '4477' || lpad(n::text, 8, '0'), 'Customer ' || n,
                case when n % 100 >= 10 then 'web_form' end,
                case when n % 100 >= 10 then 'bench consent record ' || n end,
                case when n % 100 >= 10 then now() - interval '30 days' end,
                case when n % 100 in (10, 11) then now() - interval '1 day' end,
                case when n % 100 in (10, 11) then 'stop_keyword' end,
                now() - interval '60 days', now() - interval '60 days'
           from generate_series($2::bigint, $3::bigint) n
          order by n
         returning id)
       insert into contact_tag (tenant_id, contact_id, tag_id) select $1, id, $4 from added`,
      [tenantId, lo, hi, tagId],
    );
  }
  for (const index of indexes) await createIndex(db, index);
  if (conversations.share > 0) {
    // A share of the contacts talked to one of the numbers ten days ago (their window is closed):
    // the snapshot assigns them that number.
    await db.query(
      `insert into conversation (tenant_id, number_id, contact_id, last_inbound_at, last_outbound_at, last_message_at)
       select $1, ($2::bigint[])[1 + c.id % cardinality($2::bigint[])], c.id,
              now() - interval '10 days', now() - interval '10 days', now() - interval '10 days'
         from contact c where c.tenant_id = $1 and (hashint8(c.id)::bigint + 2147483648) % 1000 < $3`,
      [tenantId, conversations.numberIds, Math.round(conversations.share * 1000)],
    );
  }
  for (const table of ['contact', 'contact_tag', 'conversation']) await db.query(`vacuum analyze ${table}`);
  return { tagId };
}

/** Tenant, numbers, template and contacts; logs each step's time. */
export async function setUpWorld(product, { numbers: numberCount, contacts, conversations, quiet }) {
  const base = product.url;
  const step = async (what, work) => {
    const started = performance.now();
    const result = await work();
    console.log(`setup: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  if (quiet) await sandboxControl(product.sandboxUrl, 'POST', '/config', QUIET_CUSTOMERS);
  else await sandboxControl(product.sandboxUrl, 'POST', '/config', { delays: { templateApprovalMs: 0 } });
  const { db, url: databaseUrl } = await connectDatabase(product);
  const { token, tenantId } = await registerTenant(base);
  const numbers = await step(`${numberCount} sandbox numbers`, () => createNumbers(base, token, numberCount));
  const template = await step('the template approved in every WABA', () =>
    createApprovedTemplate(base, token, db, tenantId, numbers),
  );
  const { tagId } = await step(`${contacts.toLocaleString('en')} contacts`, () =>
    createContacts(db, tenantId, contacts, { share: conversations, numberIds: numbers.map((number) => number.id) }),
  );
  return { db, databaseUrl, token, tenantId, numbers, templateId: template.templateId, wabas: template.wabas, tagId };
}

/** The body of `btmsg/add` (and `power/add`) for the world's tag, from all its numbers. */
export function campaignBody(world, name, extra = {}) {
  return {
    name,
    numberIds: world.numbers.map((number) => number.id),
    audience: { tagIds: [world.tagId] },
    content: { kind: 'template', templateId: world.templateId, variables: TEMPLATE_VARIABLES },
    ...extra,
  };
}
