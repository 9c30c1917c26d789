import { type CustomerDetails, CustomerFilter } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { walletInfo } from '../wallet/wallet-commands.js';
import { selectCustomers } from './customer-repository.js';
import { selectCustomerSettings, selectCustomerUsage } from './customer-settings-repository.js';

export const CUSTOMER_NOT_FOUND = { zh: 'tenantId: 客户', en: 'tenantId: Customer' };

/** A customer's settings, or a 404 naming tenantId (the platform's own tenant is never a customer). */
export async function requireCustomer(db: Db, scope: Scope, tenantId: string, options: { lock?: boolean } = {}) {
  const settings = await selectCustomerSettings(db, scope, tenantId, options);
  if (!settings) throw errors.notFound(CUSTOMER_NOT_FOUND);
  return settings;
}

/** `auth/getcustomer`: one customer as the list shows it, with its settings and usage from roll-ups. */
export async function customerDetails(context: AppContext, scope: Scope, tenantId: string): Promise<CustomerDetails> {
  const settings = await requireCustomer(context.pool, scope, tenantId);
  const { records } = await selectCustomers(context.pool, scope, CustomerFilter.parse({ filters: { tenantId } }));
  const customer = records[0];
  if (!customer) throw errors.notFound(CUSTOMER_NOT_FOUND);
  return {
    ...customer,
    ...settings,
    usage: await selectCustomerUsage(context.pool, tenantId),
    wallet: await walletInfo(context.pool, tenantId),
  };
}
