/**
 * Template webhooks: status (review decisions, pauses, disabling), quality score and category
 * changes. A template is found by Meta's id, else by its WABA, name and language (a template the
 * product created before it learnt the id); one found by name learns its id.
 */
import { calls } from '@ws/contract';
import type { TemplateCategoryValue, TemplateQualityValue, TemplateStatusValue } from '../meta/webhook-payload.js';
import { changeTemplateRow, type TemplateChange, type TemplateRef } from './template-repository.js';
import type { ChangeResult, Work } from './work.js';

const CATEGORIES = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
/** Status events that are not a status of their own. */
const STATUS_OF_EVENT: Record<string, string | null> = {
  REINSTATED: 'APPROVED',
  LOCKED: null,
  UNLOCKED: null,
  UNARCHIVED: null,
};

async function changeTemplate(
  work: Work,
  wabaId: string,
  ref: TemplateRef,
  change: TemplateChange,
  notes: string[] = [],
) {
  const waba = await work.directory.wabaByMetaId(wabaId);
  if (!waba) return { unknownNumber: `WABA ${wabaId}` };
  const changed = await changeTemplateRow(work.client, waba, ref, change);
  const name = `${ref.message_template_name} (${ref.message_template_language}, id ${ref.message_template_id ?? '?'})`;
  if (!changed) return { tenantId: waba.tenantId, incomplete: [`template ${name} not found`], notes };
  // The templates screen shows it at once, to whoever may list templates.
  work.events.push({
    tenantId: waba.tenantId,
    roles: calls.templateList.access,
    event: { type: 'template.updated', data: { template_id: changed.id, status: changed.status } },
  });
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
