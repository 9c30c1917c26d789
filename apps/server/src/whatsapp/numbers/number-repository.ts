import type pg from 'pg';
import type { TokenCipher } from '../crypto/token-cipher.js';

type Queryable = pg.Pool | pg.PoolClient;

/** What a send lane needs of its number, with the access token decrypted. */
export interface SendingNumber {
  tenantId: string;
  id: string;
  phoneNumberId: string;
  portfolioId: string;
  accessToken: string;
  apiBaseUrl: string;
  apiVersion: string;
  egressProxy: string | null;
  throughputPerSecond: number;
  paused: boolean;
  status: string;
}

export async function loadSendingNumber(
  db: Queryable,
  cipher: TokenCipher,
  tenantId: string,
  numberId: string,
): Promise<SendingNumber | undefined> {
  const { rows } = await db.query(
    `select n.id::text, n.phone_number_id, w.portfolio_id::text, n.access_token_encrypted, n.api_base_url,
            n.api_version, n.egress_proxy, n.throughput_per_second, n.paused_at is not null as paused, n.status
       from wa_number n
       join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
      where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null`,
    [tenantId, numberId],
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
    egressProxy: row.egress_proxy,
    throughputPerSecond: row.throughput_per_second,
    paused: row.paused,
    status: row.status,
  };
}

/**
 * Stops a number's sending until an operator resumes it (quality RED, restriction, a token Meta
 * refuses). Its queued messages stay queued.
 */
export async function pauseNumber(db: Queryable, tenantId: string, numberId: string, reason: string): Promise<void> {
  await db.query(
    `with paused as (
       update wa_number set paused_at = now(), pause_reason = $3, updated_at = now()
        where tenant_id = $1 and id = $2 and paused_at is null returning id)
     select pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text) from paused`,
    [tenantId, numberId, reason],
  );
}

/** The operator's resume: clears the pause and wakes the number's lane. */
export async function resumeNumber(db: Queryable, tenantId: string, numberId: string): Promise<boolean> {
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
