import type { Db } from '../../platform/db/pool.js';
import { AppError } from '../../platform/http/errors.js';
import { selectMassAllowedLocked, selectTenantLimits, type TenantLimits } from './customer-settings-repository.js';

export { selectTenantLimits, type TenantLimits };

/** How many more contacts the tenant may hold: Infinity without a limit, 0 at or past it. */
export const contactRoom = (limits: TenantLimits): number =>
  limits.contactLimit === null ? Number.POSITIVE_INFINITY : Math.max(0, limits.contactLimit - limits.contacts);

/** A tenant at its contact limit (fanslimit) cannot add or import more: a 403 saying so, naming the field. */
export async function requireContactRoom(db: Db, tenantId: string, field: string): Promise<TenantLimits> {
  const limits = await selectTenantLimits(db, tenantId);
  if (contactRoom(limits) === 0) {
    throw new AppError('forbidden', {
      zh: `${field}: 联系人数量已达上限（${limits.contacts}/${limits.contactLimit}），无法再导入联系人，请联系平台管理员`,
      en: `${field}: the contact limit is reached (${limits.contacts} of ${limits.contactLimit}); no more contacts can be imported, ask the platform admin`,
    });
  }
  return limits;
}

/** Why a tenant's campaign cannot be added or started while the platform has turned them off. */
export const MASS_OFF = {
  zh: '群发已被平台管理员关闭，无法创建或启动群发任务',
  en: 'Campaigns are turned off for this account by the platform admin; none can be added or started',
};

/** Why a tenant's running campaign was held when the platform turned its campaigns off (decision 0032). */
export const MASS_OFF_HELD = {
  zh: '群发已被平台管理员关闭，任务已暂停，不再发送；重新开启后可继续',
  en: 'Campaigns were turned off for this account by the platform admin: this one is paused and sends nothing more; resume it once they are turned on again',
};

/**
 * Whether the platform lets the tenant run campaigns (mass). Inside a transaction that goes on to
 * set a campaign running, read under a share lock of the tenant's row: `auth/mass` turning it off
 * (under the row's update lock, holding the running campaigns) then waits for that transaction,
 * or that transaction waits for it and reads off.
 */
export async function massAllowed(db: Db, tenantId: string): Promise<boolean> {
  return selectMassAllowedLocked(db, tenantId);
}

/** A tenant whose campaigns the platform turned off (mass) cannot add or start one: a 403 saying so. */
export async function requireMassAllowed(db: Db, tenantId: string): Promise<void> {
  if (!(await massAllowed(db, tenantId))) throw new AppError('forbidden', MASS_OFF);
}
