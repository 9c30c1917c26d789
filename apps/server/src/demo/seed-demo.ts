import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createTenant } from '../modules/auth/tenant-repository.js';
import { findUserByUsername, insertUser, roleIdOf } from '../modules/users/user-repository.js';
import { hashPassword } from '../platform/auth/password.js';
import { withTransaction } from '../platform/db/pool.js';
import type { AppContext } from '../platform/http/context.js';
import { connectNumber } from '../whatsapp/numbers/connect-number.js';
import { subscribeNewWabas } from '../whatsapp/numbers/waba-subscription.js';
import { type SandboxNumberInfo, sandboxControl } from '../whatsapp/sandbox-control.js';
import {
  DEMO_CHATS,
  DEMO_CONTACT_COUNT,
  DEMO_CONTACT_TAGS,
  DEMO_MESSAGING_LIMIT,
  DEMO_MESSAGING_TIER,
  DEMO_NUMBER_TAGS,
  DEMO_NUMBERS,
  DEMO_TEMPLATES,
  DEMO_USERNAME,
  demoContactName,
  demoWaId,
} from './demo-data.js';
import { contactTimeline, DEMO_CHAT_STEP_MS, demoNumbersConnectedAt } from './demo-history.js';

const MARKER = 'demo-tenant';

export interface DemoSeed {
  tenantId: string;
  /** Shown once when it was generated. */
  generatedPassword?: string;
}

/**
 * On a new database, the demo tenant: its operator "demo", three numbers living in the sandbox
 * with approved templates, a few hundred contacts with consent, and some conversation history,
 * so the product is alive on first start. Runs once per database (a marker in app_secret).
 */
export async function seedDemoTenant(context: AppContext, sandboxUrl: string): Promise<DemoSeed | undefined> {
  const { pool, config, logger } = context;
  const done = await pool.query('select 1 from app_secret where name = $1', [MARKER]);
  if (done.rowCount) return undefined;
  if (await findUserByUsername(pool, DEMO_USERNAME)) {
    logger.warn('a user named "demo" already exists; the demo tenant is not created');
    return undefined;
  }
  const sandbox = sandboxControl(sandboxUrl);
  const numbers: SandboxNumberInfo[] = [];
  for (const number of DEMO_NUMBERS) {
    // One WABA for all three, as a business usually has: its templates serve every number.
    const waba = numbers[0] ? { waba_id: numbers[0].waba_id } : { waba_name: 'Verdant Home' };
    numbers.push(
      await sandbox.createNumber({
        display_phone_number: number.display,
        verified_name: number.name,
        messaging_limit_tier: DEMO_MESSAGING_TIER,
        ...('official' in number ? { official_business_account: number.official } : {}),
        ...waba,
      }),
    );
  }
  const templateIds: string[] = [];
  for (const template of DEMO_TEMPLATES) {
    const made = await sandbox.createTemplate({ waba_id: numbers[0]?.waba_id, ...template, status: 'APPROVED' });
    templateIds.push(made.id);
  }
  const generatedPassword = config.DEMO_PASSWORD ? undefined : randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(config.DEMO_PASSWORD ?? (generatedPassword as string));

  const seeded = await withTransaction(pool, async (client) => {
    const tenant = await createTenant(client, DEMO_USERNAME);
    const userId = await insertUser(client, {
      tenantId: tenant.id,
      username: DEMO_USERNAME,
      passwordHash,
      nickname: 'Demo operator',
      deptId: tenant.deptId,
      roleId: await roleIdOf(client, 'operator'),
      mass: 1,
      isOwner: true,
      createdBy: null,
    });
    const numberIds: string[] = [];
    let wabaRef = '';
    for (const [index, number] of numbers.entries()) {
      const made = await connectNumber(client, context.whatsapp.tokenCipher, tenant.id, {
        portfolioName: 'Verdant Home',
        messagingLimit: DEMO_MESSAGING_LIMIT,
        wabaId: number.waba_id,
        phone: number.display_phone_number,
        phoneNumberId: number.phone_number_id,
        verifiedName: DEMO_NUMBERS[index]?.name ?? '',
        accessToken: number.access_token,
        apiBaseUrl: sandboxUrl,
        apiVersion: config.WHATSAPP_API_VERSION,
        qualityRating: 'GREEN',
        messagingLimitTier: number.messaging_limit_tier ?? null,
        ownerUserId: userId ?? null,
      });
      numberIds.push(made.numberId);
      wabaRef ||= made.wabaRef;
    }
    await insertTemplates(client, tenant.id, wabaRef, templateIds);
    await insertContactsAndHistory(client, tenant.id, numberIds);
    await insertTags(client, tenant.id, numberIds);
    await client.query('insert into app_secret (name, value) values ($1, $2)', [MARKER, tenant.id]);
    return { tenantId: tenant.id, numberIds };
  });

  // Before the live conversations: the sandbox posts nothing of a WABA the app is not subscribed to.
  await subscribeNewWabas(context, seeded.tenantId);
  await openLiveConversations(sandbox, numbers).catch((error) =>
    logger.warn({ err: error }, 'demo: the live conversations could not be started'),
  );
  logger.info({ tenantId: seeded.tenantId }, 'demo tenant created');
  return { tenantId: seeded.tenantId, ...(generatedPassword ? { generatedPassword } : {}) };
}

