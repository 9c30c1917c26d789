import { z } from 'zod';
import { graphErrors } from '../graph-errors.js';
import { parseGraphInput } from '../graph-input.js';
import { callFields, type GraphCall, type GraphRoutes } from '../graph-router.js';
import type { SandboxNumber } from '../state.js';

const pin = z.string().regex(/^\d{6}$/, 'must be 6 digits');

const RequestCodeSchema = z.looseObject({
  code_method: z.enum(['SMS', 'VOICE']),
  language: z.string().min(2).max(10),
});
const VerifyCodeSchema = z.looseObject({ code: z.string().regex(/^\d{6}$/, 'must be the 6-digit code') });
const RegisterSchema = z.looseObject({ messaging_product: z.literal('whatsapp'), pin });
const SetPinSchema = z.looseObject({ pin });

type NumberCall = GraphCall<{ kind: 'number'; id: string; number: SandboxNumber }>;

/** Meta's limit on `register` and `deregister` together: 10 calls per number in a sliding 72 hours. */
export const REGISTRATION_ATTEMPTS = { max: 10, windowMs: 72 * 3_600_000 };

/** Counts a register or deregister call on the sandbox's clock; the eleventh within 72 hours is 133016. */
function countRegistrationAttempt(call: NumberCall): void {
  const { number } = call.object;
  const now = call.sandbox.now();
  const recent = (number.registrationAttempts ?? []).filter((at) => at > now - REGISTRATION_ATTEMPTS.windowMs);
  number.registrationAttempts = recent;
  if (recent.length >= REGISTRATION_ATTEMPTS.max) throw graphErrors.registrationRateLimit();
  recent.push(now);
  call.sandbox.store.changed();
}

function changed(call: NumberCall) {
  call.sandbox.store.changed();
  return { success: true };
}

/**
 * The registration flow of a number the business owns: request a code (the sandbox shows it in
 * `GET /_sandbox/numbers` as `pending_code` instead of texting it), verify it, register with a
 * two-step PIN, deregister (these two at most 10 times per number in 72 hours, as at Meta).
 */
export const registrationRoutes: GraphRoutes = {
  number: {
    'POST request_code': (call) => {
      parseGraphInput(RequestCodeSchema, callFields(call));
      call.object.number.pendingCode = call.sandbox.store.digits(6);
      return changed(call);
    },
    'POST verify_code': (call) => {
      const { code } = parseGraphInput(VerifyCodeSchema, callFields(call));
      const { number } = call.object;
      if (!number.pendingCode || number.pendingCode !== code) throw graphErrors.verifyCodeMismatch();
      number.pendingCode = null;
      number.codeVerificationStatus = 'VERIFIED';
      return changed(call);
    },
    'POST register': (call) => {
      const input = parseGraphInput(RegisterSchema, callFields(call));
      countRegistrationAttempt(call);
      const { number } = call.object;
      if (number.pin !== null && number.pin !== input.pin) throw graphErrors.pinMismatch();
      number.pin = input.pin;
      number.registered = true;
      number.status = 'CONNECTED';
      return changed(call);
    },
    'POST deregister': (call) => {
      countRegistrationAttempt(call);
      const { number } = call.object;
      number.registered = false;
      number.status = 'DISCONNECTED';
      return changed(call);
    },
    /** Setting the two-step verification PIN. */
    'POST ': (call) => {
      call.object.number.pin = parseGraphInput(SetPinSchema, callFields(call)).pin;
      return changed(call);
    },
  },
};
