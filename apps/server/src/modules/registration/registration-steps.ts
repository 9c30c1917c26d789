/**
 * The Cloud API registration flow of a recorded number, each step with the number's own token:
 * request a code (SMS or voice), verify it, register with the two-step PIN, deregister. Meta is
 * the judge of every step (a wrong code or PIN comes back as its error); what Meta accepted is
 * then recorded on the number.
 */
import type { NumberRef, RegisterNumber, RegistrationNumber, RequestCode, VerifyCode } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import type { CloudApiClient } from '../../whatsapp/cloud-api/index.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import { targetOfBaseUrl } from '../../whatsapp/numbers/cloud-api-target.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { numberNotFound } from '../numbers/batch-result.js';
import {
  findRegistrationNumber,
  type RegistrationChange,
  recordRegistrationChange,
} from './registration-repository.js';

interface Step {
  /** The input field Meta's refusal is about, unless its code names another. */
  field: string;
  call(client: CloudApiClient, phoneNumberId: string): Promise<void>;
  change?: RegistrationChange;
  wakeSending?: boolean;
}

async function runStep(context: AppContext, caller: Scope, numberId: string, step: Step): Promise<RegistrationNumber> {
  // Deleted numbers (the recycle bin) are not found, like another tenant's.
  const loaded = await numberClient(context, caller.tenantId, numberId);
  if (!loaded) throw numberNotFound();
  try {
    await step.call(loaded.client, loaded.number.phoneNumberId);
  } catch (error) {
    throw cloudApiFailure(error, step.field, 'numberId', targetOfBaseUrl(context, loaded.number.apiBaseUrl));
  }
  if (step.change) {
    await recordRegistrationChange(context.pool, caller, numberId, step.change, step.wakeSending);
  }
  const recorded = await findRegistrationNumber(context.pool, caller, numberId);
  if (!recorded) throw numberNotFound();
  return recorded;
}

export function requestCode(context: AppContext, caller: Scope, input: RequestCode): Promise<RegistrationNumber> {
  return runStep(context, caller, input.numberId, {
    field: 'codeMethod',
    call: (client, id) => client.requestCode(id, { codeMethod: input.codeMethod, language: input.language }),
  });
}

export function verifyCode(context: AppContext, caller: Scope, input: VerifyCode): Promise<RegistrationNumber> {
  return runStep(context, caller, input.numberId, {
    field: 'code',
    call: (client, id) => client.verifyCode(id, input.code),
    change: { codeVerificationStatus: 'VERIFIED' },
  });
}

/** Registers the number; messages held while it was not registered may then go out. */
export function registerNumber(context: AppContext, caller: Scope, input: RegisterNumber): Promise<RegistrationNumber> {
  return runStep(context, caller, input.numberId, {
    field: 'pin',
    call: (client, id) => client.register(id, { pin: input.pin }),
    change: { status: 'CONNECTED' },
    wakeSending: true,
  });
}

/** Deregisters the number: Meta reports it DISCONNECTED, and the send rules hold its messages. */
export function deregisterNumber(context: AppContext, caller: Scope, input: NumberRef): Promise<RegistrationNumber> {
  return runStep(context, caller, input.numberId, {
    field: 'numberId',
    call: (client, id) => client.deregister(id),
    change: { status: 'DISCONNECTED' },
  });
}
