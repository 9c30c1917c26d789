import { type Language, TemplateCategory, type TemplateSyncReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { mapBounded } from '../../platform/map-bounded.js';
import type { MessageTemplate } from '../../whatsapp/cloud-api/index.js';
import { CLOUD_API_CONCURRENCY, describeFailure } from '../../whatsapp/numbers/number-client.js';
import { wabaClient } from './template-client.js';
import {
  databaseNow,
  type SyncedTemplate,
  selectTemplateWabas,
  storeSyncedTemplates,
  type TemplateWaba,
} from './template-repository.js';

/** Templates read per Cloud API page, and the most pages read for one WABA (Meta allows 6 000 templates). */
const PAGE_SIZE = 100;
const MAX_PAGES = 100;

const categoryOf = TemplateCategory.catch('MARKETING');

function toSynced(template: MessageTemplate): SyncedTemplate {
  const score = template.quality_score?.score;
  return {
    meta_template_id: template.id,
    name: template.name,
    language: template.language,
    category: categoryOf.parse(template.category),
    status: template.status,
    components: template.components ?? [],
    rejected_reason: template.rejected_reason && template.rejected_reason !== 'NONE' ? template.rejected_reason : null,
    quality_score: typeof score === 'string' ? score : null,
  };
}

/** Every template of the WABA at Meta, one per name and language. */
async function readWabaTemplates(context: AppContext, scope: Scope, waba: TemplateWaba): Promise<SyncedTemplate[]> {
  const meta = await wabaClient(context, scope, waba, 'numberId');
  const found = new Map<string, SyncedTemplate>();
  let after: string | undefined;
  try {
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const { data, nextCursor } = await meta.client.listTemplates(waba.wabaId, { limit: PAGE_SIZE, after });
      for (const template of data) found.set(`${template.name}\u0000${template.language}`, toSynced(template));
      if (!nextCursor) break;
      after = nextCursor;
    }
  } catch (error) {
    throw meta.failure(error, 'numberId');
  }
  return [...found.values()];
}

/**
 * `template/sync`: reads the templates of a number's WABA (or of every WABA of the tenant) from
 * the Cloud API and stores them: new ones added, changed ones updated, those gone at Meta marked
 * DELETED. A WABA that cannot be read is reported in `failures`, in the caller's language (and is the call's error when one
 * number was named); the others are synced all the same.
 */
export async function syncTemplates(
  context: AppContext,
  scope: Scope,
  numberId: string | null | undefined,
  language: Language,
): Promise<TemplateSyncReply> {
  const wabas = await selectTemplateWabas(context.pool, scope, numberId);
  if (numberId && wabas.length === 0) throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
  const reply: TemplateSyncReply = { wabas: wabas.length, added: 0, updated: 0, deleted: 0, failures: [] };
  await mapBounded(wabas, CLOUD_API_CONCURRENCY, async (waba) => {
    const readSince = await databaseNow(context.pool);
    let templates: SyncedTemplate[];
    try {
      templates = await readWabaTemplates(context, scope, waba);
    } catch (error) {
      if (numberId) throw error;
      const message = error instanceof AppError ? error.messageIn(language) : describeFailure(error);
      reply.failures.push({ waba_id: waba.wabaId, message });
      return;
    }
    const stored = await storeSyncedTemplates(context.pool, scope, waba.wabaRef, templates, readSince);
    reply.added += stored.added;
    reply.updated += stored.updated;
    reply.deleted += stored.deleted;
  });
  return reply;
}
