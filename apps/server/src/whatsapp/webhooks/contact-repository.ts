/**
 * The contacts webhooks find and change: a sender's contact found, created or completed by wa_id
 * or BSUID (contact-identity.ts), and the identity changes Meta announces (inbound-messages.ts).
 * Webhooks have no caller: every function takes the tenant of the number the event names.
 */
import { type Db, prepared } from '../../platform/db/pool.js';
import type { Sender, Touch } from './contact-identity.js';
import type { KnownNumber } from './directory.js';

/** A contact that holds the sender's wa_id or their BSUID in the number's portfolio. */
export interface ContactCandidate {
  id: string;
  wa_id: string | null;
  user_id: string | null;
  user_portfolio_id: string | null;
}

/** The contacts of the tenant with this wa_id, or this BSUID in this portfolio. */
export async function contactCandidates(
  db: Db,
  tenantId: string,
  waId: string | null,
  portfolioId: string,
  userId: string,
): Promise<ContactCandidate[]> {
  const { rows } = await db.query<ContactCandidate>(
    prepared(
      `select id::text, wa_id, user_id, user_portfolio_id::text from contact
          where tenant_id = $1 and (wa_id = $2 or (user_portfolio_id = $3 and user_id = $4))`,
      [tenantId, waId, portfolioId, userId],
    ),
  );
  return rows;
}

/** A stored contact: its id, and its owner (who realtime events about it reach). */
export interface StoredContact {
  id: string;
  owner_user_id: string | null;
}

/** What a batch's phone-only messages do to one contact (one entry per tenant and wa_id). */
export interface ContactTouch {
  tenantId: string;
  waId: string;
  /** The first non-empty profile name the batch gave ('' for none): fills an empty name only. */
  name: string;
  /** The number of the contact's first message in the batch: a new contact's number. */
  numberId: string;
  /** The newest message the user wrote (null: notices and group messages only). */
  lastInboundAt: Date | null;
  lastMessageAt: Date;
}

/** A stored contact of a batch's phone-only senders, by tenant and wa_id. */
export interface StoredSender extends StoredContact {
  tenant_id: string;
  wa_id: string;
}

/**
 * The phone-only path (every webhook before BSUIDs), one statement for a batch: contacts created or
 * refreshed (an empty name filled, the newest times kept, a deleted one brought back when the user
 * writes). Rows are written in key order (locks taken in one order).
 */
export async function upsertContactsByWaId(db: Db, touches: readonly ContactTouch[]): Promise<StoredSender[]> {
  if (touches.length === 0) return [];
  const { rows } = await db.query<StoredSender>(
    prepared(
      `insert into contact as c (tenant_id, wa_id, name, number_id, last_inbound_at, last_message_at)
       select tenant_id, wa_id, name, number_id, last_inbound_at, last_message_at
         from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::timestamptz[], $6::timestamptz[])
           as t (tenant_id, wa_id, name, number_id, last_inbound_at, last_message_at)
        order by tenant_id, wa_id
       on conflict (tenant_id, wa_id) do update
          set name = case when c.name = '' then excluded.name else c.name end,
              number_id = coalesce(c.number_id, excluded.number_id),
              last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
              last_message_at = greatest(c.last_message_at, excluded.last_message_at),
              deleted_at = case when excluded.last_inbound_at is null then c.deleted_at end,
              updated_at = now()
       returning tenant_id, wa_id, id::text, owner_user_id::text`,
      [
        touches.map((t) => t.tenantId),
        touches.map((t) => t.waId),
        touches.map((t) => t.name),
        touches.map((t) => t.numberId),
        touches.map((t) => t.lastInboundAt),
        touches.map((t) => t.lastMessageAt),
      ],
    ),
  );
  return rows;
}

/** The identity a contact is to gain: null leaves that part as it is. */
export interface IdentityFill {
  waId: string | null;
  userId: string | null;
}

/** $1…$9 of the contact statements: tenant, the identity to fill, the portfolio, username, name, number, times. */
function contactValues(number: KnownNumber, fill: IdentityFill, sender: Sender, touch: Touch): unknown[] {
  return [
    number.tenantId,
    fill.waId,
    fill.userId,
    number.portfolioId,
    sender.username,
    sender.profileName,
    number.id,
    touch.fromUser ? touch.at : null,
    touch.at,
  ];
}

