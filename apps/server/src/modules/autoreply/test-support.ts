import { expect } from 'vitest';
import type { SignedIn } from '../../test/tenants.js';
import type { TestApp } from '../../test/test-app.js';

/** A call of this module as `user`, expected to succeed; its data. */
export async function ok(t: TestApp, user: SignedIn, path: string, body: object = {}) {
  const reply = await t.post(path, { token: user.token, body });
  expect(reply.status, `${path} ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data;
}

/** A text material of the tenant; its id. */
export async function textMaterial(t: TestApp, user: SignedIn, text: string): Promise<string> {
  const title = `m${Math.random().toString(36).slice(2, 10)}`;
  return (await ok(t, user, '/api/mater/add', { tp: 'text', title, text })).id;
}

/** A keyword rule of the tenant (exact "hello" unless told otherwise); the rule. */
export function addRule(t: TestApp, user: SignedIn, materialId: string, fields: object = {}) {
  return ok(t, user, '/api/keyword/add', {
    name: 'rule',
    keywords: ['hello'],
    matchMode: 'exact',
    materialId,
    ...fields,
  });
}

/** The local time `minutes` from now in the tenant's time zone, as HH:MM. */
export async function localClock(t: TestApp, tenantId: string, minutes: number): Promise<string> {
  const { rows } = await t.pool.query<{ clock: string }>(
    `select to_char((now() at time zone time_zone) + make_interval(mins => $2), 'HH24:MI') as clock from tenant where id = $1`,
    [tenantId, minutes],
  );
  return rows[0]?.clock as string;
}
