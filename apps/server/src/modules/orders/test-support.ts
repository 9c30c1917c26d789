import type { OrderRecord } from '@ws/contract';
import { expect } from 'vitest';
import type { SignedIn } from '../../test/tenants.js';
import type { TestApp } from '../../test/test-app.js';

/** Test data of the orders module, made through the calls. */

const HOUR = 3_600_000;

/** An order running from an hour ago for 30 days (unless told otherwise); its reply. */
export async function orderOf(t: TestApp, caller: SignedIn, fields: Record<string, unknown> = {}) {
  const reply = await t.post('/api/order/create', {
    token: caller.token,
    body: {
      name: 'Spring intake',
      totalAim: 100,
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
      ...fields,
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

/** A share of the order owned by the agent (or by a number: `{ ownerKind: 'number', numberId }`); its reply. */
export async function shareOf(t: TestApp, caller: SignedIn, orderId: string, fields: Record<string, unknown> = {}) {
  const reply = await t.post('/api/order/addshare', {
    token: caller.token,
    body: { orderId, ownerKind: 'agent', ownerUserId: caller.userId, aim: 10, ...fields },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

/** A manual detail; the reply. */
export function detailOf(t: TestApp, caller: SignedIn, shareId: string, contactId: string, fields: object = {}) {
  return t.post('/api/order/adddetail', { token: caller.token, body: { shareId, contactId, ...fields } });
}

/** The order's progress. */
export async function progressOf(t: TestApp, caller: SignedIn, id: string) {
  const reply = await t.post('/api/order/progress', { token: caller.token, body: { id } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

/** The order's records, newest first: their actions and data. */
export async function recordsOf(t: TestApp, caller: SignedIn, orderId: string) {
  const reply = await t.post('/api/order/records', { token: caller.token, body: { orderId, pageSize: 100 } });
  expect(reply.status).toBe(200);
  return reply.body.data.records as OrderRecord[];
}

/** The roll-up's counts of an order next to a count of its details, per period, share and day. */
export async function rollUpAndCount(t: TestApp, tenantId: string, orderId: string) {
  const query = (sql: string) =>
    t.pool
      .query<{ key: string; leads: number }>(sql, [tenantId, orderId])
      .then(({ rows }) => Object.fromEntries(rows.map((row) => [row.key, row.leads])));
  return {
    rollUp: await query(
      `select period || '/' || share_id || '/' || day as key, leads from intake_day
        where tenant_id = $1 and order_id = $2 and leads <> 0`,
    ),
    counted: await query(
      `select period || '/' || share_id || '/' || day as key, count(*)::int as leads from intake_detail
        where tenant_id = $1 and order_id = $2 group by period, share_id, day`,
    ),
  };
}
