import type pg from 'pg';
import { numberByPhoneNumberId, wabaByMetaId } from './directory-repository.js';

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
    return this.once(this.numbers, phoneNumberId, () => numberByPhoneNumberId(this.client, phoneNumberId));
  }

  wabaByMetaId(wabaId: string): Promise<KnownWaba | undefined> {
    return this.once(this.wabas, wabaId, () => wabaByMetaId(this.client, wabaId));
  }

  private once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    let found = cache.get(key);
    if (!found) {
      found = load();
      cache.set(key, found);
    }
    return found;
  }
}
