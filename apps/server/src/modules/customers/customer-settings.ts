import type { CustomerSettings } from '@ws/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password.js';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { holdRunningCampaigns } from '../campaigns/hold-running-campaigns.js';
import { updateOwnerPassword } from './customer-admin-repository.js';
import { CUSTOMER_NOT_FOUND, requireCustomer } from './customer-details.js';
import {
  type SettingsChange,
  translateEveryConversation,
  updateCustomerSettings,
} from './customer-settings-repository.js';

type Settings = z.output<typeof CustomerSettings>;

/**
 * `fanslimit`, `mass`, `acctype`, `renew`, `setforce`, `setreadgm`: one change of a customer's
 * settings under its row lock; a tenant being deleted takes no more changes (409). Mass off holds
 * the tenant's running campaigns and their queued messages in the same transaction.
 */
export async function changeCustomer(
  context: AppContext,
  scope: Scope,
  tenantId: string,
  change: SettingsChange,
): Promise<Settings> {
  return (await changeCustomerHolding(context, scope, tenantId, change)).settings;
}

/** `changeCustomer`, answering also the running campaigns it held (mass off), for the operation log. */
export async function changeCustomerHolding(
  context: AppContext,
  scope: Scope,
  tenantId: string,
  change: SettingsChange,
): Promise<{ settings: Settings; held: string[] }> {
  return withTransaction(context.pool, async (client) => {
    const before = await requireCustomer(client, scope, tenantId, { lock: true });
    if (before.state !== 'active') {
      throw errors.conflict({
        zh: 'tenantId: 客户已停用，等待删除',
        en: 'tenantId: the customer is disabled and waiting for its deletion',
      });
    }
    const after = await updateCustomerSettings(client, scope, tenantId, change);
    if (!after) throw errors.notFound(CUSTOMER_NOT_FOUND);
    if (change.forceTranslate && !before.force_translate) await translateEveryConversation(client, tenantId);
    // Mass off stops what runs too, not only new starts (decision 0032).
    return { settings: after, held: change.mass === false ? await holdRunningCampaigns(client, tenantId) : [] };
  });
}

/** `auth/resetpassword`: the owner's new password; the owner's sessions end. */
export async function resetCustomerPassword(context: AppContext, scope: Scope, tenantId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await withTransaction(context.pool, async (client) => {
    await requireCustomer(client, scope, tenantId, { lock: true });
    if (!(await updateOwnerPassword(client, tenantId, passwordHash))) throw errors.notFound(CUSTOMER_NOT_FOUND);
  });
  return null;
}