/**
 * Refreshes a found contact: fills the identity it lacked, takes the newest username, fills an
 * empty name only (an operator's edit is kept), and brings a deleted contact back when the user
 * writes. Null when another contact took the identity meanwhile.
 */
export async function updateContact(
  db: Db,
  number: KnownNumber,
  id: string,
  fill: IdentityFill,
  sender: Sender,
  touch: Touch,
): Promise<StoredContact | null> {
  const { rows } = await db.query<StoredContact>(
    prepared(
      `update contact c
          set wa_id = coalesce(c.wa_id, $2),
              user_id = coalesce(c.user_id, $3),
              user_portfolio_id = case when c.user_id is null and $3::text is not null then $4::bigint
                                       else c.user_portfolio_id end,
              username = coalesce($5, c.username),
              name = case when c.name = '' then $6 else c.name end,
              number_id = coalesce(c.number_id, $7),
              last_inbound_at = greatest(c.last_inbound_at, $8),
              last_message_at = greatest(c.last_message_at, $9),
              deleted_at = case when $8::timestamptz is null then c.deleted_at end,
              updated_at = now()
        where c.tenant_id = $1 and c.id = $10
          and ($2::text is null or not exists (select 1 from contact o where o.tenant_id = $1 and o.wa_id = $2))
          and ($3::text is null or not exists (select 1 from contact o where o.tenant_id = $1
                                                 and o.user_portfolio_id = $4 and o.user_id = $3))
       returning id::text, owner_user_id::text`,
      [...contactValues(number, fill, sender, touch), id],
    ),
  );
  return rows[0] ?? null;
}

/** A new contact with what the webhook gave; null when another transaction created it meanwhile. */
export async function insertContact(
  db: Db,
  number: KnownNumber,
  fill: IdentityFill,
  sender: Sender,
  touch: Touch,
): Promise<StoredContact | null> {
  const { rows } = await db.query<StoredContact>(
    prepared(
      `insert into contact (tenant_id, wa_id, user_id, user_portfolio_id, username, name, number_id,
                            last_inbound_at, last_message_at)
       values ($1, $2, $3, case when $3::text is null then null else $4::bigint end, $5, $6, $7, $8, $9)
       on conflict do nothing
       returning id::text, owner_user_id::text`,
      contactValues(number, fill, sender, touch),
    ),
  );
  return rows[0] ?? null;
}

/** Whether the tenant has a contact with the old wa_id (known) and one with the new (taken). */
export async function waIdsInUse(
  db: Db,
  tenantId: string,
  oldWaId: string,
  newWaId: string,
): Promise<{ known: boolean; taken: boolean }> {
  const { rows } = await db.query<{ known: boolean; taken: boolean }>(
    `select exists (select 1 from contact where tenant_id = $1 and wa_id = $2) as known,
            exists (select 1 from contact where tenant_id = $1 and wa_id = $3) as taken`,
    [tenantId, oldWaId, newWaId],
  );
  return rows[0] ?? { known: false, taken: false };
}

/** Moves the contact of the old wa_id to the new one. */
export async function changeWaId(db: Db, tenantId: string, oldWaId: string, newWaId: string): Promise<void> {
  await db.query('update contact set wa_id = $3, updated_at = now() where tenant_id = $1 and wa_id = $2', [
    tenantId,
    oldWaId,
    newWaId,
  ]);
}

/** Moves the contact of the old BSUID to the new one, unless another contact has it; whether it moved. */
export async function changeUserId(
  db: Db,
  tenantId: string,
  portfolioId: string,
  oldUserId: string,
  newUserId: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update contact set user_id = $4, updated_at = now()
      where tenant_id = $1 and user_portfolio_id = $2 and user_id = $3
        and not exists (select 1 from contact where tenant_id = $1 and user_portfolio_id = $2 and user_id = $4)`,
    [tenantId, portfolioId, oldUserId, newUserId],
  );
  return (rowCount ?? 0) > 0;
}

/** Whether both BSUIDs belong to contacts of the tenant in this portfolio. */
export async function bothUserIdsInUse(
  db: Db,
  tenantId: string,
  portfolioId: string,
  oldUserId: string,
  newUserId: string,
): Promise<boolean> {
  const { rows } = await db.query<{ both: boolean }>(
    `select count(*) = 2 as both from contact where tenant_id = $1 and user_portfolio_id = $2 and user_id in ($3, $4)`,
    [tenantId, portfolioId, oldUserId, newUserId],
  );
  return rows[0]?.both ?? false;
}
