import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { wabaClient } from './template-client.js';
import { markTemplatesDeleted, selectTemplate, selectTemplateWabas } from './template-repository.js';

const NOT_FOUND = { zh: 'id: 模板', en: 'id: Template' };

/**
 * `template/del`: deletes the template at Meta by name on its WABA, this language only (by Meta's
 * id) once that is known, else every language of the name, as Meta does; then marks what Meta
 * deleted DELETED here. A deleted template is kept so the messages that used it still name it.
 */
export async function deleteTemplate(
  context: AppContext,
  scope: Scope,
  id: string,
): Promise<{ count: number; name: string; language: string }> {
  const template = await selectTemplate(context.pool, scope, id);
  if (!template || template.status === 'DELETED') throw errors.notFound(NOT_FOUND);
  const waba = (await selectTemplateWabas(context.pool, scope)).find((one) => one.wabaRef === template.waba_ref);
  if (!waba) {
    throw errors.conflict({
      zh: 'id: 该模板所属的 WABA 已没有可用的号码，无法调用 Cloud API',
      en: "id: the template's WABA has no live number left to call the Cloud API with",
    });
  }
  const meta = await wabaClient(context, scope, waba, 'id');
  const hsmId = template.meta_template_id ?? undefined;
  try {
    await meta.client.deleteTemplate(waba.wabaId, { name: template.name, ...(hsmId ? { hsmId } : {}) });
  } catch (error) {
    throw meta.failure(error, 'id');
  }
  const count = await markTemplatesDeleted(context.pool, scope, template.id, hsmId === undefined);
  return { count, name: template.name, language: hsmId ? template.language : 'every language' };
}
