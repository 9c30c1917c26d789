import type { CreateSandboxRegistrationNumber, RegistrationNumber } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { prepareNumber } from '../registration/prepare-number.js';
import { sandboxFor, sandboxPhone } from './sandbox-access.js';

/**
 * A number added to a WABA but not registered, made in the sandbox and recorded through the
 * registration's own preparation (the same checks as a typed-in number), ready for its code.
 */
export async function createSandboxRegistrationNumber(
  context: AppContext,
  caller: Scope,
  input: CreateSandboxRegistrationNumber,
): Promise<RegistrationNumber> {
  const phone = sandboxPhone();
  const made = await sandboxFor(context)((sandbox) =>
    sandbox.createNumber({
      display_phone_number: `+${phone}`,
      verified_name: 'Sandbox Business',
      waba_name: 'Sandbox Business',
      throughput_level: input.throughput,
      messaging_limit_tier: input.tier,
      registered: false,
    }),
  );
  return prepareNumber(context, caller, {
    country: 'US',
    phone: `+${phone}`,
    phone_number_id: made.phone_number_id,
    waba_id: made.waba_id,
    token: made.access_token,
    target: 'sandbox',
  });
}
