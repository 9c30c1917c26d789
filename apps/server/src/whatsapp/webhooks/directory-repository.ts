import { type Db, prepared } from '../../platform/db/pool.js';
import type { KnownNumber, KnownWaba } from './directory.js';

/** The live number with this phone-number id, of whichever tenant (Meta's ids are unique among live numbers). */
export async function numberByPhoneNumberId(db: Db, phoneNumberId: string): Promise<KnownNumber | undefined> {
  const { rows } = await db.query<KnownNumber>(
    prepared(
      `select n.tenant_id as "tenantId", n.id::text as id, n.waba_ref::text as "wabaRef",
                w.portfolio_id::text as "portfolioId"
           from wa_number n
           join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
          where n.phone_number_id = $1 and n.deleted_at is null`,
      [phoneNumberId],
    ),
  );
  return rows[0];
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
