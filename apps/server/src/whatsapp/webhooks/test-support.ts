/** Helpers for the webhook tests: seeded numbers, signed posts, payload builders, notifications. */
import pg from 'pg';
import { type Pool, withTransaction } from '../../platform/db/pool.js';
import type { TestApp } from '../../test/test-app.js';
import type { KnownChangeInput, WebhookPayloadInput } from '../meta/webhook-payload.js';
import { connectNumber } from '../numbers/connect-number.js';
import { drainWebhookEvents } from './drain.js';
import fixtures from './fixtures/meta-webhook-examples.json' with { type: 'json' };
import { WEBHOOK_PATH } from './routes.js';
import { signWebhookBody } from './signature.js';

export const APP_SECRET = 'test-app-secret-0123456789';
export const VERIFY_TOKEN = 'verify-token-for-tests';
export const WEBHOOK_ENV = { WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN };

/** The number and WABA of Meta's examples. */
export const EXAMPLE_PHONE_NUMBER_ID = '106540352242922';
export const EXAMPLE_WABA_ID = '102290129340398';
export const metaExamples = fixtures.examples as unknown as Record<string, WebhookPayloadInput>;

export interface SeededNumber {
  tenantId: string;
  numberId: string;
  wabaRef: string;
  portfolioId: string;
}

/** A tenant (created when missing) with a portfolio of its own, a WABA and one live number. */
export async function seedNumber(
  t: TestApp,
  options: { tenantId: string; phoneNumberId: string; wabaId: string; phone?: string; messagingLimit?: number | null },
): Promise<SeededNumber> {
  const { tenantId } = options;
  await t.pool.query(`insert into tenant (id, name) values ($1, $1) on conflict do nothing`, [tenantId]);
  const made = await withTransaction(t.pool, (client) =>
    connectNumber(client, t.context.whatsapp.tokenCipher, tenantId, {
      portfolioName: `Portfolio of ${options.wabaId}`,
      messagingLimit: options.messagingLimit === undefined ? 250 : options.messagingLimit,
      wabaId: options.wabaId,
      phone: options.phone ?? '+1 555-078-3881',
      phoneNumberId: options.phoneNumberId,
      accessToken: 'not-a-real-token',
      apiBaseUrl: 'http://127.0.0.1:1',
      apiVersion: 'v23.0',
      qualityRating: 'GREEN',
    }),
  );
  return { tenantId, ...made };
}

/** Posts a body signed with the test app secret (or the given signature header). */
export function postWebhook(t: TestApp, body: unknown, signature?: string | null) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['x-hub-signature-256'] = signature ?? signWebhookBody(text, APP_SECRET);
  return t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: text });
}

/** Posts signed payloads, expecting each to be acknowledged, then processes what was stored. */
export async function deliver(t: TestApp, ...payloads: unknown[]): Promise<void> {
  for (const payload of payloads) {
    const reply = await postWebhook(t, payload);
    if (reply.statusCode !== 200) throw new Error(`webhook refused: ${reply.statusCode} ${reply.body}`);
  }
  await drainWebhookEvents(t.context);
}

/** A payload of one change. */
export function changePayload(entryId: string, change: KnownChangeInput): WebhookPayloadInput {
  return { object: 'whatsapp_business_account', entry: [{ id: entryId, changes: [change] }] };
}

const metadata = (phoneNumberId: string) => ({ display_phone_number: '15550783881', phone_number_id: phoneNumberId });

export interface StatusSpec {
  id: string;
  status: string;
  at: number;
  recipient?: string;
  errorCode?: number;
  /** biz_opaque_callback_data, as Meta echoes it from the send. */
  callbackData?: string;
}

export function statusesPayload(phoneNumberId: string, statuses: readonly StatusSpec[]): WebhookPayloadInput {
  return changePayload(EXAMPLE_WABA_ID, {
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: metadata(phoneNumberId),
      statuses: statuses.map((spec) => ({
        id: spec.id,
        status: spec.status,
        timestamp: String(spec.at),
        recipient_id: spec.recipient ?? '16505551234',
        ...(spec.callbackData === undefined ? {} : { biz_opaque_callback_data: spec.callbackData }),
        ...(spec.errorCode ? { errors: [{ code: spec.errorCode, title: `error ${spec.errorCode}` }] } : {}),
        ...(spec.status === 'failed'
          ? {}
          : { pricing: { billable: true, pricing_model: 'PMP', category: 'marketing' } }),
      })),
    },
  });
}

/** Inbound messages from one user, with their profile. */
export function inboundPayload(
  phoneNumberId: string,
  from: string,
  messages: readonly Record<string, unknown>[],
  name = 'Sheena Nelson',
): WebhookPayloadInput {
  return changePayload(EXAMPLE_WABA_ID, {
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: metadata(phoneNumberId),
      contacts: [{ profile: { name }, wa_id: from }],
      messages: messages.map((message) => ({ from, ...message })) as never,
    },
  });
}

/**
 * An outbound message as the send lane leaves it once Meta accepted it (or, without a Meta id,
 * queued or unknown); its id.
 */
export async function insertOutbound(
  pool: Pool,
  number: Pick<SeededNumber, 'tenantId' | 'numberId'>,
  metaMessageId: string | null,
  options: { contactId?: string; createdAt?: Date; status?: string; campaignId?: string; templateId?: string } = {},
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into message (tenant_id, created_at, number_id, contact_id, direction, type, body, status, meta_message_id,
                          purpose, campaign_id, template_id)
     values ($1, $2, $3, $4, 'out', 'text', '{}', $5, $6, 'marketing', $7, $8) returning id::text`,
    [
      number.tenantId,
      options.createdAt ?? new Date(),
      number.numberId,
      options.contactId ?? null,
      options.status ?? 'accepted',
      metaMessageId,
      options.campaignId ?? null,
      options.templateId ?? null,
    ],
  );
  return rows[0]?.id as string;
}

export async function rows<T = Record<string, unknown>>(pool: Pool, sql: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(sql, values)).rows as T[];
}

/** Seconds since the epoch, some minutes ago (statuses must name recent messages). */
export const recentUnix = (minutesAgo = 5) => Math.floor(Date.now() / 1000) - minutesAgo * 60;

export interface Listener<T> {
  heard: T[];
  /** Notifications arrive after the commit, asynchronously: waits a little for one that matches. */
  waitFor(matches: (item: T) => boolean): Promise<T[]>;
  stop(): Promise<void>;
}

/** Listens on a notification channel of the test database. */
export async function listen<T>(pool: Pool, channel: string): Promise<Listener<T>> {
  const { connectionString } = (pool as unknown as { options: { connectionString: string } }).options;
  const client = new pg.Client({ connectionString });
  const heard: T[] = [];
  await client.connect();
  client.on('notification', (message) => heard.push(JSON.parse(message.payload ?? 'null')));
  await client.query(`listen ${channel}`);
  return {
    heard,
    async waitFor(matches: (item: T) => boolean): Promise<T[]> {
      for (let attempt = 0; attempt < 50 && !heard.some(matches); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return heard.filter(matches);
    },
    stop: () => client.end(),
  };
}
