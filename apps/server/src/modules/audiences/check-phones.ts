import type { PhoneCheck } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { knownCountry } from './add-audience.js';
import { contactStates } from './audience-check-repository.js';
import { checkPhone } from './phone-check.js';

/**
 * `data/check`: the list check for pasted numbers, answered at once, in the order given. What it
 * knows comes from the number's own metadata and the tenant's contacts: it never asks WhatsApp
 * whether a number uses it.
 */
export async function checkPhones(
  context: AppContext,
  scope: Scope,
  phones: string[],
  defaultCountry: string | null | undefined,
): Promise<PhoneCheck[]> {
  const country = knownCountry(defaultCountry, 'defaultCountry') ?? undefined;
  const verdicts = phones.map((phone) => ({ phone, verdict: checkPhone(phone, country) }));
  const numbers = verdicts.flatMap(({ verdict }) => (verdict.valid ? [verdict.waId] : []));
  const states = await contactStates(context.pool, scope.tenantId, numbers);
  return verdicts.map(({ phone, verdict }) => {
    if (!verdict.valid) {
      return {
        phone,
        valid: false,
        reason: verdict.reason,
        e164: null,
        country: null,
        type: null,
        contact: false,
        opted_out: false,
      };
    }
    const state = states.get(verdict.waId);
    return {
      phone,
      valid: true,
      reason: null,
      e164: `+${verdict.waId}`,
      country: verdict.country,
      type: verdict.type,
      contact: state?.live ?? false,
      opted_out: state?.optedOut ?? false,
    };
  });
}
