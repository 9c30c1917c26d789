import { type Page, type PageRequest, type Template, type TemplateDetails, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { pageSpanOf } from '../../platform/db/page-span.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { presentTemplate, presentTemplateDetails } from './template-presenter.js';
import { selectTemplate, selectTemplates, type TemplateFilter } from './template-repository.js';

/** `template/list`: the tenant's templates, last changed first; DELETED ones only when asked for. */
export async function listTemplates(
  context: AppContext,
  scope: Scope,
  request: PageRequest & { filters: TemplateFilter },
): Promise<Page<Template>> {
  const { rows, total } = await selectTemplates(context.pool, scope, request.filters, pageSpanOf(request));
  return toPage(rows.map(presentTemplate), total, request);
}

/** `template/details`: one template with its components. */
export async function templateDetails(context: AppContext, scope: Scope, id: string): Promise<TemplateDetails> {
  const row = await selectTemplate(context.pool, scope, id);
  if (!row) throw errors.notFound({ zh: 'id: 模板', en: 'id: Template' });
  return presentTemplateDetails(row);
}
