import type { Greeting, GreetingInput, KeywordRule, KeywordRuleInput } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import { type Db, prepared } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import type { MatcherRule } from './keyword-matcher.js';

const materialRef = (alias: string) =>
  `json_build_object('id', ${alias}.id::text, 'tp', ${alias}.tp, 'title', ${alias}.title)`;
const hours = (alias: string) =>
  `case when ${alias}.active_from is null then null else json_build_object('from', ${alias}.active_from, 'to', ${alias}.active_to) end`;

const RULE_COLUMNS = `r.id::text, r.name, r.keywords, r.match_mode, array(select unnest(r.number_ids)::text) as number_ids,
  ${materialRef('m')} as material, ${hours('r')} as active_hours, r.priority, r.cooldown_seconds, r.enabled,
  ${isoTime('r.created_at')} as created_at, ${isoTime('r.updated_at')} as updated_at`;
const RULE_FROM = 'keyword_rule r join material m on m.tenant_id = r.tenant_id and m.id = r.material_id';

function ruleConditions(scope: Scope, filter: { search?: string | undefined; numberId?: string | null | undefined }) {
  const sql = new BoundValues();
  const where = [`r.tenant_id = ${sql.add(scope.tenantId, 'text')}`];
  if (filter.search) {
    const pattern = sql.add(likePattern(filter.search), 'text');
    where.push(`(r.name ilike ${pattern} or r.keywords::text ilike ${pattern})`);
  }
  if (filter.numberId) {
    where.push(`(r.number_ids = '{}' or ${sql.add(filter.numberId, 'bigint')} = any(r.number_ids))`);
  }
  return { sql, where: where.join(' and ') };
}

export async function selectRules(
  db: Db,
  scope: Scope,
  filter: { search?: string | undefined; numberId?: string | null | undefined },
  limit: number,
  offset: number,
): Promise<KeywordRule[]> {
  const { sql, where } = ruleConditions(scope, filter);
  const { rows } = await db.query<KeywordRule>(
    prepared(
      `select ${RULE_COLUMNS} from ${RULE_FROM} where ${where}
        order by r.priority desc, r.id desc limit ${sql.add(limit, 'int')} offset ${sql.add(offset, 'int')}`,
      sql.values,
    ),
  );
  return rows;
}

export async function countRules(
  db: Db,
  scope: Scope,
  filter: { search?: string | undefined; numberId?: string | null | undefined },
  cap: number,
): Promise<number> {
  const { sql, where } = ruleConditions(scope, filter);
  const { rows } = await db.query<{ total: number }>(
    prepared(
      `select count(*)::int as total from (select 1 from keyword_rule r where ${where} limit ${sql.add(cap + 1, 'int')}) x`,
      sql.values,
    ),
  );
  return rows[0]?.total ?? 0;
}

export async function selectRule(db: Db, scope: Scope, id: string): Promise<KeywordRule | undefined> {
  const { rows } = await db.query<KeywordRule>(
    `select ${RULE_COLUMNS} from ${RULE_FROM} where r.tenant_id = $1 and r.id = $2`,
    [scope.tenantId, id],
  );
  return rows[0];
}

const ruleValues = (scope: Scope, input: KeywordRuleInput) => [
  scope.tenantId,
  input.name,
  JSON.stringify(input.keywords),
  input.matchMode,
  input.numberIds,
  input.materialId,
  input.activeHours?.from ?? null,
  input.activeHours?.to ?? null,
  input.priority,
  input.cooldownSeconds,
  input.enabled,
];

