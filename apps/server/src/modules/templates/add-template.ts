import { type NewTemplate, type TemplateDetails, templateProblem } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { wabaClient } from './template-client.js';
import { templateDetails } from './template-queries.js';
import {
  claimTemplateRow,
  recordSubmittedTemplate,
  releaseTemplateRow,
  selectTemplateWabas,
} from './template-repository.js';

/** The components as Meta's creation call takes them: examples only where a variable or media needs one. */
function forMeta(components: NewTemplate['components']): Record<string, unknown>[] {
  return components.map((component) => {
    if (component.type === 'HEADER') {
      const { example, ...header } = component;
      if (header.format !== 'TEXT') return { ...header, example: { header_handle: example?.header_handle } };
      return example?.header_text?.length ? { ...header, example: { header_text: example.header_text } } : header;
    }
    if (component.type === 'BODY') {
      const { example, ...body } = component;
      return example?.body_text?.[0]?.length ? { ...body, example } : body;
    }
    if (component.type === 'BUTTONS') {
      return {
        ...component,
        buttons: component.buttons.map((button) =>
          button.type === 'URL' && !button.url.includes('{{')
            ? { type: button.type, text: button.text, url: button.url }
            : button,
        ),
      };
    }
    return component;
  });
}

/**
 * `template/add`: checks Meta's rules (a 400 naming the field), records the template PENDING on
 * the number's WABA, and submits it through the Cloud API. Meta's refusal undoes the record and is
 * a 4xx carrying Meta's words; its review decision comes later by webhook.
 */
export async function addTemplate(context: AppContext, scope: Scope, input: NewTemplate): Promise<TemplateDetails> {
  const problem = templateProblem(input);
  if (problem) throw errors.invalid(problem.field, problem.zh, problem.en);
  const [waba] = await selectTemplateWabas(context.pool, scope, input.numberId);
  if (!waba) throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });
  const meta = await wabaClient(context, scope, waba, 'numberId');
  const components = forMeta(input.components);
  const claimed = await claimTemplateRow(context.pool, scope, waba.wabaRef, { ...input, components });
  if (!claimed) {
    throw errors.conflict({
      zh: `name: 该 WABA 已有名为 ${input.name} 的 ${input.language} 模板`,
      en: `name: this WABA already has a template ${input.name} in ${input.language}`,
    });
  }
  try {
    const created = await meta.client.createTemplate(waba.wabaId, {
      name: input.name,
      language: input.language,
      category: input.category,
      components,
      ...(input.allowCategoryChange ? { allow_category_change: true } : {}),
    });
    await recordSubmittedTemplate(context.pool, scope, claimed.id, {
      metaTemplateId: created.id,
      status: created.status,
      category: created.category ?? null,
    });
  } catch (error) {
    await releaseTemplateRow(context.pool, scope, claimed.id, claimed.inserted);
    throw meta.failure(error, 'name');
  }
  return templateDetails(context, scope, claimed.id);
}
