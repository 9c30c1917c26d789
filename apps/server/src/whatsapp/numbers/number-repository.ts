import { proxyUrlOf } from '@ws/contract';
import { type Db, prepared } from '../../platform/db/pool.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';
import type { TokenCipher } from '../crypto/token-cipher.js';
import type { NumberConnection } from './connect-number.js';

/** What a send lane needs of its number, with the access token decrypted. */
export interface SendingNumber {
  tenantId: string;
  id: string;
  phoneNumberId: string;
  portfolioId: string;
  accessToken: string;
  apiBaseUrl: string;
  apiVersion: string;
  /** The proxy URL of the number's egress IP, else its own egress_proxy, else null (direct). */
  egressProxy: string | null;
  throughputPerSecond: number;
  paused: boolean;
  status: string;
  /** The tenant's wallet is prepaid: its sends are funded by holds before they go (issue 20). */
  prepaid: boolean;
}

/**
 * The number with its token decrypted. Its egress IP (`egress_ip_id`) counts only while it is
 * enabled and is the number's tenant's own or a system one; a disabled IP sends the number's calls
 * the way they went before it was set (`egress_proxy`, else directly), never holds them.
 */
export async function loadSendingNumber(
  db: Db,
  cipher: TokenCipher,
  tenantId: string,
  numberId: string,
): Promise<SendingNumber | undefined> {
  const { rows } = await db.query(
    prepared(
      `select n.id::text, n.phone_number_id, w.portfolio_id::text, n.access_token_encrypted, n.api_base_url,
              n.api_version, n.egress_proxy, n.throughput_per_second, n.paused_at is not null as paused, n.status,
              e.protocol as ip_protocol, e.host as ip_host, e.port as ip_port, e.username as ip_username,
              e.password_encrypted as ip_password_encrypted, coalesce(tw.prepaid, false) as prepaid
         from wa_number n
         join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
         left join egress_ip e on e.id = n.egress_ip_id and e.enabled and e.tenant_id in (n.tenant_id, $3)
         left join tenant_wallet tw on tw.tenant_id = n.tenant_id
        where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null`,
      [tenantId, numberId, PLATFORM_TENANT_ID],
    ),
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    tenantId,
    id: row.id,
    phoneNumberId: row.phone_number_id,
    portfolioId: row.portfolio_id,
    accessToken: cipher.decrypt(row.access_token_encrypted),
    apiBaseUrl: row.api_base_url,
    apiVersion: row.api_version,
    egressProxy: row.ip_host
      ? proxyUrlOf({
          protocol: row.ip_protocol,
          host: row.ip_host,
          port: row.ip_port,
          username: row.ip_username,
          password: row.ip_password_encrypted ? cipher.decrypt(row.ip_password_encrypted) : null,
        })
      : row.egress_proxy,
    throughputPerSecond: row.throughput_per_second,
    paused: row.paused,
    status: row.status,
    prepaid: row.prepaid,
  };
}

/**
 * Stops a number's sending until an operator resumes it (quality RED, restriction, a token Meta
 * refuses). Its queued messages stay queued.
 */
export async function pauseNumber(db: Db, tenantId: string, numberId: string, reason: string): Promise<void> {
  await db.query(
    `with paused as (
       update wa_number set paused_at = now(), pause_reason = $3, updated_at = now()
        where tenant_id = $1 and id = $2 and paused_at is null returning id)
     select pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text) from paused`,
    [tenantId, numberId, reason],
  );
}

/** The operator's resume: clears the pause and wakes the number's lane. */
export async function resumeNumber(db: Db, tenantId: string, numberId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `with resumed as (
       update wa_number set paused_at = null, pause_reason = null, updated_at = now()
        where tenant_id = $1 and id = $2 and deleted_at is null returning id),
     lane as (
       update send_lane set due_at = now(), updated_at = now()
        where tenant_id = $1 and number_id = $2 and exists (select 1 from resumed))
     select pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text),
            pg_notify('wa_send_wake', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text)
       from resumed`,
    [tenantId, numberId],
  );
  return (rowCount ?? 0) > 0;
}

/** The tenant's portfolio of this name, created (with its messaging limit) when it has none. */
export async function findOrCreatePortfolio(
  db: Db,
  tenantId: string,
  name: string,
  messagingLimit: number | null,
): Promise<string> {
  const portfolio = await db.query<{ id: string }>(
    `with found as (select id from wa_portfolio where tenant_id = $1 and name = $2 limit 1),
          made as (insert into wa_portfolio (tenant_id, name, messaging_limit)
                   select $1, $2, $3 where not exists (select 1 from found) returning id)
     select id::text from found union all select id::text from made`,
    [tenantId, name, messagingLimit],
  );
  return portfolio.rows[0]?.id as string;
}

/** Records the WABA in the portfolio, or finds it; undefined when another tenant has it. */
export async function claimWaba(
  db: Db,
  tenantId: string,
  portfolioId: string,
  wabaId: string,
): Promise<string | undefined> {
  const waba = await db.query<{ id: string }>(
    `insert into wa_business_account (tenant_id, portfolio_id, waba_id) values ($1, $2, $3)
     on conflict (waba_id) do update set updated_at = now() where wa_business_account.tenant_id = $1
     returning id::text`,
    [tenantId, portfolioId, wabaId],
  );
  return waba.rows[0]?.id;
}

/** A new number of the WABA, its access token already sealed; answers its id. */
export async function insertNumber(
  db: Db,
  tenantId: string,
  wabaRef: string,
  input: NumberConnection,
  accessTokenEncrypted: string,
): Promise<string> {
  const number = await db.query<{ id: string }>(
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
      accessTokenEncrypted,
      input.apiBaseUrl,
      input.apiVersion,
      input.egressProxy ?? null,
      input.throughputPerSecond ?? 80,
      input.qualityRating ?? 'UNKNOWN',
      input.ownerUserId ?? null,
      input.messagingLimitTier ?? null,
    ],
  );
  return number.rows[0]?.id as string;
}

export interface MetaNumberState {
  status: string;
  codeVerificationStatus: string | null;
  nameStatus: string | null;
  messagingLimitTier: string | null;
  throughputLevel: string | null;
}

/** The state Meta reported when the number was recorded, beside what connectNumber stores. */
export async function recordMetaState(
  db: Db,
  tenantId: string,
  numberId: string,
  state: MetaNumberState,
): Promise<void> {
  await db.query(
    `update wa_number
        set status = $3, code_verification_status = $4, name_status = $5, messaging_limit_tier = $6,
            throughput_level = coalesce($7, throughput_level), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      numberId,
      state.status,
      state.codeVerificationStatus,
      state.nameStatus,
      state.messagingLimitTier,
      state.throughputLevel,
    ],
  );
}
