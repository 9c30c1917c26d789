import type pg from 'pg';
import { prepared } from '../../platform/db/pool.js';

/** A live number a webhook names: its tenant decides where everything the event carries goes. */
export interface KnownNumber {
  tenantId: string;
  id: string;
  wabaRef: string;
  portfolioId: string;
}

/** A WABA a webhook names by its Meta id (entry.id of account and template fields). */
export interface KnownWaba {
  tenantId: string;
  wabaRef: string;
  portfolioId: string;
}

/**
 * Finds numbers and WABAs by Meta's ids, once per id for the lifetime of the directory (one
 * batch): a burst of events for the same number costs one query.
 */
export class Directory {
  private readonly numbers = new Map<string, Promise<KnownNumber | undefined>>();
  private readonly wabas = new Map<string, Promise<KnownWaba | undefined>>();

  constructor(private readonly client: pg.PoolClient) {}

  numberByPhoneNumberId(phoneNumberId: string): Promise<KnownNumber | undefined> {
    return this.once(this.numbers, phoneNumberId, () =>
      this.first<KnownNumber>(
        `select n.tenant_id as "tenantId", n.id::text as id, n.waba_ref::text as "wabaRef",
                w.portfolio_id::text as "portfolioId"
           from wa_number n
           join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
          where n.phone_number_id = $1 and n.deleted_at is null`,
        phoneNumberId,
      ),
    );
  }

  wabaByMetaId(wabaId: string): Promise<KnownWaba | undefined> {
    return this.once(this.wabas, wabaId, () =>
      this.first<KnownWaba>(
        `select tenant_id as "tenantId", id::text as "wabaRef", portfolio_id::text as "portfolioId"
           from wa_business_account where waba_id = $1`,
        wabaId,
      ),
    );
  }

  private once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    let found = cache.get(key);
    if (!found) {
      found = load();
      cache.set(key, found);
    }
    return found;
  }

  private async first<T extends pg.QueryResultRow>(text: string, id: string): Promise<T | undefined> {
    return (await this.client.query<T>(prepared(text, [id]))).rows[0];
  }
}
