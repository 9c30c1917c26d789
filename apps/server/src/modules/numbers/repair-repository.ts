/** SQL of the number repair: templates written from the WABA's list, counters recounted from their sources. */

import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';

export interface RepairTarget {
  id: string;
  phone: string;
  waba_ref: string;
  waba_id: string;
}

export async function repairTargets(db: Db, scope: Scope, ids: string[]): Promise<RepairTarget[]> {
  const { rows } = await db.query<RepairTarget>(
    `select n.id, n.phone, n.waba_ref, w.waba_id
       from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
      where n.tenant_id = $1 and n.id = any($2::bigint[]) and n.deleted_at is null
      order by n.id`,
    [scope.tenantId, ids],
  );
  return rows;
}

export interface TemplateRow {
  meta_template_id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: unknown[];
  rejected_reason: string | null;
  quality_score: string | null;
}

/** Upserts the WABA's templates by (WABA, name, language); returns how many were written. */
export async function upsertTemplates(db: Db, scope: Scope, wabaRef: string, templates: TemplateRow[]) {
  if (templates.length === 0) return 0;
  const { rowCount } = await db.query(
    `insert into wa_template as t (tenant_id, waba_ref, meta_template_id, name, language, category, status, components,
                                   rejected_reason, quality_score)
     select $1, $2, r.meta_template_id, r.name, r.language, r.category, r.status, coalesce(r.components, '[]'),
            r.rejected_reason, r.quality_score
       from jsonb_to_recordset($3::jsonb) as r (meta_template_id text, name text, language text, category text,
                                                status text, components jsonb, rejected_reason text, quality_score text)
     on conflict (tenant_id, waba_ref, name, language) do update
        set meta_template_id = excluded.meta_template_id, category = excluded.category, status = excluded.status,
            components = excluded.components, rejected_reason = excluded.rejected_reason,
            quality_score = coalesce(excluded.quality_score, t.quality_score), updated_at = now()`,
    [scope.tenantId, wabaRef, JSON.stringify(templates)],
  );
  return rowCount ?? 0;
}

/**
 * Today's (UTC) counts of the number recounted from the messages, as 0004 first filled them: sent
 * are outbound messages the Cloud API accepted (counted on the day of acceptance, which the sent
 * or status time gives), received are inbound messages by their time.
 */
export async function recountToday(db: Db, scope: Scope, numberId: string) {
  const { rows } = await db.query<{ sent: number; received: number }>(
    `with today as (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as start)
     insert into number_daily_count as c (tenant_id, number_id, day, sent, received)
     select $1, $2, (now() at time zone 'UTC')::date,
            count(*) filter (where m.direction = 'out' and m.status in ('accepted', 'sent', 'delivered', 'read')
                                    and coalesce(m.sent_at, m.status_at) >= today.start),
            count(*) filter (where m.direction = 'in' and m.created_at >= today.start)
       from today
       left join message m
              on m.tenant_id = $1 and m.number_id = $2 and m.created_at >= today.start - interval '3 days'
      group by today.start
     on conflict (tenant_id, number_id, day) do update set sent = excluded.sent, received = excluded.received
     returning c.sent, c.received`,
    [scope.tenantId, numberId],
  );
  return rows[0] ?? { sent: 0, received: 0 };
}

/** The number's contact_tally row recounted from its live contacts (contact_number_idx). */
export async function recountContacts(db: Db, scope: Scope, numberId: string): Promise<number> {
  const { rows } = await db.query<{ contacts: number }>(
    `insert into contact_tally as t (tenant_id, number_id, contacts)
     select $1, $2, count(*) from contact where tenant_id = $1 and number_id = $2 and deleted_at is null
     on conflict (tenant_id, number_id) do update set contacts = excluded.contacts
     returning t.contacts::int as contacts`,
    [scope.tenantId, numberId],
  );
  return rows[0]?.contacts ?? 0;
}