async function insertTemplates(client: pg.PoolClient, tenantId: string, wabaRef: string, metaIds: string[]) {
  for (const [index, template] of DEMO_TEMPLATES.entries()) {
    await client.query(
      `insert into wa_template (tenant_id, waba_ref, meta_template_id, name, language, category, status, components)
       values ($1, $2, $3, $4, $5, $6, 'APPROVED', $7)`,
      [
        tenantId,
        wabaRef,
        metaIds[index],
        template.name,
        template.language,
        template.category,
        JSON.stringify(template.components),
      ],
    );
  }
}

/**
 * Contacts spread over the numbers: most opted in on the web form or at checkout, some without
 * consent, a few opted out; one in five has a short chat. Each has its own history over the last
 * six weeks (demo-history.ts); the roll-ups follow from the rows through the same triggers as the
 * product's writes (contact_daily_stat by creation and opt-out day, received per message day).
 */
async function insertContactsAndHistory(client: pg.PoolClient, tenantId: string, numberIds: string[]) {
  const now = Date.now();
  await client.query('update wa_number set created_at = $2 where tenant_id = $1', [
    tenantId,
    demoNumbersConnectedAt(now),
  ]);
  const contacts = Array.from({ length: DEMO_CONTACT_COUNT }, (_, index) => {
    const consent = index % 10 !== 7;
    const chat = index % 5 === 0 ? (DEMO_CHATS[(index / 5) % DEMO_CHATS.length] ?? []) : [];
    const timeline = contactTimeline(index, now, { consent, optedOut: index % 37 === 5, chatSteps: chat.length });
    return {
      waId: demoWaId(index),
      name: demoContactName(index),
      numberId: numberIds[index % numberIds.length] as string,
      source: consent ? (index % 2 ? 'web_form' : 'checkout') : null,
      evidence: consent ? `demo: consent box ticked, record ${1000 + index}` : null,
      chat,
      ...timeline,
    };
  });
  const { rows } = await client.query<{ id: string; wa_id: string }>(
    `insert into contact (tenant_id, wa_id, name, number_id, opt_in_source, opt_in_evidence, opted_in_at, opted_out_at,
                          opt_out_channel, created_at, updated_at)
     select $1, c.wa_id, c.name, c.number_id, c.source, c.evidence, c.opted_in_at, c.opted_out_at,
            case when c.opted_out_at is not null then 'keyword' end, c.created_at,
            greatest(c.created_at, c.opted_out_at)
       from unnest($2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[],
                   $9::timestamptz[])
            as c (wa_id, name, number_id, source, evidence, opted_in_at, opted_out_at, created_at)
     returning id::text, wa_id`,
    [
      tenantId,
      contacts.map((c) => c.waId),
      contacts.map((c) => c.name),
      contacts.map((c) => c.numberId),
      contacts.map((c) => c.source),
      contacts.map((c) => c.evidence),
      contacts.map((c) => c.optedInAt),
      contacts.map((c) => c.optedOutAt),
      contacts.map((c) => c.createdAt),
    ],
  );
  const idOf = new Map(rows.map((row) => [row.wa_id, row.id]));
  const history: { contactId: string; numberId: string; direction: string; text: string; at: Date }[] = [];
  for (const contact of contacts) {
    if (!contact.chatStart) continue;
    const start = contact.chatStart.getTime();
    contact.chat.forEach(([direction, text], step) => {
      history.push({
        contactId: idOf.get(contact.waId) as string,
        numberId: contact.numberId,
        direction,
        text,
        at: new Date(start + step * DEMO_CHAT_STEP_MS),
      });
    });
  }
  await client.query(
    `with h as (
       select * from unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[]) as h (contact_id, number_id, direction, text, at)
     ),
     messages as (
       insert into message (tenant_id, created_at, number_id, contact_id, direction, type, body, preview, purpose, meta_message_id,
                            status, status_at, sent_at, delivered_at, read_at)
       select $1, h.at, h.number_id, h.contact_id, h.direction, 'text', jsonb_build_object('text', jsonb_build_object('body', h.text)),
              h.text, case when h.direction = 'out' then 'service' end, 'wamid.demo.' || md5(h.contact_id::text || h.at::text),
              case when h.direction = 'in' then 'received' else 'read' end, h.at,
              case when h.direction = 'out' then h.at end, case when h.direction = 'out' then h.at + interval '2 seconds' end,
              case when h.direction = 'out' then h.at + interval '1 minute' end
         from h
     ),
     -- Sent messages count on the day the Cloud API accepted them, as the send lane counts them.
     sent as (
       insert into number_daily_count as c (tenant_id, number_id, day, sent)
       select $1, number_id, (at at time zone 'UTC')::date, count(*) from h where direction = 'out' group by 2, 3
       on conflict (tenant_id, number_id, day) do update set sent = c.sent + excluded.sent
     ),
     -- Delivered and read on the dashboard, as a status's update of the message counts them (0050).
     outcomes as (
       insert into message_day as d (tenant_id, day, bucket, delivered, read)
       select $1, (x.at at time zone 'UTC')::date, 0, count(*) filter (where x.read = 0), count(*) filter (where x.read = 1)
         from h cross join lateral (values (h.at + interval '2 seconds', 0), (h.at + interval '1 minute', 1)) x (at, read)
        where h.direction = 'out' group by 2
       on conflict (tenant_id, day, bucket) do update set delivered = d.delivered + excluded.delivered, read = d.read + excluded.read
     ),
     threads as (
       insert into conversation (tenant_id, number_id, contact_id, last_inbound_at, last_outbound_at, last_message_at)
       select $1, number_id, contact_id, max(at) filter (where direction = 'in'), max(at) filter (where direction = 'out'), max(at)
         from h group by number_id, contact_id
     )
     update contact c set last_inbound_at = t.last_in, last_message_at = t.last_at
       from (select contact_id, max(at) filter (where direction = 'in') as last_in, max(at) as last_at from h group by contact_id) t
      where c.tenant_id = $1 and c.id = t.contact_id`,
    [
      tenantId,
      history.map((h) => h.contactId),
      history.map((h) => h.numberId),
      history.map((h) => h.direction),
      history.map((h) => h.text),
      history.map((h) => h.at),
    ],
  );
}

