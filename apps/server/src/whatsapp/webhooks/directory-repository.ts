import { type Db, prepared } from '../../platform/db/pool.js';
import type { KnownNumber, KnownWaba } from './directory.js';

/** The live numbers with these phone-number ids, of whichever tenant (Meta's ids are unique among live numbers), by id. */
export async function numbersByPhoneNumberIds(
  db: Db,
  phoneNumberIds: readonly string[],
): Promise<Map<string, KnownNumber>> {
  const { rows } = await db.query<KnownNumber & { phoneNumberId: string }>(
    prepared(
      `select n.phone_number_id as "phoneNumberId", n.tenant_id as "tenantId", n.id::text as id,
              n.waba_ref::text as "wabaRef", w.portfolio_id::text as "portfolioId"
           from wa_number n
           join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
          where n.phone_number_id = any($1::text[]) and n.deleted_at is null`,
      [phoneNumberIds],
    ),
  );
  return new Map(rows.map(({ phoneNumberId, ...number }) => [phoneNumberId, number]));
}

/** The WABA with this Meta id, of whichever tenant (WABA ids are unique across tenants). */
export async function wabaByMetaId(db: Db, wabaId: string): Promise<KnownWaba | undefined> {
  const { rows } = await db.query<KnownWaba>(
    prepared(
      `select tenant_id as "tenantId", id::text as "wabaRef", portfolio_id::text as "portfolioId"
           from wa_business_account where waba_id = $1`,
      [wabaId],
    ),
  );
  return rows[0];
}
