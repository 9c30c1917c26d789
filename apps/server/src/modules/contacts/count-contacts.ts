import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import {
  contactTagItemCount,
  contactTallyOfNumber,
  contactTallyTotal,
  countContactsUpTo,
} from './contact-list-repository.js';
import type { ContactSelection } from './contact-query.js';

export interface ContactTotal {
  total: number;
  /** Counting stopped at the cap: there are at least `total` contacts. */
  capped: boolean;
}

const activeFilters = (selection: ContactSelection): string[] => [
  ...Object.entries(selection.filters)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name]) => name),
  ...(selection.ids ? ['ids'] : []),
  ...(selection.numberIds ? ['numberIds'] : []),
];

/**
 * How many contacts match, without ever counting millions of rows:
 * - no filter: the sum of the tenant's contact_tally rows (live contacts per number, kept by
 *   statement triggers);
 * - only a number: that number's contact_tally row;
 * - only a tag: the tag's item_count (kept by triggers on contact_tag; deleting a contact
 *   removes its tags);
 * - anything else: the matching rows are counted up to `cap` + 1 through the same indexes the
 *   page uses, so the count costs at most what reading that many index entries costs; past the
 *   cap the total is a lower bound and `capped` says so.
 */
export async function countContacts(
  db: Db,
  scope: Scope,
  selection: ContactSelection,
  cap: number,
): Promise<ContactTotal> {
  const active = activeFilters(selection);
  const { filters } = selection;
  // The roll-ups count every contact of the tenant: a seat's own contacts are counted.
  const wholeTenant = scope.assignee === undefined && !scope.acrossTenants;
  if (wholeTenant && active.length === 0) return exact(await contactTallyTotal(db, scope));
  if (wholeTenant && active.length === 1 && filters.numberId) {
    return exact(await contactTallyOfNumber(db, scope, filters.numberId));
  }
  if (wholeTenant && active.length === 1 && filters.tagId) {
    return exact(await contactTagItemCount(db, scope, filters.tagId));
  }
  const counted = await countContactsUpTo(db, scope, selection, cap + 1);
  return { total: counted, capped: counted > cap };
}

const exact = (total: number): ContactTotal => ({ total, capped: false });
