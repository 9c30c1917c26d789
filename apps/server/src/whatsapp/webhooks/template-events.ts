/**
 * Template webhooks: status (review decisions, pauses, disabling), quality score and category
 * changes. A template is found by Meta's id, else by its WABA, name and language (a template the
 * product created before it learnt the id); one found by name learns its id.
 */
import type { TemplateCategoryValue, TemplateQualityValue, TemplateStatusValue } from '../meta/webhook-payload.js';
import type { ChangeResult, Work } from './work.js';

const CATEGORIES = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
/** Status events that are not a status of their own. */
const STATUS_OF_EVENT: Record<string, string | null> = {
  REINSTATED: 'APPROVED',
  LOCKED: null,
  UNLOCKED: null,
  UNARCHIVED: null,
};

interface TemplateChange {
  status?: string;
  /** Set with the status: the reason of a rejection, or null to clear an old one. */
  rejectedReason?: string | null;
  qualityScore?: string;
  category?: string;
}

type TemplateRef = Pick<
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
   where t.tenant_id = $1 and t.id = target.id`;

async function changeTemplate(
  work: Work,
  wabaId: string,
  ref: TemplateRef,
  change: TemplateChange,
  notes: string[] = [],
) {
  const waba = await work.directory.wabaByMetaId(wabaId);
  if (!waba) return { unknownNumber: `WABA ${wabaId}` };
  const { rowCount } = await work.client.query(CHANGE_TEMPLATE, [
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
  const name = `${ref.message_template_name} (${ref.message_template_language}, id ${ref.message_template_id ?? '?'})`;
  if (!rowCount) return { tenantId: waba.tenantId, incomplete: [`template ${name} not found`], notes };
  return { tenantId: waba.tenantId, notes };
}

/** A category Meta reports, if the template table can hold it. */
function categoryOf(category: string | undefined, notes: string[]): string | undefined {
  if (category === undefined) return undefined;
  if (CATEGORIES.has(category)) return category;
  notes.push(`category "${category}" not recorded`);
  return undefined;
}

export function handleTemplateStatus(work: Work, wabaId: string, value: TemplateStatusValue): Promise<ChangeResult> {
  const notes: string[] = [];
  const status = Object.hasOwn(STATUS_OF_EVENT, value.event) ? STATUS_OF_EVENT[value.event] : value.event;
  if (status === null) notes.push(`template event ${value.event} recorded only`);
  const reason = value.reason && value.reason !== 'NONE' ? value.reason : null;
  return changeTemplate(
    work,
    wabaId,
    value,
    {
      status: status ?? undefined,
      rejectedReason: status === 'REJECTED' ? reason : null,
      category: categoryOf(value.message_template_category, notes),
    },
    notes,
  );
}

export function handleTemplateQuality(work: Work, wabaId: string, value: TemplateQualityValue): Promise<ChangeResult> {
  return changeTemplate(work, wabaId, value, { qualityScore: value.new_quality_score });
}

export function handleTemplateCategory(
  work: Work,
  wabaId: string,
  value: TemplateCategoryValue,
): Promise<ChangeResult> {
  const notes: string[] = [];
  return changeTemplate(work, wabaId, value, { category: categoryOf(value.new_category, notes) }, notes);
}
