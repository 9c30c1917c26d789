/**
 * Business-scoped user ids (BSUIDs) of sandbox customers. Meta gives every user one BSUID per
 * business portfolio; the sandbox treats each WABA as its own portfolio. A BSUID is the user's
 * country code, a dot and digits (`US.13491208655302741918`), made from the seed, the WABA and
 * the wa_id, so the same world gives the same ids; it is remembered on the customer, so a send
 * by BSUID finds them after a restart too.
 */
import { hash32, streamSeed } from './prng.js';
import type { SandboxCustomer } from './state.js';
import type { SandboxStore } from './store.js';

/** Calling codes of a few countries, longest first; other numbers are given US. */
const COUNTRIES: [string, string][] = [
  ['852', 'HK'],
  ['971', 'AE'],
  ['86', 'CN'],
  ['91', 'IN'],
  ['55', 'BR'],
  ['44', 'GB'],
  ['49', 'DE'],
  ['33', 'FR'],
  ['81', 'JP'],
  ['62', 'ID'],
  ['60', 'MY'],
  ['65', 'SG'],
  ['52', 'MX'],
  ['34', 'ES'],
  ['7', 'RU'],
  ['1', 'US'],
];

const countryOf = (waId: string): string => COUNTRIES.find(([code]) => waId.startsWith(code))?.[1] ?? 'US';

/** Whether webhooks name the customer by BSUID: customers with a username. */
export const hasUserId = (customer: SandboxCustomer): boolean => customer.username !== undefined;

/** The customer's BSUID for a WABA's portfolio, given out (and remembered) on first use. */
export function userIdOf(store: SandboxStore, customer: SandboxCustomer, wabaId: string): string {
  const known = customer.userIds?.[wabaId];
  if (known) return known;
  const key = `${wabaId}\u0000${customer.waId}`;
  const digits = [streamSeed(store.seed, key), hash32(key), streamSeed(store.seed, `${key}\u0000b`)]
    .map((part) => String(part >>> 0).padStart(10, '0'))
    .join('')
    .slice(0, 20);
  const userId = `${countryOf(customer.waId)}.${digits}`;
  customer.userIds = { ...customer.userIds, [wabaId]: userId };
  store.customersByUserId.set(userId, { customer, wabaId });
  store.changed();
  return userId;
}

/** The customer a BSUID names, when it was given for this WABA's portfolio. */
export function customerByUserId(store: SandboxStore, userId: string, wabaId: string): SandboxCustomer | undefined {
  const found = store.customersByUserId.get(userId);
  return found && found.wabaId === wabaId ? found.customer : undefined;
}
