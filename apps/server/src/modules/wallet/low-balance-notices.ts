import type { Db } from '../../platform/db/pool.js';
import type { Publication } from '../../platform/realtime/publish.js';
import { claimLowBalanceNotices } from './balance-notice-repository.js';

/**
 * The `wallet.low_balance` events of the tenants whose available balance fell under their
 * threshold and who were not told since it was set or since their last top-up (each once); with
 * `sendsHeld`, those of a prepaid batch that could not be funded (always). One statement for the
 * batch's tenants; the caller publishes them in its transaction.
 */
export async function lowBalanceNotices(db: Db, tenantIds: readonly string[], sendsHeld = 0): Promise<Publication[]> {
  if (tenantIds.length === 0) return [];
  const notices = await claimLowBalanceNotices(db, [...new Set(tenantIds)], sendsHeld > 0);
  return notices.map((notice) => ({
    tenantId: notice.tenant_id,
    roles: ['admin' as const, 'operator' as const],
    event: {
      type: 'wallet.low_balance' as const,
      data: { available: notice.available, threshold: notice.threshold, sends_held: sendsHeld },
    },
  }));
}
