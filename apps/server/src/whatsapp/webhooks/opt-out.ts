/**
 * Marketing opt-out and resume from webhooks. The rules:
 *
 * - Opt-out channels: `keyword` (an inbound text that is, as a whole, a stop word), `button` (a
 *   template quick-reply or reply button whose payload, id or text is a stop phrase such as Meta's
 *   "Stop promotions"), `user_preferences` (Meta's stop), `error_131050` (Meta refused a marketing
 *   message because the user stopped them). An opt-out sets opted_out_at (Meta's time of the act)
 *   and opt_out_channel once; a contact already opted out keeps its first opt-out. After commit,
 *   `wa_contact_opt_out` tells the send lanes to drop the contact's queued marketing.
 * - Resume: Meta's user_preferences resume clears any opt-out. A START word or resume button
 *   clears only opt-outs the user made the same way (keyword or button): an opt-out Meta holds
 *   (user_preferences, 131050) stays until Meta reports a resume, since Meta would refuse the
 *   marketing anyway. A resume never creates opt-in evidence: marketing still needs opted_in_at.
 * - Order: each act carries Meta's timestamp. A resume clears only an opt-out no newer than
 *   itself and is remembered (opt_resumed_at), so an opt-out older than the last resume, delivered
 *   late or again, is ignored.
 */
import type { OptOutChannel } from '@ws/contract';
import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';
import type { InboundMessage, UserPreferencesValue } from '../meta/webhook-payload.js';
import { type ChangeResult, fromUnix, type Work } from './work.js';

/** Who acted: by wa_id when the webhook gave one, else by the BSUID of the number's portfolio. */
export interface ConsentAct {
  tenantId: string;
  numberId: string;
  waId: string | null;
  user?: { portfolioId: string; userId: string } | null;
  at: Date;
}

/** Whole-message stop words (compared trimmed, case-folded, without surrounding punctuation). */
const STOP_WORDS = new Set([
  'stop',
  'stop all',
  'stopall',
  'unsubscribe',
  'opt out',
  'opt-out',
  'optout',
  'stop promotions',
  'stop promotion',
  '退订',
  '取消订阅',
  '停止',
  '停止推送',
  '停止推广',
  'td',
  'baja',
  'darme de baja',
  'parar',
  'descadastrar',
  'arrêt',
  'désabonner',
  'abmelden',
  'berhenti',
]);

const RESUME_WORDS = new Set([
  'start',
  'unstop',
  'resume',
  'subscribe',
  'resume promotions',
  'start promotions',
  '恢复',
  '恢复订阅',
  '重新订阅',
  '订阅',
  'alta',
  'reanudar',
]);

