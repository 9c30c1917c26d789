import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { batchResult } from './batch-result.js';
import { setEgressIp, usableEgressIp } from './numbers-repository.js';

/** Sets the egress proxy of the caller's numbers (null clears it): an enabled own IP or a system IP. */
export async function setNumbersEgressIp(context: AppContext, tenantId: string, ids: string[], ipId: string | null) {
  if (ipId !== null && !(await usableEgressIp(context.pool, tenantId, ipId))) {
    throw errors.invalid('ipId', 'IP 不存在或已停用', 'no such IP, or it is disabled');
  }
  return batchResult(await setEgressIp(context.pool, tenantId, ids, ipId));
}
