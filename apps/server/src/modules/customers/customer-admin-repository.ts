import type { Db } from '../../platform/db/pool.js';

/** Sets the password of a tenant's owner and ends the owner's sessions; false when the tenant has no owner. */
export async function updateOwnerPassword(db: Db, tenantId: string, passwordHash: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'update app_user set password_hash = $2 where tenant_id = $1 and is_owner returning id',
    [tenantId, passwordHash],
  );
  const owner = rows[0];
  if (!owner) return false;
  await db.query(
    `update auth_session set revoked_at = now(), revoked_reason = 'password reset by the platform admin'
      where tenant_id = $1 and user_id = $2 and revoked_at is null`,
    [tenantId, owner.id],
  );
  return true;
}

/**
 * Disables a tenant for deletion: every session ends now (sign-in is refused from here on), and
 * its data is to be deleted at `deleteAfter`. Already disabled, only the time and the export change.
 */
export async function disableTenant(
  db: Db,
  tenantId: string,
  deleteAfter: Date,
  exportRequested: boolean,
): Promise<void> {
  await db.query(
    `update tenant set disabled_at = coalesce(disabled_at, now()), delete_after = $2, export_requested = $3
      where id = $1`,
    [tenantId, deleteAfter, exportRequested],
  );
  await db.query(
    `update auth_session set revoked_at = now(), revoked_reason = 'customer disabled'
      where tenant_id = $1 and revoked_at is null`,
    [tenantId],
  );
}
