import { type Access, allCalls, type CallDefinition, calls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { signedInUser, tenantOperator } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();

type Caller = 'admin' | 'operator' | 'seat' | 'no token';

/** What the contract's `access` promises a caller: 401 without a token, 403 for a role it does not list. */
function promised(access: Access, caller: Caller): 'refused 401' | 'refused 403' | 'let in' {
  if (access === 'public') return 'let in';
  if (caller === 'no token') return 'refused 401';
  if (access === 'signed-in') return 'let in';
  return access.includes(caller) ? 'let in' : 'refused 403';
}

/** What the server did: let in is any answer past the access check (a 200, or a 4xx about the input). */
const outcome = (status: number) =>
  status === 401 ? 'refused 401' : status === 403 ? 'refused 403' : status >= 500 ? `failed ${status}` : 'let in';

/**
 * Generated from the contract: every call, as every role and without a token, is answered exactly
 * as its `access` says. Empty input reaches the access check and stops at validation, so no call
 * changes anything that matters here; sign-out runs last, as it ends the session it is called with.
 */
describe('the permission table is the contract', () => {
  it('answers every call for admin, operator, seat and no token as its access says', async () => {
    const operator = await tenantOperator(t);
    const tokens: Record<Caller, string | undefined> = {
      admin: (await t.signIn('admin', ADMIN_PASSWORD)).access_token,
      operator: operator.token,
      seat: (await signedInUser(t, operator.tenantId, 'seat')).token,
      'no token': undefined,
    };
    const send = (call: CallDefinition, token: string | undefined) =>
      call.method === 'GET' ? t.get(call.path, { token, query: {} }) : t.post(call.path, { token, body: {} });
    const ordered = [...allCalls].sort((a, b) => Number(a === calls.logout) - Number(b === calls.logout));
    const wrong: string[] = [];
    for (const call of ordered) {
      for (const caller of Object.keys(tokens) as Caller[]) {
        const reply = await send(call, tokens[caller]);
        const expected = promised(call.access, caller);
        if (outcome(reply.status) !== expected) {
          wrong.push(`${call.method} ${call.path} as ${caller}: ${reply.status}, expected ${expected}`);
        }
      }
    }
    expect(ordered.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});
