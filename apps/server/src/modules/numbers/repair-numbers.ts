import type { NumberRepairResult } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { mapBounded } from '../../platform/map-bounded.js';
import type { CloudApiClient, MessageTemplate } from '../../whatsapp/cloud-api/index.js';
import { CLOUD_API_CONCURRENCY, describeFailure, numberClient } from '../../whatsapp/numbers/number-client.js';
import { noneOfTheNumbers } from './batch-result.js';
import {
  type RepairTarget,
  recountContacts,
  recountToday,
  repairTargets,
  type TemplateRow,
  upsertTemplates,
} from './repair-repository.js';

const CATEGORIES = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
/** Template pages read per WABA (100 each): far above Meta's template limit per WABA. */
const MAX_TEMPLATE_PAGES = 100;

function templateRow(template: MessageTemplate): TemplateRow | undefined {
  if (!template.category || !CATEGORIES.has(template.category)) return undefined;
  const score = (template.quality_score as { score?: unknown } | undefined)?.score;
  return {
    meta_template_id: template.id,
    name: template.name,
    language: template.language,
    category: template.category,
    status: template.status,
    components: template.components ?? [],
    rejected_reason: template.rejected_reason && template.rejected_reason !== 'NONE' ? template.rejected_reason : null,
    quality_score: typeof score === 'string' ? score : null,
  };
}

/** Every template of the WABA from the Cloud API, written to wa_template; returns how many. */
async function syncTemplates(context: AppContext, scope: Scope, target: RepairTarget, client: CloudApiClient) {
  const rows: TemplateRow[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_TEMPLATE_PAGES; page += 1) {
    const listed = await client.listTemplates(target.waba_id, { limit: 100, after });
    for (const template of listed.data) {
      const row = templateRow(template);
      if (row) rows.push(row);
    }
    if (!listed.nextCursor) break;
    after = listed.nextCursor;
  }
  return upsertTemplates(context.pool, scope, target.waba_ref, rows);
}

/**
 * Repairs each number: its WABA's templates re-synced from the Cloud API (once per WABA in a
 * call, with the token of the first of its numbers), its business profile read as a check, and
 * its roll-ups (today's message counts, its contact tally) recounted from the rows they sum.
 */
export async function repairNumbers(context: AppContext, scope: Scope, ids: string[]) {
  const targets = await repairTargets(context.pool, scope, ids);
  if (targets.length === 0) throw noneOfTheNumbers();
  const templateSyncs = new Map<string, Promise<number>>();

  const repairOne = async (target: RepairTarget): Promise<NumberRepairResult | null> => {
    const errors: string[] = [];
    let templates: number | null = null;
    let profileOk = false;
    try {
      const connection = await numberClient(context, scope.tenantId, target.id);
      if (!connection) return null;
      const { client, number } = connection;
      let sync = templateSyncs.get(target.waba_ref);
      if (!sync) {
        sync = syncTemplates(context, scope, target, client);
        templateSyncs.set(target.waba_ref, sync);
      }
      const [synced, profile] = await Promise.allSettled([sync, client.getBusinessProfile(number.phoneNumberId)]);
      if (synced.status === 'fulfilled') templates = synced.value;
      else errors.push(`templates: ${describeFailure(synced.reason)}`);
      if (profile.status === 'fulfilled') profileOk = true;
      else errors.push(`business profile: ${describeFailure(profile.reason)}`);
    } catch (failure) {
      errors.push(describeFailure(failure));
    }
    const today = await recountToday(context.pool, scope, target.id);
    const contacts = await recountContacts(context.pool, scope, target.id);
    return {
      id: target.id,
      phone: target.phone,
      ok: errors.length === 0,
      templates,
      profile_ok: profileOk,
      sent_today: today.sent,
      received_today: today.received,
      contacts,
      errors,
    };
  };

  const results = await mapBounded(targets, CLOUD_API_CONCURRENCY, repairOne);
  return { results: results.filter((result): result is NumberRepairResult => result !== null) };
}
