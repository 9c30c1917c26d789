/**
 * Migration 0041 moves the tenant's quick replies into the material library as text materials.
 * Its moving statements (from the file itself) run here against a `quick_reply` table made as
 * migration 0031 made it, inside a transaction that is rolled back.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();
const { a: operator } = useTenants(t, 'matermigr');

const migration = readFileSync(new URL('../../../migrations/0041_material_library.sql', import.meta.url), 'utf8');
const moving = migration.slice(migration.indexOf('insert into material (tenant_id, tp, title, body'));

describe('migration 0041', () => {
  it('turns each quick reply into a text material with its shortcut as title', async () => {
    expect(moving).toMatch(/drop table quick_reply;\s*$/);
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query(`create table quick_reply (
        tenant_id text not null, id bigint generated always as identity, shortcut text not null, text text not null,
        created_by bigint, created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
        primary key (tenant_id, id))`);
      await client.query(
        `insert into quick_reply (tenant_id, shortcut, text, created_by, updated_at)
         values ($1, 'hours', 'We open at 9.', $2, '2026-01-02T03:04:05Z'), ($1, '运费', '满 99 元包邮', null, now())`,
        [operator.tenantId, operator.userId],
      );
      await client.query(moving);
      const { rows } = await client.query(
        `select tp, title, body, owner_user_id::text, updated_at = '2026-01-02T03:04:05Z' as kept_time
           from material where tenant_id = $1 order by id`,
        [operator.tenantId],
      );
      expect(rows).toEqual([
        { tp: 'text', title: 'hours', body: 'We open at 9.', owner_user_id: operator.userId, kept_time: true },
        { tp: 'text', title: '运费', body: '满 99 元包邮', owner_user_id: null, kept_time: false },
      ]);
      const left = await client.query(`select to_regclass('quick_reply') as table`);
      expect(left.rows[0].table).toBeNull();
    } finally {
      await client.query('rollback');
      client.release();
    }
    const quick = await t.post('/api/quickreply/list', { token: operator.token, body: {} });
    expect(quick.body.data.records).toEqual([]);
  });
});
