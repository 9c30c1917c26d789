import {
  type BatchReply,
  KEYWORD_RULES_MAX,
  type KeywordRule,
  type KeywordRuleEdit,
  type KeywordRuleFilter,
  type KeywordRuleInput,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { type Db, withTransaction } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import { cappedPage } from '../../platform/http/capped-page.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { regexProblem } from './keyword-matcher.js';
import {
  bumpVersion,
  countRules,
  countTenantRules,
  deleteRules,
  insertRule,
  selectRule,
  selectRules,
  selectTenantMaterials,
  selectTenantNumbers,
  updateRule,
} from './rule-repository.js';

const RULE_NOT_FOUND = { zh: 'id: 关键词规则', en: 'id: Keyword rule' };

/** Every number the rule names is the tenant's, its material too, and each pattern RE2 can run. */
export async function checkRuleInput(db: Db, scope: Scope, input: KeywordRuleInput): Promise<void> {
  if (input.matchMode === 'regex') {
    input.keywords.forEach((pattern, index) => {
      const problem = regexProblem(pattern);
      if (problem !== null) {
        throw errors.invalid(
          `keywords.${index}`,
          `正则表达式无效或不受支持（不支持回溯引用与前瞻）：${problem}`,
          `not a regular expression the linear-time engine runs (no back-references or look-ahead): ${problem}`,
        );
      }
    });
  }
  await checkMaterials(db, scope, { materialId: input.materialId });
  const known = await selectTenantNumbers(db, scope, input.numberIds);
  const missing = input.numberIds.findIndex((id) => !known.has(id));
  if (missing >= 0) throw errors.notFound({ zh: `numberIds.${missing}: 号码`, en: `numberIds.${missing}: Number` });
}

/** Each named material (by field) is the tenant's, else a 404 naming the field. */
export async function checkMaterials(db: Db, scope: Scope, named: Record<string, string | null>): Promise<void> {
  const ids = Object.values(named).filter((id): id is string => id !== null);
  const known = await selectTenantMaterials(db, scope, ids);
  for (const [field, id] of Object.entries(named)) {
    if (id !== null && !known.has(id)) throw errors.notFound({ zh: `${field}: 素材`, en: `${field}: Material` });
  }
}

async function saved(db: Db, scope: Scope, id: string): Promise<KeywordRule> {
  const rule = await selectRule(db, scope, id);
  if (!rule) throw errors.notFound(RULE_NOT_FOUND);
  return rule;
}

export function listRules(context: AppContext, scope: Scope, filter: KeywordRuleFilter) {
  return cappedPage(
    filter,
    (cap) => countRules(context.pool, scope, filter.filters, cap),
    (limit, offset) => selectRules(context.pool, scope, filter.filters, limit, offset),
  );
}

export async function addRule(context: AppContext, scope: Scope, input: KeywordRuleInput): Promise<KeywordRule> {
  await checkRuleInput(context.pool, scope, input);
  return withTransaction(context.pool, async (client) => {
    if ((await countTenantRules(client, scope)) >= KEYWORD_RULES_MAX) {
      throw new AppError('conflict', {
        zh: `keywords: 关键词规则最多 ${KEYWORD_RULES_MAX} 条`,
        en: `keywords: a tenant keeps at most ${KEYWORD_RULES_MAX} keyword rules`,
      });
    }
    const id = await insertRule(client, scope, input);
    await bumpVersion(client, scope.tenantId);
    return saved(client, scope, id);
  });
}

export async function editRule(context: AppContext, scope: Scope, edit: KeywordRuleEdit): Promise<KeywordRule> {
  const { id, ...input } = edit;
  await checkRuleInput(context.pool, scope, input);
  return withTransaction(context.pool, async (client) => {
    if (!(await updateRule(client, scope, id, input))) throw errors.notFound(RULE_NOT_FOUND);
    await bumpVersion(client, scope.tenantId);
    return saved(client, scope, id);
  });
}

export async function removeRules(context: AppContext, scope: Scope, ids: readonly string[]): Promise<BatchReply> {
  const count = await withTransaction(context.pool, async (client) => {
    const deleted = await deleteRules(client, scope, ids);
    if (deleted > 0) await bumpVersion(client, scope.tenantId);
    return deleted;
  });
  return batchReply(count, { zh: 'ids: 关键词规则', en: 'ids: Keyword rule' });
}
