import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numbersBatch } from './batch-result.js';
import { egressIpEnabled, setEgressIp } from './numbers-repository.js';

/**
 * Sets the egress proxy of the caller's numbers (null clears it): an enabled own IP or a system IP.
 * Another tenant's IP is "not found", exactly like one that does not exist.
 */
export async function setNumbersEgressIp(context: AppContext, scope: Scope, ids: string[], ipId: string | null) {
  if (ipId !== null) {
    const enabled = await egressIpEnabled(context.pool, scope, ipId);
    if (enabled === undefined) throw errors.notFound({ zh: 'ipId: IP', en: 'ipId: IP' });
    if (!enabled) throw errors.invalid('ipId', '该 IP 已停用', 'this IP is disabled');
  }
  return numbersBatch(await setEgressIp(context.pool, scope, ids, ipId));
}
