import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { withSavepoint, withTransaction } from './pool.js';

const t = useTestApp();

describe('withSavepoint', () => {
  it('undoes only the failed work on an expected error and keeps the transaction going', async () => {
    const kept = await withTransaction(t.pool, async (client) => {
      await client.query('create temporary table savepoint_probe (n int primary key) on commit drop');
      await client.query('insert into savepoint_probe values (1)');
      const answer = await withSavepoint(
        client,
        'probe',
        async () => {
          await client.query('insert into savepoint_probe values (2)');
          await client.query('insert into savepoint_probe values (1)');
          return 'done';
        },
        (error) => (error as { code?: string }).code === '23505',
        () => 'recovered',
      );
      expect(answer).toBe('recovered');
      const ok = await withSavepoint(
        client,
        'probe',
        async () => {
          await client.query('insert into savepoint_probe values (3)');
          return 'done';
        },
        () => true,
        () => 'recovered',
      );
      expect(ok).toBe('done');
      const { rows } = await client.query<{ n: number }>('select n from savepoint_probe order by n');
      return rows.map((row) => row.n);
    });
    expect(kept).toEqual([1, 3]);
  });

  it('throws an error it was not told to expect', async () => {
    await expect(
      withTransaction(t.pool, (client) =>
        withSavepoint(
          client,
          'probe',
          () => client.query('select 1 / 0'),
          () => false,
          () => {
            throw new Error('not recovered');
          },
        ),
      ),
    ).rejects.toMatchObject({ code: '22012' });
  });
});
