import type { ContactFilters, ContactRecord } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { PageSpan } from '../../platform/db/page-span.js';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { type ContactSelection, contactWhere, searchCondition } from './contact-query.js';

/** A contact as the list reads it; mapped to the contract's ContactRecord by the list. */
export interface ContactRow extends Omit<ContactRecord, 'number' | 'owner'> {
  number_id: string | null;
  number_phone: string | null;
  owner_id: string | null;
  owner_username: string | null;
  owner_nickname: string | null;
}

/**
 * One page of the live contacts in the scope that match the selection, newest first: the ids come
 * from one index-ordered query (`order by id desc limit/offset`), and only those are decorated.
 */
export async function selectContactPage(
  db: Db,
  scope: Scope,
  selection: ContactSelection,
  span: PageSpan,
): Promise<ContactRow[]> {
  const sql = new BoundValues();
  const where = contactWhere(scope, selection, sql);
  const limit = sql.add(span.limit, 'int');
  const skip = sql.add(span.offset, 'int');
  const { rows } = await db.query<ContactRow>(
    decorated(`select c.id from contact c where ${where} order by c.id desc limit ${limit} offset ${skip}`),
    sql.values,
  );
  return rows;
}

/** The tenant's contacts with these ids (a search's page), newest first. */
export async function selectContactsByIds(db: Db, scope: Scope, ids: readonly string[]): Promise<ContactRow[]> {
  const { rows } = await db.query<ContactRow>(decorated('select unnest($2::bigint[]) as id'), [scope.tenantId, ids]);
  return rows;
}

/** The contacts whose ids `pageIds` selects (its $1 is the tenant: scopeWhere binds it first), with their number, owner and tags. */
const decorated = (pageIds: string) =>
  `with page as (${pageIds})
   select c.id, c.wa_id, c.user_id, c.username, c.name, c.consent, c.opt_in_source, c.opt_in_evidence,
          ${isoTime('c.opted_in_at')} as opted_in_at, ${isoTime('c.opted_out_at')} as opted_out_at,
          c.opt_out_channel, ${isoTime('c.last_inbound_at')} as last_inbound_at,
          ${isoTime('c.last_message_at')} as last_message_at,
          coalesce(c.last_inbound_at > now() - interval '24 hours', false) as window_open,
          case when c.last_inbound_at > now() - interval '24 hours'
               then ${isoTime(`c.last_inbound_at + interval '24 hours'`)} end as window_closes_at,
          ${isoTime('c.created_at')} as created_at,
          n.id as number_id, n.phone as number_phone,
          u.id as owner_id, u.username as owner_username, u.nickname as owner_nickname,
          coalesce((select json_agg(json_build_object('id', t.id::text, 'name', t.name, 'color', t.color)
                                    order by t.name, t.id)
                      from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
                     where ct.tenant_id = c.tenant_id and ct.contact_id = c.id), '[]') as tags
     from page p
     join contact c on c.tenant_id = $1 and c.id = p.id
     left join wa_number n on n.tenant_id = c.tenant_id and n.id = c.number_id
     left join app_user u on u.tenant_id = c.tenant_id and u.id = c.owner_user_id
    order by c.id desc`;

/** The tenant's live contacts, summed from its contact_tally rows. */
export function contactTallyTotal(db: Db, scope: Scope): Promise<number> {
  return count(db, 'select coalesce(sum(contacts), 0)::bigint as n from contact_tally where tenant_id = $1', [
    scope.tenantId,
  ]);
}

/** The live contacts of one number of the tenant, from its contact_tally row (0 without one). */
export function contactTallyOfNumber(db: Db, scope: Scope, numberId: string): Promise<number> {
  return count(db, 'select contacts as n from contact_tally where tenant_id = $1 and number_id = $2', [
    scope.tenantId,
    numberId,
  ]);
}

/** The contacts tagged with one contact tag of the tenant, from its item_count (0 for no such tag). */
export function contactTagItemCount(db: Db, scope: Scope, tagId: string): Promise<number> {
  return count(db, `select item_count as n from tag where tenant_id = $1 and id = $2 and kind = 'contact'`, [
    scope.tenantId,
    tagId,
  ]);
}

async function count(db: Db, text: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(text, values);
  return Number(rows[0]?.n ?? 0);
}

/** How many live contacts in the scope match the selection, counting no further than `limit`. */
export async function countContactsUpTo(
  db: Db,
  scope: Scope,
  selection: ContactSelection,
  limit: number,
): Promise<number> {
  const sql = new BoundValues();
  const where = contactWhere(scope, selection, sql);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from contact c where ${where} limit ${sql.add(String(limit), 'bigint')}) m`,
    sql.values,
  );
  return rows[0]?.n ?? 0;
}

/** The filters of a search: a name or phone substring, and the list's other filters. */
export type SearchFilters = ContactFilters & { search: string };

/** Every contact the search matches, from the trigram indexes: how many, and the ids of one page of them. */
export async function selectSearchMatches(
  db: Db,
  scope: Scope,
  filters: SearchFilters,
  span: PageSpan,
): Promise<{ total: number; ids: string[] }> {
  const sql = new BoundValues();
  const where = contactWhere(scope, { filters }, sql);
  const { rows } = await db.query<{ total: number; ids: string[] }>(
    `with hits as materialized (select c.id from contact c where ${where})
     select (select count(*)::int from hits) as total,
            coalesce((select array_agg(p.id order by p.id desc)
                        from (select id from hits order by id desc
                               limit ${sql.add(String(span.limit), 'bigint')}
                              offset ${sql.add(String(span.offset), 'bigint')}) p),
                     '{}') as ids`,
    sql.values,
  );
  return rows[0] ?? { total: 0, ids: [] };
}

/** What one window of a search read: how many it matched and scanned, one page of the matches, its oldest id. */
export interface SearchWindowRow {
  hits: number;
  scanned: number;
  ids: string[];
  last_id: string | null;
}

/**
 * The newest `window` contacts (older than `before`) that pass the filters other than the search,
 * in index order, matched against the search there.
 */
export async function selectSearchWindow(
  db: Db,
  scope: Scope,
  filters: SearchFilters,
  span: PageSpan,
  window: number,
  before: string | undefined,
): Promise<SearchWindowRow | undefined> {
  const sql = new BoundValues();
  const others = contactWhere(scope, { filters: { ...filters, search: undefined } }, sql);
  const older = before === undefined ? '' : ` and c.id < ${sql.add(before, 'bigint')}`;
  const hit = searchCondition(filters.search, sql);
  const first = sql.add(String(span.offset + 1), 'bigint');
  const last = sql.add(String(span.offset + span.limit), 'bigint');
  const { rows } = await db.query<SearchWindowRow>(
    `select count(*) filter (where s.hit)::int as hits, count(*)::int as scanned, min(s.id) as last_id,
            coalesce((array_agg(s.id order by s.id desc) filter (where s.hit))[${first} : ${last}], '{}') as ids
       from (select c.id, ${hit} as hit from contact c where ${others}${older}
              order by c.id desc limit ${sql.add(String(window), 'bigint')}) s`,
    sql.values,
  );
  return rows[0];
}
