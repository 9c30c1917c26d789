import type { JobRestart } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { requireCustomer } from './customer-details.js';
import { restartTenantJobs } from './job-restart-repository.js';

/** `auth/restart`: the customer's failed and stuck jobs run again (what each means: job-restart-repository.ts). */
export async function restartCustomerJobs(
  context: AppContext,
  scope: Scope,
  tenantId: string,
): Promise<z.output<typeof JobRestart>> {
  await requireCustomer(context.pool, scope, tenantId);
  return { tenant_id: tenantId, ...(await restartTenantJobs(context.pool, tenantId)) };
}