export async function insertRule(db: Db, scope: Scope, input: KeywordRuleInput): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into keyword_rule (tenant_id, name, keywords, match_mode, number_ids, material_id, active_from, active_to,
       priority, cooldown_seconds, enabled)
     values ($1, $2, $3, $4, $5::bigint[], $6, $7, $8, $9, $10, $11) returning id::text`,
    ruleValues(scope, input),
  );
  return (rows[0] as { id: string }).id;
}

export async function updateRule(db: Db, scope: Scope, id: string, input: KeywordRuleInput): Promise<boolean> {
  const { rowCount } = await db.query(
    `update keyword_rule set name = $2, keywords = $3, match_mode = $4, number_ids = $5::bigint[], material_id = $6,
       active_from = $7, active_to = $8, priority = $9, cooldown_seconds = $10, enabled = $11, updated_at = now()
     where tenant_id = $1 and id = $12`,
    [...ruleValues(scope, input), id],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteRules(db: Db, scope: Scope, ids: readonly string[]): Promise<number> {
  const { rowCount } = await db.query('delete from keyword_rule where tenant_id = $1 and id = any($2::bigint[])', [
    scope.tenantId,
    ids,
  ]);
  return rowCount ?? 0;
}

export async function countTenantRules(db: Db, scope: Scope): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    'select count(*)::int as total from keyword_rule where tenant_id = $1',
    [scope.tenantId],
  );
  return rows[0]?.total ?? 0;
}

/** Of the named numbers, those the tenant has (outside the recycle bin). */
export async function selectTenantNumbers(db: Db, scope: Scope, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'select id::text from wa_number where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null',
    [scope.tenantId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Of the named materials, the tenant's. */
export async function selectTenantMaterials(db: Db, scope: Scope, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'select id::text from material where tenant_id = $1 and id = any($2::bigint[])',
    [scope.tenantId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

/** Every rule of the tenant as the matcher compiles them. */
export async function selectMatcherRules(db: Db, tenantId: string): Promise<MatcherRule[]> {
  const { rows } = await db.query<MatcherRule>(
    `select id::text, name, keywords, match_mode as "matchMode", array(select unnest(number_ids)::text) as "numberIds",
       material_id::text as "materialId",
       case when active_from is null then null else json_build_object('from', active_from, 'to', active_to) end as "activeHours",
       priority, cooldown_seconds as "cooldownSeconds", enabled
     from keyword_rule where tenant_id = $1`,
    [tenantId],
  );
  return rows;
}

/** Marks the tenant's rules and greetings changed: every process rebuilds its matcher. */
export async function bumpVersion(db: Db, tenantId: string): Promise<void> {
  await db.query(
    `insert into auto_reply_version (tenant_id) values ($1)
     on conflict (tenant_id) do update set version = auto_reply_version.version + 1`,
    [tenantId],
  );
}

const GREETING_COLUMNS = `g.id::text, g.number_id::text, n.phone as number_phone, ${materialRef('m')} as material,
  case when o.id is null then null else ${materialRef('o')} end as outside_material, ${hours('g')} as active_hours,
  g.silence_days, g.enabled, ${isoTime('g.updated_at')} as updated_at`;
const GREETING_FROM = `greeting g
  join material m on m.tenant_id = g.tenant_id and m.id = g.material_id
  left join material o on o.tenant_id = g.tenant_id and o.id = g.outside_material_id
  left join wa_number n on n.tenant_id = g.tenant_id and n.id = g.number_id`;

export async function selectGreetings(db: Db, scope: Scope, id?: string): Promise<Greeting[]> {
  const { rows } = await db.query<Greeting>(
    `select ${GREETING_COLUMNS} from ${GREETING_FROM}
      where g.tenant_id = $1 and ($2::bigint is null or g.id = $2) order by g.number_id nulls first`,
    [scope.tenantId, id ?? null],
  );
  return rows;
}

/** Saves the number's greeting (or every number's), replacing the one it had; answers its id. */
export async function upsertGreeting(db: Db, scope: Scope, input: GreetingInput): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into greeting (tenant_id, number_id, material_id, outside_material_id, active_from, active_to, silence_days, enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (tenant_id, coalesce(number_id, 0)) do update set material_id = excluded.material_id,
       outside_material_id = excluded.outside_material_id, active_from = excluded.active_from,
       active_to = excluded.active_to, silence_days = excluded.silence_days, enabled = excluded.enabled, updated_at = now()
     returning id::text`,
    [
      scope.tenantId,
      input.numberId,
      input.materialId,
      input.outsideMaterialId,
      input.activeHours?.from ?? null,
      input.activeHours?.to ?? null,
      input.silenceDays,
      input.enabled,
    ],
  );
  return (rows[0] as { id: string }).id;
}

export async function deleteGreetings(db: Db, scope: Scope, ids: readonly string[]): Promise<number> {
  const { rowCount } = await db.query('delete from greeting where tenant_id = $1 and id = any($2::bigint[])', [
    scope.tenantId,
    ids,
  ]);
  return rowCount ?? 0;
}

export interface MatcherGreeting {
  id: string;
  numberId: string | null;
  materialId: string;
  outsideMaterialId: string | null;
  activeHours: { from: string; to: string } | null;
  silenceDays: number;
  enabled: boolean;
}

/** The tenant's greetings (the drain's matcher keeps them). */
export async function selectMatcherGreetings(db: Db, tenantId: string): Promise<MatcherGreeting[]> {
  const { rows } = await db.query<MatcherGreeting>(
    `select id::text, number_id::text as "numberId", material_id::text as "materialId",
       outside_material_id::text as "outsideMaterialId",
       case when active_from is null then null else json_build_object('from', active_from, 'to', active_to) end as "activeHours",
       silence_days as "silenceDays", enabled
     from greeting where tenant_id = $1`,
    [tenantId],
  );
  return rows;
}
