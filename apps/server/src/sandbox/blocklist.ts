import { type BlockUserError, blockUserErrors } from './graph-errors.js';
import { windowOpen } from './limits.js';
import type { Sandbox } from './sandbox.js';
import type { SandboxCustomer, SandboxNumber } from './state.js';
import { customerByUserId } from './user-ids.js';

/** Meta's blocklist holds at most this many users per number. */
export const BLOCKLIST_LIMIT = 64_000;

/** Whether the number blocked this wa_id: it then neither sends to them nor hears from them. */
export function isBlocked(number: SandboxNumber, waId: string): boolean {
  return number.blockedUsers?.includes(waId) ?? false;
}

/** The customer a block request names: a phone number (any punctuation), a wa_id, or a BSUID of this account. */
function customerNamed(sandbox: Sandbox, number: SandboxNumber, input: string): SandboxCustomer | undefined {
  const byUserId = customerByUserId(sandbox.store, input, number.wabaId);
  if (byUserId) return byUserId;
  const digits = input.replace(/\D/g, '');
  if (!/^\+?[\d\s().-]+$/.test(input) || digits.length < 7) return undefined;
  return sandbox.store.customers.get(digits);
}

export interface BlockOutcome {
  input: string;
  waId?: string;
  error?: BlockUserError;
}

/**
 * Blocks one user, as Meta's rules allow: only a user who wrote to this number within 24 hours
 * (anyone else, or a number that is no WhatsApp user, is 131047), never the number itself, and
 * not past the blocklist's limit. Blocking a user already blocked changes nothing and succeeds.
 */
export function blockUser(sandbox: Sandbox, number: SandboxNumber, input: string): BlockOutcome {
  const digits = input.replace(/\D/g, '');
  if (digits === number.phone) return { input, waId: digits, error: blockUserErrors.selfBlock() };
  const customer = customerNamed(sandbox, number, input);
  if (!customer || !windowOpen(customer, number.id, sandbox.now())) {
    return { input, error: blockUserErrors.reengagement() };
  }
  const blocked = number.blockedUsers ?? [];
  if (!blocked.includes(customer.waId)) {
    if (blocked.length >= BLOCKLIST_LIMIT) {
      return { input, waId: customer.waId, error: blockUserErrors.blocklistFull(BLOCKLIST_LIMIT) };
    }
    number.blockedUsers = [...blocked, customer.waId];
    sandbox.store.changed();
  }
  return { input, waId: customer.waId };
}

/**
 * Unblocks one user. Meta does not restrict unblocking to recent users; a user who is not on the
 * list is answered as removed, since the list then is as asked.
 */
export function unblockUser(sandbox: Sandbox, number: SandboxNumber, input: string): BlockOutcome {
  const customer = customerNamed(sandbox, number, input);
  const waId = customer?.waId ?? input.replace(/\D/g, '');
  if (!waId) return { input, error: blockUserErrors.reengagement() };
  if (number.blockedUsers?.includes(waId)) {
    number.blockedUsers = number.blockedUsers.filter((one) => one !== waId);
    sandbox.store.changed();
  }
  return { input, waId };
}
