import type { BatchReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { anyNumberOf, softDeleteContacts } from './contact-repository.js';

/** A contacts batch none of whose contacts is the caller's. */
export const CONTACT_IDS = { zh: 'ids: 联系人', en: 'ids: Contact' };
export const noneOfTheNumbers = (field: string) => errors.notFound({ zh: `${field}: 号码`, en: `${field}: Number` });

/** Deletes the selected contacts in the scope; ids of other tenants or already deleted are skipped (404 when all are). */
export async function deleteContacts(context: AppContext, scope: Scope, ids: readonly string[]): Promise<BatchReply> {
  return batchReply(await softDeleteContacts(context.pool, scope, { ids }), CONTACT_IDS);
}

/**
 * Deletes every live contact owned by the given numbers. None of the numbers being the tenant's is
 * a 404; numbers that have no contacts left are not an error (a count of 0).
 */
export async function clearNumbersContacts(
  context: AppContext,
  scope: Scope,
  numberIds: readonly string[],
): Promise<BatchReply> {
  if (!(await anyNumberOf(context.pool, scope, numberIds))) throw noneOfTheNumbers('numberIds');
  return { count: await softDeleteContacts(context.pool, scope, { numberIds }) };
}

const LISTED_IDS = 20;

/** An operation-log target: how many, and the first ids. */
export function describeIds(what: string, count: number, ids: readonly string[]): string {
  const listed = ids.slice(0, LISTED_IDS).join(',');
  const more = ids.length > LISTED_IDS ? `,… (${ids.length} ids)` : '';
  return `${count} ${what}: ${listed}${more}`;
}
