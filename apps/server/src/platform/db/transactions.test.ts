import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { withRedoableTransaction, withTransaction } from './pool.js';

const t = useTestApp();

const synchronousCommit = async (client: {
  query: (sql: string) => Promise<{ rows: { synchronous_commit: string }[] }>;
}) => (await client.query('show synchronous_commit')).rows[0]?.synchronous_commit;

describe('transactions', () => {
  it('a redoable transaction commits without waiting for the disk, and only that transaction', async () => {
    // One connection whose sessions wait for the disk (the tests' databases do not, for speed).
    const pool = new pg.Pool({ ...t.pool.options, max: 1, options: '-c synchronous_commit=on' });
    try {
      expect(await withRedoableTransaction(pool, synchronousCommit)).toBe('off');
      expect(await withTransaction(pool, synchronousCommit)).toBe('on');
      expect(await synchronousCommit(pool)).toBe('on');
    } finally {
      await pool.end();
    }
  });

  it('rolls back on an error, redoable or not', async () => {
    await t.pool.query('create table if not exists transaction_probe (n int)');
    for (const run of [withTransaction, withRedoableTransaction]) {
      await expect(
        run(t.pool, async (client) => {
          await client.query('insert into transaction_probe values (1)');
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
    }
    const { rows } = await t.pool.query('select count(*)::int as n from transaction_probe');
    expect(rows[0].n).toBe(0);
  });
});
