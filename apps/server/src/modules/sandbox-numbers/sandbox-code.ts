import type { SandboxCode } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numberNotFound } from '../numbers/batch-result.js';
import { findRegistrationNumber } from '../registration/registration-repository.js';
import { sandboxFor } from './sandbox-access.js';

/**
 * The code the sandbox "texted" to one of the caller's numbers (the sandbox keeps it instead of
 * sending an SMS); null while none was requested or after the number was verified.
 */
export async function sandboxCode(context: AppContext, caller: Scope, numberId: string): Promise<SandboxCode> {
  const sandbox = sandboxFor(context);
  const number = await findRegistrationNumber(context.pool, caller, numberId);
  if (!number) throw numberNotFound();
  const found = (await sandbox((control) => control.numbers())).find(
    (entry) => entry.phone_number_id === number.phone_number_id,
  );
  if (!found) {
    throw errors.invalid('numberId', '该号码不在本地沙箱中', 'this number does not live in the local sandbox');
  }
  return { code: found.pending_code ?? null };
}
