/** Holds of prepaid sends (migration 0044): taken set-based per batch, settled by statuses or expiry. */
import { type Db, prepared } from '../../platform/db/pool.js';

export interface OpenHold {
  tenant_id: string;
  message_id: string;
  amount: number;
  category: string;
  country: string;
  number_id: string | null;
}

/** The open holds of these messages, locked until the caller's transaction ends. */
export async function lockOpenHolds(
  db: Db,
  keys: readonly { tenantId: string; messageId: string }[],
): Promise<OpenHold[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query<OpenHold>(
    prepared(
      `select h.tenant_id, h.message_id::text, h.amount::float8 as amount, h.category, h.country, h.number_id::text
         from ledger_hold h join unnest($1::text[], $2::bigint[]) as k (tenant_id, message_id)
           on h.tenant_id = k.tenant_id and h.message_id = k.message_id
        where h.state = 'open'
        order by h.tenant_id, h.message_id
          for update of h`,
      [keys.map((key) => key.tenantId), keys.map((key) => key.messageId)],
    ),
  );
  return rows;
}

/** Marks holds captured or voided. */
export async function settleHolds(
  db: Db,
  settled: readonly { tenantId: string; messageId: string; state: 'captured' | 'voided' }[],
): Promise<void> {
  if (settled.length === 0) return;
  await db.query(
    prepared(
      `update ledger_hold h set state = s.state, settled_at = now()
         from unnest($1::text[], $2::bigint[], $3::text[]) as s (tenant_id, message_id, state)
        where h.tenant_id = s.tenant_id and h.message_id = s.message_id and h.state = 'open'`,
      [settled.map((s) => s.tenantId), settled.map((s) => s.messageId), settled.map((s) => s.state)],
    ),
  );
}

/** Records the holds of a batch that have none yet; answers those recorded (the caller moves their money). */
export async function insertHolds(
  db: Db,
  tenantId: string,
  holds: readonly { messageId: string; amount: number; category: string; country: string; numberId: string }[],
  expiresInSeconds: number,
): Promise<{ message_id: string; amount: number }[]> {
  const { rows } = await db.query<{ message_id: string; amount: number }>(
    prepared(
      `insert into ledger_hold (tenant_id, message_id, amount, category, country, number_id, expires_at)
       select $1, h.message_id, h.amount, h.category, h.country, h.number_id, now() + make_interval(secs => $7)
         from unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::bigint[])
           as h (message_id, amount, category, country, number_id)
       on conflict (tenant_id, message_id) do nothing
       returning message_id::text, amount::float8 as amount`,
      [
        tenantId,
        holds.map((h) => h.messageId),
        holds.map((h) => h.amount),
        holds.map((h) => h.category),
        holds.map((h) => h.country),
        holds.map((h) => h.numberId),
        expiresInSeconds,
      ],
    ),
  );
  return rows;
}

/** Open holds past their expiry (a message whose status never came), oldest first, locked. */
export async function lockExpiredHolds(db: Db, limit: number): Promise<OpenHold[]> {
  const { rows } = await db.query<OpenHold>(
    prepared(
      `select h.tenant_id, h.message_id::text, h.amount::float8 as amount, h.category, h.country, h.number_id::text
         from ledger_hold h where h.state = 'open' and h.expires_at < now()
        order by h.expires_at limit $1 for update skip locked`,
      [limit],
    ),
  );
  return rows;
}

/** The wallet's available balance, and which of these messages have a hold already (taken before). */
export async function selectFundingRoom(
  db: Db,
  tenantId: string,
  messageIds: readonly string[],
): Promise<{ available: number; held: Set<string> }> {
  const { rows } = await db.query<{ available: number; held: string[] }>(
    prepared(
      `select coalesce((select balance from ledger_account where tenant_id = $1 and purpose = 'wallet'), 0)::float8
                as available,
              array(select message_id::text from ledger_hold where tenant_id = $1 and message_id = any($2::bigint[]))
                as held`,
      [tenantId, messageIds],
    ),
  );
  return { available: rows[0]?.available ?? 0, held: new Set(rows[0]?.held ?? []) };
}
