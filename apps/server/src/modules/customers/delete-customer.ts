import type { CustomerDeletion, CustomerSettings } from '@ws/contract';
import type { z } from 'zod';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { enqueue } from '../../platform/queue/jobs.js';
import { disableTenant } from './customer-admin-repository.js';
import { customerDeleteJob } from './customer-delete-job.js';
import { requireCustomer } from './customer-details.js';

const DAY_MS = 86_400_000;

/**
 * `auth/deletecus`: the customer is disabled at once (every session ends, sign-in is refused) and
 * its deletion job queued for the end of the grace period, in one transaction. Asked again before
 * then, the time and the export are replaced (one job per tenant by its key).
 */
export function deleteCustomer(
  context: AppContext,
  scope: Scope,
  request: z.output<typeof CustomerDeletion>,
): Promise<z.output<typeof CustomerSettings>> {
  return withTransaction(context.pool, async (client) => {
    const before = await requireCustomer(client, scope, request.tenantId, { lock: true });
    if (before.state === 'deleting' || before.state === 'deleted') {
      throw errors.conflict({ zh: 'tenantId: 客户正在删除中', en: 'tenantId: the customer is being deleted' });
    }
    const deleteAfter = new Date(Date.now() + request.graceDays * DAY_MS);
    await disableTenant(client, request.tenantId, deleteAfter, request.exportData);
    await enqueue(
      client,
      customerDeleteJob,
      { tenantId: request.tenantId },
      { runAt: deleteAfter, jobKey: `customer_delete:${request.tenantId}` },
    );
    return requireCustomer(client, scope, request.tenantId);
  });
}
