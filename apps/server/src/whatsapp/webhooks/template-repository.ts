import type { Db } from '../../platform/db/pool.js';
import type { TemplateStatusValue } from '../meta/webhook-payload.js';
import type { KnownWaba } from './directory.js';

/** What a template webhook changes; undefined leaves a column as it is. */
export interface TemplateChange {
  status?: string;
  /** Set with the status: the reason of a rejection, or null to clear an old one. */
  rejectedReason?: string | null;
  qualityScore?: string;
  category?: string;
}

/** How a template webhook names its template: Meta's id when known, else name and language. */
export type TemplateRef = Pick<
  TemplateStatusValue,
  'message_template_id' | 'message_template_name' | 'message_template_language'
>;

const CHANGE_TEMPLATE = `
  with target as (
    select id from (
      select id, 1 as rank from wa_template where tenant_id = $1 and waba_ref = $2 and meta_template_id = $3
      union all
      select id, 2 from wa_template where tenant_id = $1 and waba_ref = $2 and name = $4 and language = $5
    ) found order by rank limit 1
  )
  update wa_template t
     set status = coalesce($6, t.status),
         rejected_reason = case when $6::text is not null then $7 else t.rejected_reason end,
         quality_score = coalesce($8, t.quality_score),
         category = coalesce($9, t.category),
         meta_template_id = coalesce(t.meta_template_id, $3),
         updated_at = now()
    from target
   where t.tenant_id = $1 and t.id = target.id
  returning t.id::text, t.status`;

/**
 * Applies the change to the WABA's template found by Meta's id, else by name and language (which
 * then learns its id); its id and status now, or undefined when there is no such template.
 */
export async function changeTemplateRow(
  db: Db,
  waba: KnownWaba,
  ref: TemplateRef,
  change: TemplateChange,
): Promise<{ id: string; status: string } | undefined> {
  const { rows } = await db.query<{ id: string; status: string }>(CHANGE_TEMPLATE, [
    waba.tenantId,
    waba.wabaRef,
    ref.message_template_id ?? null,
    ref.message_template_name,
    ref.message_template_language,
    change.status ?? null,
    change.rejectedReason ?? null,
    change.qualityScore ?? null,
    change.category ?? null,
  ]);
  return rows[0];
}
