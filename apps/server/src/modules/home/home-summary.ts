import type { HomeSummary } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { contactConsent, messagesToday, numbersByStatus } from './home-repository.js';

/** The caller's tenant's home page figures. */
export async function homeSummary(context: AppContext, caller: Scope): Promise<HomeSummary> {
  const [numbers, contacts, today] = await Promise.all([
    numbersByStatus(context.pool, caller.tenantId),
    contactConsent(context.pool, caller.tenantId),
    messagesToday(context.pool, caller.tenantId),
  ]);
  return {
    numbers_by_status: numbers,
    contacts: { total: contacts.total, opted_in: contacts.opted_in, opted_out: contacts.opted_out },
    messages_today: today,
  };
}
