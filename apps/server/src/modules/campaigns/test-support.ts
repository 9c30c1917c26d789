/** Campaigns' test world: tenants A and B with numbers, a contact tag, an approved template and contacts. */
import { CampaignOptions } from '@ws/contract';
import type pg from 'pg';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import type { TestApp } from '../../test/test-app.js';
import { seedContact, seedSandboxNumber, seedSandboxTemplate, seedTemplate } from '../../test/whatsapp-fixtures.js';

/** A campaign request with everything valid; tests change one part. */
export function newCampaign(numberId: string, tagId: string, templateId: string, change: Record<string, unknown> = {}) {
  return {
    name: 'Spring sale',
    numberIds: [numberId],
    audience: { tagIds: [tagId] },
    content: {
      kind: 'template',
      templateId,
      variables: { 'body.1': { source: 'field', field: 'name', fallback: 'friend' } },
    },
    ...change,
  };
}

/** An approved marketing template "Hello {{1}}" on the number's WABA. */
export function approvedTemplate(t: TestApp, tenantId: string, numberId: string, name = 'spring_sale') {
  return seedTemplate(t.pool, tenantId, numberId, { name });
}

let phones = 0;

/** Contacts of the tenant carrying the tag (UK mobiles unless `waPrefix` says): consenting unless told otherwise; their ids. */
export async function taggedContacts(
  t: TestApp,
  tenantId: string,
  tagId: string,
  count: number,
  seed: { numberId?: string; consent?: boolean; optedOut?: { at: Date; channel: string }; waPrefix?: string } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    phones += 1;
    const waId = `${seed.waPrefix ?? '4477009'}${process.pid % 1000}${String(phones).padStart(5, '0')}`;
    ids.push(await seedContact(t.pool, tenantId, { waId, consent: seed.consent ?? true, ...seed }));
  }
  await t.pool.query('insert into contact_tag (tenant_id, contact_id, tag_id) select $1, unnest($2::bigint[]), $3', [
    tenantId,
    ids,
    tagId,
  ]);
  return ids;
}

export interface SandboxWorld {
  tenantId: string;
  numbers: { numberId: string; phoneNumberId: string }[];
  templateId: string;
  wabaId: string;
}

/** `count` sandbox numbers in one business account (sending at `rate` a second) and its template "Hello {{1}}". */
export async function sandboxSenders(
  t: TestApp,
  sandbox: RunningSandbox,
  tenantId: string,
  count: number,
  rate = 20,
): Promise<SandboxWorld> {
  const numbers: SandboxWorld['numbers'] = [];
  let wabaId: string | undefined;
  for (let index = 0; index < count; index += 1) {
    const { numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, tenantId, {
      fields: wabaId ? { waba_id: wabaId } : {},
      connection: { throughputPerSecond: rate, portfolioName: `portfolio ${tenantId}` },
    });
    wabaId = made.waba_id;
    numbers.push({ numberId, phoneNumberId: made.phone_number_id });
  }
  const first = numbers[0] as { numberId: string };
  const templateId = await seedSandboxTemplate(
    t.pool,
    sandbox,
    tenantId,
    { numberId: first.numberId, wabaId: wabaId as string },
    { name: 'spring_sale', category: 'MARKETING', text: 'Hello {{1}}' },
  );
  return { tenantId, numbers, templateId, wabaId: wabaId as string };
}

/** A/B tests' variant B: a second approved marketing template "Hi {{1}}" on the world's business account. */
export function secondSandboxTemplate(t: TestApp, sandbox: RunningSandbox, world: SandboxWorld): Promise<string> {
  const first = world.numbers[0] as { numberId: string };
  return seedSandboxTemplate(
    t.pool,
    sandbox,
    world.tenantId,
    { numberId: first.numberId, wabaId: world.wabaId },
    { name: 'autumn_sale', category: 'MARKETING', text: 'Hi {{1}}' },
  );
}

/** A template content with "body.1" from the contact's name, as newCampaign's. */
export const templateContent = (templateId: string) => ({
  kind: 'template',
  templateId,
  variables: { 'body.1': { source: 'field', field: 'name', fallback: 'friend' } },
});

/** Consenting contacts of the tenant; their ids in creation (contact id) order. */
export async function consentingContacts(pool: pg.Pool, tenantId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    phones += 1;
    const waId = `4478${process.pid % 10_000}${String(phones).padStart(5, '0')}`;
    ids.push(await seedContact(pool, tenantId, { waId, consent: true }));
  }
  return ids;
}

