import type { ContactFilters } from '@ws/contract';
import { type Scope, scopeWhere } from '../../platform/auth/scope.js';
import { likePattern } from '../../platform/db/like-pattern.js';
import type { SqlValues } from '../../platform/db/sql-values.js';
import { caseless, hasTrigrams } from '../../platform/db/text-search.js';

/** Which contacts a list, count or export is about: the filters, plus the export's own choices. */
export interface ContactSelection {
  filters: ContactFilters;
  /** Only these contacts (an export of the selected rows). */
  ids?: readonly string[] | undefined;
  /** Only contacts of these numbers. */
  numberIds?: readonly string[] | undefined;
}

const WINDOW = `interval '24 hours'`;

/**
 * The where clause of the live contacts (alias `c`) in the scope that match the selection. Every
 * filter is one condition the list indexes of 0004/0008 serve, each ending in id desc: number,
 * owner, consent, source, and the tag through contact_tag's (tag_id, contact_id) index; the
 * planner picks one and checks the rest on the few rows a page needs.
 */
export function contactWhere(scope: Scope, selection: ContactSelection, sql: SqlValues): string {
  const conditions = [scopeWhere(scope, sql, { tenant: 'c.tenant_id', contactOwner: 'c.owner_user_id' })];
  conditions.push('c.deleted_at is null');
  const { filters } = selection;
  if (selection.ids) conditions.push(`c.id = any(${sql.add(selection.ids, 'bigint[]')})`);
  if (selection.numberIds) conditions.push(`c.number_id = any(${sql.add(selection.numberIds, 'bigint[]')})`);
  if (filters.numberId) conditions.push(`c.number_id = ${sql.add(filters.numberId, 'bigint')}`);
  if (filters.ownerUserId) conditions.push(`c.owner_user_id = ${sql.add(filters.ownerUserId, 'bigint')}`);
  if (filters.consent) conditions.push(`c.consent = ${sql.add(filters.consent, 'text')}`);
  if (filters.source) conditions.push(`c.opt_in_source = ${sql.add(filters.source, 'text')}`);
  if (filters.tagId) {
    conditions.push(
      `exists (select 1 from contact_tag ct where ct.tenant_id = c.tenant_id and ct.tag_id = ${sql.add(filters.tagId, 'bigint')} and ct.contact_id = c.id)`,
    );
  }
  if (filters.window === 'open') conditions.push(`c.last_inbound_at > now() - ${WINDOW}`);
  if (filters.window === 'closed') {
    conditions.push(`(c.last_inbound_at is null or c.last_inbound_at <= now() - ${WINDOW})`);
  }
  if (filters.search) conditions.push(searchCondition(filters.search, sql));
  return conditions.join(' and ');
}

/** The digits of a text that is a phone number (digits with + ( ) - or spaces), else undefined. */
const phoneDigits = (search: string): string | undefined => {
  const digits = search.replace(/[\s+()-]/g, '');
  return /^\d+$/.test(digits) ? digits : undefined;
};

/** A text shaped like a business-scoped user id (`US.1349…`, any case): searched for whole. */
const BSUID_LIKE = /^[A-Za-z]{2}\.(ent\.)?[A-Za-z0-9]+$/i;
/** Meta writes the country (and ENT) in capitals. */
const bsuidOf = (search: string) => search.replace(/^([A-Za-z]{2}\.)(ent\.)?/i, (prefix) => prefix.toUpperCase());

/** Digits in a row that belong to one phone number and few others: part of a number is typed. */
const RARE_DIGITS = 8;

/** Whether the search is a run of digits long enough to be rare by nature (see RARE_DIGITS). */
export const longDigitRun = (search: string): boolean => (phoneDigits(search)?.length ?? 0) >= RARE_DIGITS;

/**
 * A substring of the name or username, or a whole BSUID; plain digits match the name or the
 * wa_id, and a formatted phone number (+86 138…) the wa_id only. A text without cased letters
 * (digits, Chinese) matches with LIKE: the same rows as ILIKE, without lower-casing every name it
 * reads. Username and BSUID are null for most contacts, which costs the condition nothing there.
 */
export function searchCondition(search: string, sql: SqlValues): string {
  const digits = phoneDigits(search);
  const byName = () => {
    const pattern = sql.add(likePattern(search), 'text');
    const like = caseless(search) ? 'like' : 'ilike';
    const userId = BSUID_LIKE.test(search) ? ` or c.user_id = ${sql.add(bsuidOf(search), 'text')}` : '';
    return `(c.name ${like} ${pattern} or c.username ilike ${pattern}${userId})`;
  };
  if (!digits) return byName();
  const byPhone = `c.wa_id like ${sql.add(likePattern(digits), 'text')}`;
  return digits === search ? `(${byName()} or ${byPhone})` : byPhone;
}

/**
 * Whether the trigram indexes can find the search (`hasTrigrams`); a formatted phone number is
 * matched by its digits.
 */
export function trigramSearchable(search: string, unicode: boolean): boolean {
  const digits = phoneDigits(search);
  if (digits && digits !== search) return digits.length >= 3;
  return hasTrigrams(search, unicode);
}
