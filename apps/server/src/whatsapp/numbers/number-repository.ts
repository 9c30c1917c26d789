import { proxyUrlOf } from '@ws/contract';
import type pg from 'pg';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';
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
  /** The proxy URL of the number's egress IP, else its own egress_proxy, else null (direct). */
  egressProxy: string | null;
  throughputPerSecond: number;
  paused: boolean;
  status: string;
}

/**
 * The number with its token decrypted. Its egress IP (`egress_ip_id`) counts only while it is
 * enabled and is the number's tenant's own or a system one; a disabled IP sends the number's calls
 * the way they went before it was set (`egress_proxy`, else directly), never holds them.
 */
export async function loadSendingNumber(
  db: Queryable,
  cipher: TokenCipher,
  tenantId: string,
  numberId: string,
): Promise<SendingNumber | undefined> {
  const { rows } = await db.query(
    `select n.id::text, n.phone_number_id, w.portfolio_id::text, n.access_token_encrypted, n.api_base_url,
            n.api_version, n.egress_proxy, n.throughput_per_second, n.paused_at is not null as paused, n.status,
            e.protocol as ip_protocol, e.host as ip_host, e.port as ip_port, e.username as ip_username,
            e.password_encrypted as ip_password_encrypted
       from wa_number n
       join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
       left join egress_ip e on e.id = n.egress_ip_id and e.enabled and e.tenant_id in (n.tenant_id, $3)
      where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null`,
    [tenantId, numberId, PLATFORM_TENANT_ID],
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
