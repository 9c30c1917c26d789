import { type IpCheckRequest, type IpCheckResult, type Language, proxyUrlOf } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { isoTimeOf } from '../../platform/db/sql-time.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { mapBounded } from '../../platform/map-bounded.js';
import { checkErrorText } from './check-errors.js';
import { type CheckOutcome, type IpToCheck, saveChecks, selectIpsToCheck } from './ip-repository.js';
import { IP } from './ip-rules.js';
import { ipOwner } from './ip-scope.js';
import { checkThroughProxy } from './proxy-check.js';

/** Checks at once at most; a batch of 50 dead proxies then takes about a minute, not eight. */
const CONCURRENT_CHECKS = 8;

/**
 * The health check: a request to the Cloud API base URL through each IP, its round trip or error
 * saved on the IP and answered per IP. IPs the caller does not have are left out; none at all is a 404.
 */
export async function checkEgressIps(
  context: AppContext,
  caller: Scope,
  input: IpCheckRequest,
  language: Language,
): Promise<IpCheckResult[]> {
  const owner = ipOwner(caller, input.scope, 'write');
  const ips = await selectIpsToCheck(context.pool, owner, input.ids);
  if (ips.length === 0) throw errors.notFound(IP);
  const target = context.whatsapp.apiBaseUrl;
  const check = async (ip: IpToCheck): Promise<CheckOutcome> => {
    const password = ip.password_encrypted ? context.whatsapp.tokenCipher.decrypt(ip.password_encrypted) : null;
    const result = await checkThroughProxy(proxyUrlOf({ ...ip, password }), target);
    return { id: ip.id, checkedAt: new Date(), ...result };
  };
  const outcomes = await mapBounded(ips, CONCURRENT_CHECKS, check);
  await saveChecks(context.pool, owner, outcomes);
  return outcomes.map(({ checkedAt, error, ...outcome }) => ({
    ...outcome,
    error: checkErrorText(error, language),
    checked_at: isoTimeOf(checkedAt),
  }));
}