const EDGE_PUNCTUATION = /^[\s.!?。！？,，;；:：'"“”]+|[\s.!?。！？,，;；:：'"“”]+$/g;

const normalise = (text: string): string =>
  text.normalize('NFKC').replace(EDGE_PUNCTUATION, '').replace(/\s+/g, ' ').toLocaleLowerCase();

/** What a user's message asks of their marketing consent, and through which channel. */
export function consentRequestOf(
  message: InboundMessage,
): { kind: 'stop' | 'resume'; channel: 'keyword' | 'button' } | undefined {
  const typed = message.type === 'text' ? message.text?.body : undefined;
  if (typed !== undefined) return classify([typed], 'keyword');
  const tapped =
    message.type === 'button'
      ? [message.button?.payload, message.button?.text]
      : message.type === 'interactive'
        ? [message.interactive?.button_reply?.id, message.interactive?.button_reply?.title]
        : [];
  return classify(tapped, 'button');
}

function classify(texts: (string | undefined)[], channel: 'keyword' | 'button') {
  const words = texts.filter((text): text is string => text !== undefined).map(normalise);
  if (words.some((word) => STOP_WORDS.has(word))) return { kind: 'stop' as const, channel };
  if (words.some((word) => RESUME_WORDS.has(word))) return { kind: 'resume' as const, channel };
  return undefined;
}

/** The conflict target of a contact found by wa_id, or by BSUID. */
const BY_WA_ID = '(tenant_id, wa_id)';
const BY_USER_ID = '(tenant_id, user_portfolio_id, user_id) where user_id is not null';

// The contact is created when missing: a stop from someone we never wrote to must still hold
// when they are imported later.
const optOutSql = (key: string) => `
  with asked as (
    select * from unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[], $6::text[], $7::bigint[])
      as a (tenant_id, number_id, wa_id, at, user_id, user_portfolio_id)
  ),
  opted as (
    insert into contact as c (tenant_id, wa_id, user_id, user_portfolio_id, number_id, opted_out_at, opt_out_channel)
    select tenant_id, wa_id, user_id, user_portfolio_id, number_id, at, $5 from asked
    on conflict ${key} do update
       set opted_out_at = excluded.opted_out_at, opt_out_channel = excluded.opt_out_channel, updated_at = now()
     where c.opted_out_at is null and (c.opt_resumed_at is null or c.opt_resumed_at <= excluded.opted_out_at)
    returning c.tenant_id, c.id
  )
  select pg_notify('wa_contact_opt_out', json_build_object('tenantId', tenant_id, 'contactId', id::text)::text)
    from opted`;

const OPT_OUT_BY_WA_ID = optOutSql(BY_WA_ID);
const OPT_OUT_BY_USER_ID = optOutSql(BY_USER_ID);

/** Opts contacts out; returns how many changed (each one is announced on wa_contact_opt_out). */
export async function optOut(
  client: pg.PoolClient,
  acts: readonly ConsentAct[],
  channel: OptOutChannel,
): Promise<number> {
  const byWaId = acts.filter((act) => act.waId !== null);
  const byUserId = acts.filter((act) => act.waId === null && act.user);
  return (
    (await optOutBy(client, byWaId, channel, (act) => `w${act.waId}`, OPT_OUT_BY_WA_ID)) +
    (await optOutBy(
      client,
      byUserId,
      channel,
      (act) => `u${act.user?.portfolioId}.${act.user?.userId}`,
      OPT_OUT_BY_USER_ID,
    ))
  );
}

async function optOutBy(
  client: pg.PoolClient,
  acts: readonly ConsentAct[],
  channel: OptOutChannel,
  keyOf: (act: ConsentAct) => string,
  sql: string,
): Promise<number> {
  // One row per contact: an insert cannot touch the same row twice. The earliest act wins.
  const byContact = new Map<string, ConsentAct>();
  for (const act of acts) {
    const key = `${act.tenantId}\u0000${keyOf(act)}`;
    const seen = byContact.get(key);
    if (!seen || act.at < seen.at) byContact.set(key, act);
  }
  if (byContact.size === 0) return 0;
  const unique = [...byContact.values()];
  const { rowCount } = await client.query(
    prepared(sql, [
      unique.map((act) => act.tenantId),
      unique.map((act) => act.numberId),
      unique.map((act) => act.waId),
      unique.map((act) => act.at),
      channel,
      unique.map((act) => (act.waId === null ? (act.user?.userId ?? null) : null)),
      unique.map((act) => (act.waId === null ? (act.user?.portfolioId ?? null) : null)),
    ]),
  );
  return rowCount ?? 0;
}

/**
 * Records a resume and clears the opt-out it may clear: any (Meta's resume, `clears` null) or only
 * those of the listed channels. Returns whether an opt-out was cleared.
 */
export async function resume(client: pg.PoolClient, act: ConsentAct, clears: OptOutChannel[] | null): Promise<boolean> {
  const user = act.waId === null ? (act.user ?? null) : null;
  if (act.waId === null && !user) return false;
  const { rows } = await client.query<{ cleared: boolean }>(
    prepared(
      `with before as (select opted_out_at from contact
                        where tenant_id = $1 and (wa_id = $3 or (user_portfolio_id = $7 and user_id = $6)))
       insert into contact as c (tenant_id, wa_id, user_id, user_portfolio_id, number_id, opt_resumed_at)
       values ($1, $3, $6, $7, $2, $4)
       on conflict ${user ? BY_USER_ID : BY_WA_ID} do update
          set opted_out_at = null, opt_out_channel = null,
              opt_resumed_at = greatest(c.opt_resumed_at, excluded.opt_resumed_at), updated_at = now()
        where c.opted_out_at is null
           or (c.opted_out_at <= excluded.opt_resumed_at and ($5::text[] is null or c.opt_out_channel = any($5::text[])))
       returning (select opted_out_at from before) is not null as cleared`,
      [act.tenantId, act.numberId, act.waId, act.at, clears, user?.userId ?? null, user?.portfolioId ?? null],
    ),
  );
  return rows[0]?.cleared ?? false;
}

/** The `user_preferences` field: Meta's record of a user stopping or resuming marketing messages. */
export async function handleUserPreferences(work: Work, value: UserPreferencesValue): Promise<ChangeResult> {
  const number = await work.directory.numberByPhoneNumberId(value.metadata.phone_number_id);
  if (!number) return { unknownNumber: `phone_number_id ${value.metadata.phone_number_id}` };
  const notes: string[] = [];
  for (const preference of value.user_preferences) {
    const act = {
      tenantId: number.tenantId,
      numberId: number.id,
      waId: preference.wa_id ?? null,
      user: preference.user_id ? { portfolioId: number.portfolioId, userId: preference.user_id } : null,
      at: fromUnix(preference.timestamp),
    };
    if (act.waId === null && !act.user) {
      notes.push('a preference names no wa_id or user_id');
      continue;
    }
    if (preference.category !== 'marketing_messages')
      notes.push(`preference category "${preference.category}" not handled`);
    else if (preference.value === 'stop') await optOut(work.client, [act], 'user_preferences');
    else if (preference.value === 'resume') await resume(work.client, act, null);
    else notes.push(`marketing preference "${preference.value}" not handled`);
  }
  return { tenantId: number.tenantId, notes };
}
