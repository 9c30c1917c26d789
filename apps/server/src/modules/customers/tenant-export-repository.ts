/**
 * The COPY statements of a tenant's data set, written before its deletion (decision 0032): the
 * metadata of its conversations and messages (never their content), its campaigns with every
 * recipient's state, and its ledger. COPY takes no parameters: the tenant is an escaped literal.
 * Rows leave in the order the scan finds them (no sort holds them back).
 */
import { RECIPIENT_STATES } from '@ws/contract';
import type pg from 'pg';
import { type CopyToStreamQuery, to as copyTo } from 'pg-copy-streams';
import { sheetTime } from '../../platform/db/sql-time.js';
import { literalValues } from '../../platform/db/sql-values.js';

const SELECTS = {
  conversations: (tenant: string) => `
    select c.number_id, n.phone as number, c.contact_id, k.wa_id, ${sheetTime('c.last_inbound_at')} as last_inbound_utc,
           ${sheetTime('c.last_outbound_at')} as last_outbound_utc, ${sheetTime('c.last_message_at')} as last_message_utc,
           c.unread
      from conversation c
      left join wa_number n on n.tenant_id = c.tenant_id and n.id = c.number_id
      left join contact k on k.tenant_id = c.tenant_id and k.id = c.contact_id
     where c.tenant_id = ${tenant}`,
  messages: (tenant: string) => `
    select m.id, ${sheetTime('m.created_at')} as created_utc, m.number_id, m.contact_id, m.group_ref, m.direction,
           m.type, m.purpose, m.template_id, m.meta_message_id, m.status, ${sheetTime('m.sent_at')} as sent_utc,
           ${sheetTime('m.delivered_at')} as delivered_utc, ${sheetTime('m.read_at')} as read_utc,
           ${sheetTime('m.failed_at')} as failed_utc, m.error_code, m.error_title, m.campaign_id, m.task_id, m.sent_by
      from message m where m.tenant_id = ${tenant}`,
  campaigns: (tenant: string) => `
    select c.id, c.kind, c.name, c.status, c.purpose, c.template_id, c.number_ids, c.audience, c.content, c.schedule,
           c.options, c.run_no, c.recipients, c.skipped, ${sheetTime('c.created_at')} as created_utc,
           ${sheetTime('c.started_at')} as started_utc, ${sheetTime('c.finished_at')} as finished_utc,
           ${sheetTime('c.deleted_at')} as deleted_utc
      from campaign c where c.tenant_id = ${tenant}`,
  campaign_recipients: (tenant: string) => `
    select r.campaign_id, r.contact_id, k.wa_id, r.number_id, r.run_no,
           (${literalValues.add([...RECIPIENT_STATES], 'text[]')})[r.state + 1] as state, r.message_id,
           r.error_code, r.error_title, ${sheetTime('r.updated_at')} as updated_utc
      from campaign_recipient r
      left join contact k on k.tenant_id = r.tenant_id and k.id = r.contact_id
     where r.tenant_id = ${tenant}`,
  ledger: (tenant: string) => `
    select t.id, ${sheetTime('t.created_at')} as created_utc, t.kind, t.unit, t.amount, t.quantity, t.category,
           t.country, t.number_id, t.message_id, t.memo, t.idempotency_key
      from ledger_transaction t where t.tenant_id = ${tenant}`,
} as const;

export type TenantExportTable = keyof typeof SELECTS;
export const TENANT_EXPORT_TABLES = Object.keys(SELECTS) as TenantExportTable[];

/** One table of the tenant's data set as CSV with a header, written by PostgreSQL (COPY … TO STDOUT). */
export function copyTenantTable(client: pg.PoolClient, tenantId: string, table: TenantExportTable): CopyToStreamQuery {
  const select = SELECTS[table](literalValues.add(tenantId, 'text'));
  return client.query(copyTo(`copy (${select}) to stdout with (format csv, header)`));
}
