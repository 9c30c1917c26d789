import type pg from 'pg';
import type { TokenCipher } from '../crypto/token-cipher.js';
import { claimWaba, findOrCreatePortfolio, insertNumber } from './number-repository.js';

export interface NumberConnection {
  portfolioName: string;
  /** Unique contacts a day outside the window; null for unlimited. */
  messagingLimit: number | null;
  wabaId: string;
  phone: string;
  phoneNumberId: string;
  verifiedName?: string;
  accessToken: string;
  apiBaseUrl: string;
  apiVersion: string;
  egressProxy?: string | null;
  throughputPerSecond?: number;
  qualityRating?: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
  /** Meta's tier name (TIER_2K, …) as the Cloud API reported it, so the list shows it at once. */
  messagingLimitTier?: string | null;
  ownerUserId?: string | null;
}

/**
 * Records a number the tenant owns, with its WABA and portfolio (found by name and Meta id, or
 * created), in the caller's transaction. Returns the ids of the number and its portfolio.
 */
export async function connectNumber(
  client: pg.PoolClient,
  cipher: TokenCipher,
  tenantId: string,
  input: NumberConnection,
): Promise<{ numberId: string; portfolioId: string; wabaRef: string }> {
  const portfolioId = await findOrCreatePortfolio(client, tenantId, input.portfolioName, input.messagingLimit);
  const wabaRef = await claimWaba(client, tenantId, portfolioId, input.wabaId);
  if (!wabaRef) throw new Error(`WABA ${input.wabaId} belongs to another tenant`);
  const numberId = await insertNumber(client, tenantId, wabaRef, input, cipher.encrypt(input.accessToken));
  return { numberId, portfolioId, wabaRef };
}