export interface CampaignSeed {
  kind?: 'mass' | 'burst';
  numberIds: readonly string[];
  templateId: string;
  contactIds: readonly string[];
  options?: Partial<CampaignOptions>;
  schedule?: Record<string, unknown>;
  status?: string;
}

/**
 * A campaign as its start leaves it (status running, run 1, one pending recipient per contact, the
 * senders taken in turn), straight in the database; its id.
 */
export async function seedRunningCampaign(pool: pg.Pool, tenantId: string, seed: CampaignSeed): Promise<string> {
  const content = templateContent(seed.templateId);
  const { rows } = await pool.query<{ id: string }>(
    `insert into campaign (tenant_id, kind, name, status, number_ids, audience, content, template_id, purpose,
                           schedule, options, run_no, recipients, started_at)
     values ($1, $2, 'Spring sale', $3, $4, $5, $6, $7, 'marketing', $8, $9, 1, $10, now())
     returning id::text`,
    [
      tenantId,
      seed.kind ?? 'mass',
      seed.status ?? 'running',
      seed.numberIds,
      JSON.stringify({ contactIds: seed.contactIds }),
      JSON.stringify(content),
      seed.templateId,
      JSON.stringify(seed.schedule ?? {}),
      JSON.stringify(CampaignOptions.parse(seed.options ?? {})),
      seed.contactIds.length,
    ],
  );
  const campaignId = rows[0]?.id as string;
  await pool.query(
    `insert into campaign_sender (campaign_id, number_id, tenant_id) select $1, unnest($2::bigint[]), $3`,
    [campaignId, seed.numberIds, tenantId],
  );
  await pool.query(
    `insert into campaign_recipient (campaign_id, contact_id, tenant_id, number_id, run_no)
     select $1, c.id, $2, ($3::bigint[])[1 + (c.place - 1) % cardinality($3::bigint[])], 1
       from unnest($4::bigint[]) with ordinality as c (id, place)`,
    [campaignId, tenantId, seed.numberIds, seed.contactIds],
  );
  return campaignId;
}

/**
 * Makes a seeded campaign an A/B split (variant B's template, the metric, 5 minutes' delay): its
 * first `a` recipients in contact order A, the next `b` B, the others the rest.
 */
export async function splitSeededCampaign(
  pool: pg.Pool,
  campaignId: string,
  split: { templateId: string; metric: 'read' | 'reply'; a: number; b: number },
): Promise<void> {
  const stored = {
    content: templateContent(split.templateId),
    samplePercent: 20,
    metric: split.metric,
    decideAfterMinutes: 5,
  };
  await pool.query('update campaign set split = $2, split_template_id = $3 where id = $1', [
    campaignId,
    JSON.stringify(stored),
    split.templateId,
  ]);
  await pool.query(
    `update campaign_recipient r set variant = case when o.place <= $2 then 1 when o.place <= $2 + $3 then 2 else 3 end
       from (select contact_id, row_number() over (order by contact_id) as place from campaign_recipient
              where campaign_id = $1) o
      where r.campaign_id = $1 and r.contact_id = o.contact_id`,
    [campaignId, split.a, split.b],
  );
}

/** Recipients by state name, from the roll-up. */
export async function recipientStates(pool: pg.Pool, campaignId: string): Promise<Record<number, number>> {
  const { rows } = await pool.query<{ state: number; n: number }>(
    'select state, sum(n)::int as n from campaign_tally_live where campaign_id = $1 group by state having sum(n) <> 0',
    [campaignId],
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

/** Outbound messages the sandbox logged for these numbers: to whom, per number. */
export async function sandboxSends(
  sandbox: RunningSandbox,
  phoneNumberIds: readonly string[],
): Promise<{ to: string; phone_number_id: string; status: string }[]> {
  const sends = [];
  for (const id of phoneNumberIds) {
    const reply = await sandbox.control('GET', `/messages?phone_number_id=${id}&limit=100000`);
    sends.push(...(reply.body as { to: string; phone_number_id: string; status: string }[]));
  }
  return sends;
}

/** Waits until `check` holds, polling; fails naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A sandbox whose status webhooks reach the test app (made to listen on a free port), its
 * customers delivering and reading at once and doing nothing else.
 */
export async function sandboxForApp(t: TestApp, behaviour: { joinGroup?: number } = {}): Promise<RunningSandbox> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return startSandbox({
    appSecret: t.context.whatsapp.appSecret,
    webhookUrl: `${address}/webhooks/whatsapp`,
    behaviour: { deliver: 1, read: 1, reply: 0, stop: 0, block: 0, fail: 0, ...behaviour },
    delays: { deliveredMs: 0, readMs: 0 },
  });
}
