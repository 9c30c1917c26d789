import type { IpScope } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { errors } from '../../platform/http/errors.js';
import { PLATFORM_TENANT_ID } from '../../platform/tenants.js';

/** Whose IPs and groups a call works on, and what the caller may see of them. */
export interface IpOwner {
  /** The tenant the rows belong to: the platform's for system IPs, the caller's for own ones. */
  tenantId: string;
  scope: IpScope;
  /** Proxy user names and whether a password is set: hidden from operators looking at system IPs. */
  showCredentials: boolean;
  /** Counts only this tenant's numbers using an IP; undefined counts every tenant's (the platform admin). */
  numbersOf: string | undefined;
}

/**
 * Resolves a call's `scope`. System IPs and groups are the platform's: anyone may list them, only
 * the platform admin changes or checks them (403 for everyone else).
 */
export function ipOwner(caller: Scope, scope: IpScope, access: 'read' | 'write'): IpOwner {
  const admin = caller.role === 'admin';
  if (scope === 'system' && access === 'write' && !admin) throw errors.forbidden();
  const tenantId = scope === 'system' ? PLATFORM_TENANT_ID : caller.tenantId;
  // The platform's own IPs are the system IPs, whichever scope its admin names.
  const platform = tenantId === PLATFORM_TENANT_ID;
  return {
    tenantId,
    scope: platform ? 'system' : 'own',
    showCredentials: admin || !platform,
    // The platform admin's list counts the numbers of every tenant using a system IP.
    numbersOf: caller.acrossTenants && platform ? undefined : caller.tenantId,
  };
}
