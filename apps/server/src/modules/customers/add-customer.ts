import type { CustomerDetails, NewCustomer } from '@ws/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password.js';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { createTenant } from '../auth/tenant-repository.js';
import { insertUser, roleIdOf } from '../users/user-repository.js';
import { customerDetails } from './customer-details.js';
import { updateCustomerSettings } from './customer-settings-repository.js';

/**
 * `auth/addcustomer`: a new tenant with its owner operator (who may run mass sends as a registered
 * operator does), its plan, expiry and limits, in one transaction. A taken user name is a 409
 * naming the field.
 */
export async function addCustomer(
  context: AppContext,
  scope: Scope,
  input: z.output<typeof NewCustomer>,
): Promise<CustomerDetails> {
  const passwordHash = await hashPassword(input.password);
  const tenantId = await withTransaction(context.pool, async (client) => {
    const tenant = await createTenant(client, input.username);
    const userId = await insertUser(client, {
      tenantId: tenant.id,
      username: input.username,
      passwordHash,
      nickname: input.nickname ?? input.username,
      deptId: tenant.deptId,
      roleId: await roleIdOf(client, 'operator'),
      mass: 1,
      isOwner: true,
      createdBy: scope.userId,
    });
    if (!userId) throw errors.conflict({ zh: 'username: 用户名已存在', en: 'username: this user name is taken' });
    await updateCustomerSettings(client, scope, tenant.id, {
      plan: input.plan,
      contactLimit: input.contactLimit,
      mass: input.mass,
      expiresInDays: input.days,
    });
    return tenant.id;
  });
  return customerDetails(context, scope, tenantId);
}
