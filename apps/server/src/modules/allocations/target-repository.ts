import type { ShareTarget } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';

/**
 * Whether every target is the caller's: numbers live numbers of the tenant, agents its users.
 * Locks them against deletion until commit.
 */
export async function lockTargets(
  client: pg.PoolClient,
  scope: Scope,
  targets: { target: ShareTarget; targetId: string }[],
): Promise<boolean> {
  const numbers = targets.filter((t) => t.target === 'number').map((t) => t.targetId);
  const agents = targets.filter((t) => t.target === 'agent').map((t) => t.targetId);
  const foundNumbers = await client.query(
    'select id from wa_number where tenant_id = $1 and id = any($2::bigint[]) and deleted_at is null for share',
    [scope.tenantId, numbers],
  );
  const foundAgents = await client.query(
    'select id from app_user where tenant_id = $1 and id = any($2::bigint[]) for share',
    [scope.tenantId, agents],
  );
  return foundNumbers.rowCount === numbers.length && foundAgents.rowCount === agents.length;
}
