import type { Db } from '../../platform/db/pool.js';

/**
 * Which tenant has a live number with this phone-number id. Not filtered by tenant on purpose:
 * Meta's ids are unique among live numbers of every tenant (webhooks find a number by it alone).
 */
export async function liveNumberOwner(db: Db, phoneNumberId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ tenant_id: string }>(
    'select tenant_id from wa_number where phone_number_id = $1 and deleted_at is null',
    [phoneNumberId],
  );
  return rows[0]?.tenant_id;
}

/** The tenant owning a WABA and its portfolio's name; WABA ids are unique across tenants, like phone-number ids. */
export async function wabaOwner(
  db: Db,
  wabaId: string,
): Promise<{ tenantId: string; portfolioName: string } | undefined> {
  const { rows } = await db.query<{ tenant_id: string; portfolio_name: string }>(
    `select w.tenant_id, p.name as portfolio_name
       from wa_business_account w join wa_portfolio p on p.tenant_id = w.tenant_id and p.id = w.portfolio_id
      where w.waba_id = $1`,
    [wabaId],
  );
  const row = rows[0];
  return row && { tenantId: row.tenant_id, portfolioName: row.portfolio_name };
}
