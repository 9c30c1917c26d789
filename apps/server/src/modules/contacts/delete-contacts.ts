import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { softDeleteContacts } from './contact-repository.js';

/** Deletes the selected contacts of the tenant; ids of other tenants or already deleted are skipped. */
export function deleteContacts(context: AppContext, scope: Scope, ids: readonly string[]): Promise<number> {
  return softDeleteContacts(context.pool, scope, { ids });
}

/** Deletes every live contact owned by the given numbers of the tenant. */
export function clearNumbersContacts(context: AppContext, scope: Scope, numberIds: readonly string[]): Promise<number> {
  return softDeleteContacts(context.pool, scope, { numberIds });
}

const LISTED_IDS = 20;

/** An operation-log target: how many, and the first ids. */
export function describeIds(what: string, count: number, ids: readonly string[]): string {
  const listed = ids.slice(0, LISTED_IDS).join(',');
  const more = ids.length > LISTED_IDS ? `,… (${ids.length} ids)` : '';
  return `${count} ${what}: ${listed}${more}`;
}
