import type pg from 'pg';
import type { TokenCipher } from '../crypto/token-cipher.js';

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
  const portfolio = await client.query<{ id: string }>(
    `with found as (select id from wa_portfolio where tenant_id = $1 and name = $2 limit 1),
          made as (insert into wa_portfolio (tenant_id, name, messaging_limit)
                   select $1, $2, $3 where not exists (select 1 from found) returning id)
     select id::text from found union all select id::text from made`,
    [tenantId, input.portfolioName, input.messagingLimit],
  );
  const portfolioId = portfolio.rows[0]?.id as string;
  const waba = await client.query<{ id: string }>(
    `insert into wa_business_account (tenant_id, portfolio_id, waba_id) values ($1, $2, $3)
     on conflict (waba_id) do update set updated_at = now() where wa_business_account.tenant_id = $1
     returning id::text`,
    [tenantId, portfolioId, input.wabaId],
  );
  const wabaRef = waba.rows[0]?.id;
  if (!wabaRef) throw new Error(`WABA ${input.wabaId} belongs to another tenant`);
  const number = await client.query<{ id: string }>(
    `insert into wa_number (tenant_id, waba_ref, phone, phone_number_id, verified_name, access_token_encrypted,
                            api_base_url, api_version, egress_proxy, throughput_per_second, quality_rating, owner_user_id,
                            messaging_limit_tier)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id::text`,
    [
      tenantId,
      wabaRef,
      input.phone,
      input.phoneNumberId,
      input.verifiedName ?? '',
      cipher.encrypt(input.accessToken),
      input.apiBaseUrl,
      input.apiVersion,
      input.egressProxy ?? null,
      input.throughputPerSecond ?? 80,
      input.qualityRating ?? 'UNKNOWN',
      input.ownerUserId ?? null,
      input.messagingLimitTier ?? null,
    ],
  );
  return { numberId: number.rows[0]?.id as string, portfolioId, wabaRef };
}
