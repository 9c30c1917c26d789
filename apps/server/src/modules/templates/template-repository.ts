import type { TemplateCategory, TemplateStatus } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';

/** A template as stored, with its WABA and a live number of it. */
export interface TemplateRow {
  id: string;
  waba_ref: string;
  meta_template_id: string | null;
  name: string;
  language: string;
  category: string;
  status: string;
  quality_score: string | null;
  rejected_reason: string | null;
  components: unknown;
  waba_id: string;
  waba_name: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `t.id::text, t.waba_ref::text, t.meta_template_id, t.name, t.language, t.category, t.status,
  t.quality_score, t.rejected_reason, t.components, w.waba_id, w.name as waba_name,
  (select n.phone from wa_number n
    where n.tenant_id = t.tenant_id and n.waba_ref = t.waba_ref and n.deleted_at is null
    order by n.id limit 1) as phone,
  ${isoTime('t.created_at')} as created_at, ${isoTime('t.updated_at')} as updated_at`;
const FROM = 'wa_template t join wa_business_account w on w.tenant_id = t.tenant_id and w.id = t.waba_ref';

export interface TemplateFilter {
  numberId?: string | null | undefined;
  wabaId?: string | undefined;
  status?: TemplateStatus | null | undefined;
  category?: TemplateCategory | null | undefined;
  language?: string | undefined;
  search?: string | undefined;
}

/** A page of the tenant's templates, last changed first, and how many match (hundreds per WABA, not millions). */
export async function selectTemplates(
  db: Db,
  scope: Scope,
  filter: TemplateFilter,
  page: PageSpan,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 't.tenant_id' })];
  if (filter.numberId) {
    where.push(`t.waba_ref = (select n.waba_ref from wa_number n
      where n.tenant_id = t.tenant_id and n.id = ${sql.add(filter.numberId, 'bigint')})`);
  }
  if (filter.wabaId) where.push(`w.waba_id = ${sql.add(filter.wabaId, 'text')}`);
  where.push(filter.status ? `t.status = ${sql.add(filter.status, 'text')}` : `t.status <> 'DELETED'`);
  if (filter.category) where.push(`t.category = ${sql.add(filter.category, 'text')}`);
  if (filter.language) where.push(`t.language = ${sql.add(filter.language, 'text')}`);
  if (filter.search) where.push(`t.name ilike ${sql.add(likePattern(filter.search), 'text')}`);
  const condition = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from ${FROM} where ${condition}`, [
    ...sql.values,
  ]);
  const { rows } = await db.query<TemplateRow>(
    `select ${COLUMNS} from ${FROM} where ${condition} order by t.updated_at desc, t.id desc
      limit ${sql.add(page.limit, 'int')} offset ${sql.add(page.offset, 'int')}`,
    sql.values,
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** One template of the caller's tenant, whatever its status. */
export async function selectTemplate(db: Db, scope: Scope, id: string): Promise<TemplateRow | undefined> {
  const sql = new BoundValues();
  const { rows } = await db.query<TemplateRow>(
    `select ${COLUMNS} from ${FROM}
      where ${scopeWhere(scope, sql, { tenant: 't.tenant_id' })} and t.id = ${sql.add(id, 'bigint')}`,
    sql.values,
  );
  return rows[0];
}

/** A WABA of the tenant with the live number whose token calls the Cloud API for it. */
export interface TemplateWaba {
  wabaRef: string;
  wabaId: string;
  numberId: string;
}

/**
 * The WABA of a live number of the caller's tenant (`numberId`), or every WABA of the tenant
 * that has a live number, each with its first number.
 */
export async function selectTemplateWabas(db: Db, scope: Scope, numberId?: string | null): Promise<TemplateWaba[]> {
  const sql = new BoundValues();
  const where = [scopeWhere(scope, sql, { tenant: 'n.tenant_id' }), 'n.deleted_at is null'];
  if (numberId) where.push(`n.id = ${sql.add(numberId, 'bigint')}`);
  const { rows } = await db.query<TemplateWaba>(
    `select distinct on (w.id) w.id::text as "wabaRef", w.waba_id as "wabaId", n.id::text as "numberId"
       from wa_number n join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
      where ${where.join(' and ')}
      order by w.id, n.id`,
    sql.values,
  );
  return rows;
}

export interface TemplateDraft {
  name: string;
  language: string;
  category: TemplateCategory;
  components: unknown[];
}

/**
 * Records a template about to be submitted, PENDING, so a review webhook that comes before Meta's
 * answer finds it by name and language. A DELETED template of the same name and language is
 * taken over; any other is left alone (undefined: the name is taken).
 */
export async function claimTemplateRow(
  db: Db,
  scope: Scope,
  wabaRef: string,
  draft: TemplateDraft,
): Promise<{ id: string; inserted: boolean } | undefined> {
  const { rows } = await db.query<{ id: string; inserted: boolean }>(
    `insert into wa_template (tenant_id, waba_ref, name, language, category, status, components)
     values ($1, $2, $3, $4, $5, 'PENDING', $6)
     on conflict (tenant_id, waba_ref, name, language) do update
        set meta_template_id = null, category = excluded.category, status = 'PENDING',
            components = excluded.components, rejected_reason = null, quality_score = null,
            created_at = now(), updated_at = now()
      where wa_template.status = 'DELETED'
     returning id::text, (xmax = 0) as inserted`,
    [scope.tenantId, wabaRef, draft.name, draft.language, draft.category, JSON.stringify(draft.components)],
  );
  return rows[0];
}

/** Undoes a claim Meta refused: a new row goes, a taken-over one is DELETED again. */
export async function releaseTemplateRow(db: Db, scope: Scope, id: string, inserted: boolean): Promise<void> {
  await db.query(
    inserted
      ? 'delete from wa_template where tenant_id = $1 and id = $2'
      : `update wa_template set status = 'DELETED', updated_at = now() where tenant_id = $1 and id = $2`,
    [scope.tenantId, id],
  );
}

/** What Meta answered the creation: its id, status and category (a review webhook may have come first). */
export async function recordSubmittedTemplate(
  db: Db,
  scope: Scope,
  id: string,
  submitted: { metaTemplateId: string; status: string; category: string | null },
): Promise<void> {
  await db.query(
    `update wa_template
        set meta_template_id = $3,
            status = case when status = 'PENDING' then $4 else status end,
            category = coalesce($5, category), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [scope.tenantId, id, submitted.metaTemplateId, submitted.status, submitted.category],
  );
}

