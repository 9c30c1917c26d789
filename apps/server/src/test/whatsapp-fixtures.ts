import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { withTransaction } from '../platform/db/pool.js';
import type { RunningSandbox } from '../sandbox/index.js';
import { queueMessages } from '../whatsapp/governor/queue-messages.js';
import { connectNumber, type NumberConnection } from '../whatsapp/numbers/connect-number.js';
import type { WhatsAppSettings } from '../whatsapp/settings.js';

/** A tenant of its own, straight in the database, for tests of the WhatsApp layer. */
export async function createTenant(pool: pg.Pool): Promise<string> {
  const id = `t${randomBytes(4).toString('hex')}`;
  await pool.query('insert into tenant (id, name) values ($1, $1)', [id]);
  return id;
}

let numbersMade = 0;

/** A number (with its WABA and portfolio) of the tenant; the API base URL defaults to nowhere. */
export async function seedNumber(
  pool: pg.Pool,
  settings: WhatsAppSettings,
  tenantId: string,
  overrides: Partial<NumberConnection> = {},
): Promise<{ numberId: string; portfolioId: string; phoneNumberId: string }> {
  numbersMade += 1;
  const suffix = `${process.pid}${numbersMade}${randomBytes(2).readUInt16BE()}`;
  const input: NumberConnection = {
    portfolioName: `portfolio ${tenantId}`,
    messagingLimit: null,
    wabaId: `waba${suffix}`,
    phone: `1555${suffix}`.slice(0, 15),
    phoneNumberId: `pn${suffix}`,
    accessToken: `token-${suffix}`,
    apiBaseUrl: 'http://127.0.0.1:9',
    apiVersion: 'v23.0',
    ...overrides,
  };
  const made = await withTransaction(pool, (client) => connectNumber(client, settings.tokenCipher, tenantId, input));
  return { numberId: made.numberId, portfolioId: made.portfolioId, phoneNumberId: input.phoneNumberId };
}

/** A number as the sandbox's control API makes it. */
export interface SandboxNumber {
  phone_number_id: string;
  waba_id: string;
  display_phone_number: string;
  access_token: string;
}

/**
 * A new number in the sandbox (with the control API's `fields`), connected to the tenant with its
 * ids and token, so the product's calls for it reach the sandbox.
 */
export async function seedSandboxNumber(
  pool: pg.Pool,
  settings: WhatsAppSettings,
  sandbox: RunningSandbox,
  tenantId: string,
  options: { fields?: Record<string, unknown>; connection?: Partial<NumberConnection> } = {},
): Promise<{ numberId: string; made: SandboxNumber }> {
  // Connected as if imported: the app is subscribed to the number's business account.
  const reply = await sandbox.control('POST', '/numbers', { webhooks_subscribed: true, ...options.fields });
  if (reply.status !== 201 && reply.status !== 200) throw new Error(`sandbox number: ${JSON.stringify(reply.body)}`);
  const made = reply.body as SandboxNumber;
  const { numberId } = await seedNumber(pool, settings, tenantId, {
    wabaId: made.waba_id,
    phone: made.display_phone_number,
    phoneNumberId: made.phone_number_id,
    accessToken: made.access_token,
    apiBaseUrl: sandbox.url,
    ...options.connection,
  });
  return { numberId, made };
}

/** An approved one-line template, in the sandbox's WABA and in the tenant's database; its id there. */
export async function seedSandboxTemplate(
  pool: pg.Pool,
  sandbox: RunningSandbox,
  tenantId: string,
  number: { numberId: string; wabaId: string },
  template: { name: string; category: string; text: string },
): Promise<string> {
  await sandbox.control('POST', '/templates', {
    waba_id: number.wabaId,
    name: template.name,
    category: template.category,
    status: 'APPROVED',
    components: [{ type: 'BODY', text: template.text }],
  });
  return seedTemplate(pool, tenantId, number.numberId, { name: template.name, category: template.category });
}

export interface ContactSeed {
  waId: string;
  numberId?: string;
  consent?: boolean;
  optedOut?: { at: Date; channel: string };
  /** The contact's last message to numberId: opens the 24-hour window. */
  lastInboundAt?: Date;
}

export async function seedContact(pool: pg.Pool, tenantId: string, seed: ContactSeed): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into contact (tenant_id, wa_id, number_id, opt_in_source, opt_in_evidence, opted_in_at, opted_out_at,
                          opt_out_channel, last_inbound_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::text`,
    [
      tenantId,
      seed.waId,
      seed.numberId ?? null,
      seed.consent ? 'web form' : null,
      seed.consent ? 'https://example.com/form/consent-record' : null,
      seed.consent ? new Date(Date.now() - 86_400_000) : null,
      seed.optedOut?.at ?? null,
      seed.optedOut?.channel ?? null,
      seed.lastInboundAt ?? null,
    ],
  );
  const contactId = rows[0]?.id as string;
  if (seed.lastInboundAt && seed.numberId) {
    await pool.query(
      `insert into conversation (tenant_id, number_id, contact_id, last_inbound_at, last_message_at)
       values ($1, $2, $3, $4, $4)`,
      [tenantId, seed.numberId, contactId, seed.lastInboundAt],
    );
  }
  return contactId;
}

export async function seedTemplate(
  pool: pg.Pool,
  tenantId: string,
  numberId: string,
  template: { name: string; category?: string; status?: string; language?: string },
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into wa_template (tenant_id, waba_ref, name, language, category, status, components)
     select $1, waba_ref, $3, $4, $5, $6, '[{"type":"BODY","text":"Hello {{1}}"}]'
       from wa_number where tenant_id = $1 and id = $2
     returning id::text`,
    [
      tenantId,
      numberId,
      template.name,
      template.language ?? 'en_US',
      template.category ?? 'MARKETING',
      template.status ?? 'APPROVED',
    ],
  );
  return rows[0]?.id as string;
}

/** Queues one approved template of the tenant's to each contact, through the governor. */
export function queueTemplate(
  pool: pg.Pool,
  tenantId: string,
  numberId: string,
  template: { id: string; name: string },
  contactIds: readonly string[],
) {
  return withTransaction(pool, (client) =>
    queueMessages(
      client,
      tenantId,
      contactIds.map((contactId) => ({
        numberId,
        contactId,
        type: 'template',
        templateId: template.id,
        content: { template: { name: template.name, language: { code: 'en_US' } } },
      })),
    ),
  );
}
