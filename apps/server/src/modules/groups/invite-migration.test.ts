/**
 * Migration 0055: invites go as Meta's group-invite template (a body variable's `group_id`), so a
 * task whose link went into a URL button's variable is stopped with the reason; others are left
 * alone. Its statement (from the file itself) runs here inside a transaction that is rolled back.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();
const { a: operator } = useTenants(t, 'pullmigr');

const migration = readFileSync(
  new URL('../../../migrations/0055_pull_group_invite_by_group_id.sql', import.meta.url),
  'utf8',
);

describe('migration 0055', () => {
  it('stops the unfinished tasks whose invite variable is a button’s, with the reason, and keeps the others', async () => {
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      const task = (name: string, status: string, inviteVariable: string) =>
        client.query(
          `insert into pull_group_task (tenant_id, name, subject_pattern, status, number_ids, audience, content,
                                        template_id, invites_per_group)
           values ($1, $2, 'Club {n}', $3, '{1}', '{}', $4, 1, 24)`,
          [operator.tenantId, name, status, { kind: 'template', templateId: '1', variables: {}, inviteVariable }],
        );
      await task('button running', 'running', 'button.0.1');
      await task('button draft', 'draft', 'button.1.1');
      await task('button completed', 'completed', 'button.0.1');
      await task('body running', 'running', 'body.1');
      await client.query(migration);
      const { rows } = await client.query(
        `select name, status, finished_at is not null as finished, last_error
           from pull_group_task where tenant_id = $1 order by id`,
        [operator.tenantId],
      );
      expect(rows).toEqual([
        { name: 'button running', status: 'stopped', finished: true, last_error: expect.stringMatching(/group_id/) },
        { name: 'button draft', status: 'stopped', finished: true, last_error: expect.stringMatching(/新建任务/) },
        { name: 'button completed', status: 'completed', finished: false, last_error: null },
        { name: 'body running', status: 'running', finished: false, last_error: null },
      ]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