/**
 * Marks DELETED the template `id`, or, with `allLanguages`, every template of its WABA with its
 * name (Meta deletes them all when no language is named); how many were live.
 */
export async function markTemplatesDeleted(db: Db, scope: Scope, id: string, allLanguages: boolean): Promise<number> {
  const { rowCount } = await db.query(
    `update wa_template t set status = 'DELETED', updated_at = now()
       from wa_template named
      where named.tenant_id = $1 and named.id = $2
        and t.tenant_id = named.tenant_id and t.waba_ref = named.waba_ref and t.status <> 'DELETED'
        and (t.id = named.id or ($3 and t.name = named.name))`,
    [scope.tenantId, id, allLanguages],
  );
  return rowCount ?? 0;
}

/** A template as Meta lists it, ready to store. */
export interface SyncedTemplate {
  meta_template_id: string;
  name: string;
  language: string;
  category: TemplateCategory;
  status: string;
  components: unknown[];
  rejected_reason: string | null;
  quality_score: string | null;
}

/** The database's time now: a sync notes it before it reads Meta's list (see storeSyncedTemplates). */
export async function databaseNow(db: Db): Promise<string> {
  const { rows } = await db.query<{ now: string }>('select clock_timestamp()::text as now');
  return (rows[0] as { now: string }).now;
}

/**
 * Stores a WABA's whole template list as Meta gave it, in one statement: new templates are added,
 * changed ones updated, and the WABA's templates missing from the list are marked DELETED, unless
 * they changed since `readSince` (a template submitted while the list was read is not gone).
 */
export async function storeSyncedTemplates(
  db: Db,
  scope: Scope,
  wabaRef: string,
  templates: SyncedTemplate[],
  readSince: string,
): Promise<{ added: number; updated: number; deleted: number }> {
  const { rows } = await db.query<{ added: number; updated: number; deleted: number }>(
    `with incoming as (
       select * from jsonb_to_recordset($3::jsonb) as x(meta_template_id text, name text, language text,
         category text, status text, components jsonb, rejected_reason text, quality_score text)
     ), stored as (
       insert into wa_template as t (tenant_id, waba_ref, meta_template_id, name, language, category, status,
                                     components, rejected_reason, quality_score)
       select $1, $2, meta_template_id, name, language, category, status, components, rejected_reason, quality_score
         from incoming
       on conflict (tenant_id, waba_ref, name, language) do update
          set meta_template_id = excluded.meta_template_id, category = excluded.category, status = excluded.status,
              components = excluded.components, rejected_reason = excluded.rejected_reason,
              quality_score = coalesce(excluded.quality_score, t.quality_score), updated_at = now()
        where (t.meta_template_id, t.category, t.status, t.components, t.rejected_reason)
              is distinct from
              (excluded.meta_template_id, excluded.category, excluded.status, excluded.components,
               excluded.rejected_reason)
           or excluded.quality_score is distinct from coalesce(t.quality_score, excluded.quality_score)
       returning (xmax = 0) as inserted
     ), gone as (
       update wa_template t set status = 'DELETED', updated_at = now()
        where t.tenant_id = $1 and t.waba_ref = $2 and t.status <> 'DELETED' and t.updated_at < $4::timestamptz
          and not exists (select 1 from incoming i where i.name = t.name and i.language = t.language)
       returning t.id
     )
     select (select count(*) from stored where inserted)::int as added,
            (select count(*) from stored where not inserted)::int as updated,
            (select count(*) from gone)::int as deleted`,
    [scope.tenantId, wabaRef, JSON.stringify(templates), readSince],
  );
  return rows[0] ?? { added: 0, updated: 0, deleted: 0 };
}
