import { type Template, TemplateComponent, type TemplateDetails } from '@ws/contract';
import { z } from 'zod';
import type { TemplateRow } from './template-repository.js';

const StoredComponents = z.array(TemplateComponent).catch([]);

/** A stored template in the contract's shape (its WABA's internal id stays inside). */
export function presentTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    meta_template_id: row.meta_template_id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    quality_score: row.quality_score,
    rejected_reason: row.rejected_reason,
    waba_id: row.waba_id,
    waba_name: row.waba_name,
    phone: row.phone,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** With its components, as stored (Meta's shapes; anything unreadable shows as none). */
export function presentTemplateDetails(row: TemplateRow): TemplateDetails {
  return { ...presentTemplate(row), components: StoredComponents.parse(row.components) };
}
