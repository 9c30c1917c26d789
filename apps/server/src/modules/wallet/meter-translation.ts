import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/pool.js';
import { postTransaction } from './post-transaction.js';

/**
 * The characters a translation call billed (as decision 0018 counts them: the provider's billed
 * characters of texts not found in the cache, a text repeated in one call once), posted to the
 * tenant's translation account in the caller's transaction: one posting per call, under its own
 * key, so a transaction re-run after a serialization failure posts it once.
 */
export async function meterTranslation(
  db: Db,
  tenantId: string,
  usage: { characters: number; target: string; provider: string },
  key: string = randomUUID(),
): Promise<void> {
  if (usage.characters <= 0) return;
  const characters = BigInt(usage.characters);
  await postTransaction(db, tenantId, {
    kind: 'translation_usage',
    idempotencyKey: `translate:${key}`,
    unit: 'chars',
    quantity: usage.characters,
    category: usage.target,
    memo: usage.provider,
    entries: [
      { tenant: 'translation', amount: -characters },
      { platform: 'translation_usage', amount: characters },
    ],
  });
}