/** Number tags and contact tags, so the lists' tag filters and the tag screen have something to show. */
async function insertTags(client: pg.PoolClient, tenantId: string, numberIds: string[]) {
  for (const tag of DEMO_NUMBER_TAGS) {
    await client.query(
      `with made as (insert into tag (tenant_id, kind, name, color) values ($1, 'number', $2, $3) returning id)
       insert into number_tag (tenant_id, number_id, tag_id) select $1, unnest($4::bigint[]), id from made`,
      [tenantId, tag.name, tag.color, tag.numbers.map((index) => numberIds[index])],
    );
  }
  for (const tag of DEMO_CONTACT_TAGS) {
    const waIds = Array.from({ length: DEMO_CONTACT_COUNT }, (_, index) => index)
      .filter((index) => index % tag.every === tag.offset)
      .map(demoWaId);
    await client.query(
      `with made as (insert into tag (tenant_id, kind, name, color) values ($1, 'contact', $2, $3) returning id)
       insert into contact_tag (tenant_id, contact_id, tag_id)
       select $1, c.id, made.id from made, contact c where c.tenant_id = $1 and c.wa_id = any($4::text[])`,
      [tenantId, tag.name, tag.color, waIds],
    );
  }
}

/** A few people write right now, through the sandbox and the real webhook path, so some windows are open. */
async function openLiveConversations(sandbox: ReturnType<typeof sandboxControl>, numbers: SandboxNumberInfo[]) {
  const greetings = [
    'Hello! Are you open today?',
    '请问今天有优惠吗？',
    'Hi, I would like to order the linen curtains.',
  ];
  for (let index = 0; index < 6; index += 1) {
    const number = numbers[index % numbers.length] as SandboxNumberInfo;
    await sandbox.inbound({
      phone_number_id: number.phone_number_id,
      from: demoWaId(index * 5 + 1),
      name: demoContactName(index * 5 + 1),
      type: 'text',
      text: greetings[index % greetings.length],
    });
  }
}
