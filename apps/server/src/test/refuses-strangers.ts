import type { CallDefinition } from '@ws/contract';
import { expect } from 'vitest';
import { type BadInput, expectBadInput } from './bad-input.js';
import type { Tenants } from './tenants.js';
import type { TestApp } from './test-app.js';

export interface StrangerCase {
  /** A body that passes validation (sent without a token and as a seat). */
  valid: () => object;
  /** Bodies the call refuses with a 400 naming the field. */
  bad?: readonly BadInput[];
  /** For a batch: a body naming only rows of other tenants or none at all, and the field its 404 names. */
  onlyStrangers?: { body: () => object; field: string };
}

/**
 * What every call of a module must refuse, checked the same way everywhere: no token is a 401; a
 * seat is a 403 when the call's `access` leaves seats out; bad bodies are a 400 naming the field;
 * and a batch that names only other tenants' (or unknown) rows is a 404 naming the field, exactly
 * like one unknown id. Tenant A's operator makes the calls.
 */
export async function refusesStrangers(
  t: TestApp,
  tenants: Tenants,
  call: CallDefinition,
  { valid, bad = [], onlyStrangers }: StrangerCase,
): Promise<void> {
  const send = (body: object, token?: string) =>
    call.method === 'GET'
      ? t.get(call.path, { token, query: body as Record<string, string> })
      : t.post(call.path, { token, body });
  expect((await send(valid())).status, 'without a token').toBe(401);
  const seatsAllowed = call.access === 'signed-in' || (Array.isArray(call.access) && call.access.includes('seat'));
  if (!seatsAllowed) expect((await send(valid(), tenants.seat.token)).status, 'as a seat').toBe(403);
  await expectBadInput((body) => send(body, tenants.a.token), bad);
  if (onlyStrangers) {
    const reply = await send(onlyStrangers.body(), tenants.a.token);
    expect(reply.status, 'naming only strangers').toBe(404);
    expect(reply.body.message).toMatch(new RegExp(`^${onlyStrangers.field}: `));
  }
}
