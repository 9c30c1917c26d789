import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, seedContact } from '../../test/whatsapp-fixtures.js';

/**
 * contact_tag_names (migration 0013), the export's tag column, against the names computed from
 * contact_tag and tag after every kind of change, and when two transactions change one tenant's
 * tags at once.
 */
const t = useTestApp();
let tenantId: string;
let otherTenant: string;
const contacts: string[] = [];

async function addTag(tenant: string, name: string): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    "insert into tag (tenant_id, kind, name) values ($1, 'contact', $2) returning id::text",
    [tenant, name],
  );
  return rows[0]?.id as string;
}

const tag = (db: pg.Pool | pg.PoolClient, tenant: string, contactIds: readonly string[], tagId: string) =>
  db.query('insert into contact_tag (tenant_id, contact_id, tag_id) select $1, unnest($2::bigint[]), $3', [
    tenant,
    contactIds,
    tagId,
  ]);

/** What the table holds for the tenant, by contact id. */
async function stored(tenant = tenantId): Promise<Record<string, string>> {
  const { rows } = await t.pool.query<{ contact_id: string; names: string }>(
    'select contact_id::text, names from contact_tag_names where tenant_id = $1',
    [tenant],
  );
  return Object.fromEntries(rows.map((row) => [row.contact_id, row.names]));
}

/** The same, computed from scratch. */
async function computed(tenant = tenantId): Promise<Record<string, string>> {
  const { rows } = await t.pool.query<{ contact_id: string; names: string }>(
    `select ct.contact_id::text, string_agg(t.name, '; ' order by t.name, t.id) as names
       from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
      where ct.tenant_id = $1 group by ct.contact_id`,
    [tenant],
  );
  return Object.fromEntries(rows.map((row) => [row.contact_id, row.names]));
}

/** Waits until the backend is blocked on a lock, so the test knows the race is on. */
async function blockedOnLock(client: pg.PoolClient): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await t.pool.query("select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'", [
      pid,
    ]);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the second transaction never waited for the first');
}

/**
 * Two transactions at once: the first does its work and stays open; the second starts its own and
 * must wait for the first, which then commits, and so does the second.
 */
async function race(
  first: (client: pg.PoolClient) => Promise<unknown>,
  second: (client: pg.PoolClient) => Promise<unknown>,
): Promise<void> {
  const one = await t.pool.connect();
  const two = await t.pool.connect();
  try {
    await one.query('begin');
    await first(one);
    await two.query('begin');
    const secondDone = second(two).then(() => two.query('commit'));
    await blockedOnLock(two);
    await one.query('commit');
    await secondDone;
  } finally {
    one.release();
    two.release();
  }
}

beforeAll(async () => {
  tenantId = await createTenant(t.pool);
  otherTenant = await createTenant(t.pool);
  for (let i = 0; i < 4; i += 1) contacts.push(await seedContact(t.pool, tenantId, { waId: `1555300000${i}` }));
});

describe('contact_tag_names', () => {
  it('follows tagging, untagging, renames, tag deletion and contact deletion, tenant by tenant', async () => {
    const vip = await addTag(tenantId, 'VIP');
    const lead = await addTag(tenantId, 'lead');
    const cold = await addTag(tenantId, 'Cold');
    const [c0, c1, c2, c3] = contacts as [string, string, string, string];
    await tag(t.pool, tenantId, [c0, c1, c2], vip);
    await tag(t.pool, tenantId, [c0, c3], lead);
    await tag(t.pool, tenantId, [c0], cold);
    expect(await stored()).toEqual({ [c0]: 'Cold; VIP; lead', [c1]: 'VIP', [c2]: 'VIP', [c3]: 'lead' });

    const someone = await seedContact(t.pool, otherTenant, { waId: '15553000009' });
    await tag(t.pool, otherTenant, [someone], await addTag(otherTenant, 'VIP'));

    await t.pool.query('delete from contact_tag where tenant_id = $1 and contact_id = $2 and tag_id = $3', [
      tenantId,
      c3,
      lead,
    ]);
    await t.pool.query("update tag set name = 'A-list' where tenant_id = $1 and id = $2", [tenantId, vip]);
    // An update that renames nothing (colour, count) leaves the names as they are.
    await t.pool.query("update tag set color = 'red' where tenant_id = $1", [tenantId]);
    expect(await stored()).toEqual({ [c0]: 'A-list; Cold; lead', [c1]: 'A-list', [c2]: 'A-list' });

    await t.pool.query('delete from tag where tenant_id = $1 and id = $2', [tenantId, cold]);
    await t.pool.query('delete from contact_tag where tenant_id = $1 and contact_id = $2', [tenantId, c2]);
    expect(await stored()).toEqual({ [c0]: 'A-list; lead', [c1]: 'A-list' });
    expect(await stored()).toEqual(await computed());
    expect(await stored(otherTenant)).toEqual({ [someone]: 'VIP' });
  });

  it('keeps both tags when two transactions tag one contact at once', async () => {
    const contact = await seedContact(t.pool, tenantId, { waId: '15553000100' });
    const [first, second] = [await addTag(tenantId, 'first'), await addTag(tenantId, 'second')];
    await race(
      (one) => tag(one, tenantId, [contact], first),
      (two) => tag(two, tenantId, [contact], second),
    );
    expect((await stored())[contact]).toBe('first; second');
  });

  it('shows a rename made while a contact was being tagged with the renamed tag', async () => {
    const contact = await seedContact(t.pool, tenantId, { waId: '15553000101' });
    const renamed = await addTag(tenantId, 'before');
    await race(
      (tagging) => tag(tagging, tenantId, [contact], renamed),
      (renaming) =>
        renaming.query("update tag set name = 'after' where tenant_id = $1 and id = $2", [tenantId, renamed]),
    );
    expect((await stored())[contact]).toBe('after');
    expect(await stored()).toEqual(await computed());
  });
});
