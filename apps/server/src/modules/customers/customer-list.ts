import { type Page, toPage } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { type CustomerQuery, selectCustomers } from './customer-repository.js';

/** The platform's customers: the tenants it serves, with their owner (the platform admin's list). */
export async function listCustomers(context: AppContext, scope: Scope, query: CustomerQuery) {
  const { records, total } = await selectCustomers(context.pool, scope, query);
  return toPage(records, total, query) satisfies Page<(typeof records)[number]>;
}
