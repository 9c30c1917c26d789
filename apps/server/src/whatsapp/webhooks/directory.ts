import type pg from 'pg';
import { numbersByPhoneNumberIds, wabaByMetaId } from './directory-repository.js';
import type { StoredEvent } from './event-repository.js';

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
 * batch): a burst of events for the same number costs one query, and the numbers a batch names
 * are read together first (`preload`).
 */
export class Directory {
  private readonly numbers = new Map<string, Promise<KnownNumber | undefined>>();
  private readonly wabas = new Map<string, Promise<KnownWaba | undefined>>();

  constructor(private readonly client: pg.PoolClient) {}

  numberByPhoneNumberId(phoneNumberId: string): Promise<KnownNumber | undefined> {
    return this.once(this.numbers, phoneNumberId, async () =>
      (await numbersByPhoneNumberIds(this.client, [phoneNumberId])).get(phoneNumberId),
    );
  }

  /** Reads the numbers of these ids in one query (those not live are remembered as unknown). */
  async preload(phoneNumberIds: readonly string[]): Promise<void> {
    const missing = [...new Set(phoneNumberIds)].filter((id) => !this.numbers.has(id));
    if (missing.length === 0) return;
    const found = numbersByPhoneNumberIds(this.client, missing);
    for (const id of missing)
      this.numbers.set(
        id,
        found.then((numbers) => numbers.get(id)),
      );
    await found;
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

/** The phone-number ids the events' changes name (metadata.phone_number_id), for `Directory.preload`. */
export function phoneNumberIdsOf(events: readonly StoredEvent[]): string[] {
  const ids: string[] = [];
  for (const event of events) {
    let payload: { entry?: { changes?: { value?: { metadata?: { phone_number_id?: unknown } } }[] }[] };
    try {
      payload = JSON.parse(event.payload);
    } catch {
      continue; // processEvent marks it failed
    }
    if (!Array.isArray(payload?.entry)) continue;
    for (const entry of payload.entry) {
      for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
        const id = change?.value?.metadata?.phone_number_id;
        if (typeof id === 'string') ids.push(id);
      }
    }
  }
  return ids;
}
