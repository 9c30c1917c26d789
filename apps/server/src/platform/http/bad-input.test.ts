import { allCalls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();

/** Bodies and query values that a careless or hostile client might send. */
const BAD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  {},
  { page: -1, pageSize: 'ten', username: { $ne: '' }, password: ['a'] },
  { userId: '1e3', taskId: '0x10', capType: null, count: 1e308, prefix: 'a'.repeat(10_000) },
  { nickname: '\u0000', username: "admin' --", password: 'x'.repeat(200), capId: 'not-a-uuid' },
  { taskId: '99999999999999999999', page: 2 ** 53, refresh_token: {} },
];
const BAD_QUERIES: Record<string, string>[] = [
  {},
  { userId: 'x' },
  { userId: '-1' },
  { userId: '18446744073709551616' },
  { refresh_token: '', grant_type: 'password' },
  { refresh_token: 'a'.repeat(600), grant_type: 'refresh_token', scope: 'nope' },
];

describe('bad input never breaks the server', () => {
  it('answers every call with a 4xx envelope, never a 500', async () => {
    const token = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
    for (const call of allCalls) {
      const attempts =
        call.method === 'GET'
          ? BAD_QUERIES.map((query) => t.get(call.path, { token, query }))
          : BAD_BODIES.map((body) =>
              t.app
                .inject({
                  method: 'POST',
                  url: call.path,
                  headers: { token, 'content-type': 'application/json' },
                  payload: JSON.stringify(body),
                })
                .then((response) => ({
                  status: response.statusCode,
                  body: call.file && response.statusCode === 200 ? response.body : response.json(),
                })),
            );
      for (const reply of await Promise.all(attempts)) {
        // A file call that accepted the input answers with the file, not the envelope.
        if (call.file && reply.status === 200) continue;
        expect(reply.status, `${call.method} ${call.path}: ${JSON.stringify(reply.body)}`).toBeLessThan(500);
        expect(typeof reply.body.code).toBe('number');
        expect(typeof reply.body.message).toBe('string');
      }
    }
  });
});
