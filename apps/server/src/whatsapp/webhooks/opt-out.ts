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
import type { InboundMessage, UserPreferencesValue } from '../meta/webhook-payload.js';
import { optOutContacts, recordResume } from './consent-repository.js';
import type { Sender } from './contact-identity.js';
import type { KnownNumber } from './directory.js';
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

/** Opts contacts out; returns how many changed (each one is announced on wa_contact_opt_out). */
export async function optOut(
  client: pg.PoolClient,
  acts: readonly ConsentAct[],
  channel: OptOutChannel,
): Promise<number> {
  const byWaId = acts.filter((act) => act.waId !== null);
  const byUserId = acts.filter((act) => act.waId === null && act.user);
  return (
    (await optOutBy(client, byWaId, channel, 'waId', (act) => `w${act.waId}`)) +
    (await optOutBy(client, byUserId, channel, 'userId', (act) => `u${act.user?.portfolioId}.${act.user?.userId}`))
  );
}

async function optOutBy(
  client: pg.PoolClient,
  acts: readonly ConsentAct[],
  channel: OptOutChannel,
  by: 'waId' | 'userId',
  keyOf: (act: ConsentAct) => string,
): Promise<number> {
  // One row per contact: an insert cannot touch the same row twice. The earliest act wins.
  const byContact = new Map<string, ConsentAct>();
  for (const act of acts) {
    const key = `${act.tenantId}\u0000${keyOf(act)}`;
    const seen = byContact.get(key);
    if (!seen || act.at < seen.at) byContact.set(key, act);
  }
  if (byContact.size === 0) return 0;
  return optOutContacts(client, by, [...byContact.values()], channel);
}

/**
 * Records a resume and clears the opt-out it may clear: any (Meta's resume, `clears` null) or only
 * those of the listed channels. Returns whether an opt-out was cleared.
 */
export async function resume(client: pg.PoolClient, act: ConsentAct, clears: OptOutChannel[] | null): Promise<boolean> {
  const user = act.waId === null ? (act.user ?? null) : null;
  if (act.waId === null && !user) return false;
  return recordResume(client, act, user, clears);
}

/** A user's message that asks to stop or resume marketing (a stop or start word, a button) applied. */
export async function applyConsentRequest(
  client: pg.PoolClient,
  number: KnownNumber,
  message: InboundMessage,
  sender: Pick<Sender, 'waId' | 'userId'>,
  at: Date,
): Promise<void> {
  const request = consentRequestOf(message);
  if (!request) return;
  const act = {
    tenantId: number.tenantId,
    numberId: number.id,
    waId: sender.waId,
    user: sender.userId === null ? null : { portfolioId: number.portfolioId, userId: sender.userId },
    at,
  };
  if (request.kind === 'stop') await optOut(client, [act], request.channel);
  else await resume(client, act, ['keyword', 'button']);
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
