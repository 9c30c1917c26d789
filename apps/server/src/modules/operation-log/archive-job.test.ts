import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { archiveChunk, archiveDirectory, writeArchiveFile } from './archive-job.js';

const t = useTestApp();

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every entry line of every archive file (headers left out). */
async function archivedLines(): Promise<string[]> {
  const files = await filesUnder(archiveDirectory(t.context));
  const lines: string[] = [];
  for (const file of files)
    lines.push(
      ...gunzipSync(await readFile(file))
        .toString()
        .trim()
        .split('\r\n')
        .slice(1),
    );
  return lines;
}

const remaining = async () =>
  (
    await t.pool.query<{ target: string }>('select target from operation_log where tenant_id = $1 order by id', [
      '900001',
    ])
  ).rows.map((row) => row.target);

beforeAll(async () => {
  await t.pool.query('update operation_log_retention set days = 30');
  // Seven entries past the retention (oldest first: old-1 … old-7) and two within it.
  await t.pool.query(
    `insert into operation_log (tenant_id, username, action, target, address, created_at)
     select '900001', 'archiver', 'tag.add', 'old-' || n, inet '10.0.0.1', now() - interval '100 days' + n * interval '1 hour'
       from generate_series(1, 7) n
     union all
     select '900001', 'archiver', 'tag.add', 'new-' || n, inet '10.0.0.1', now() - n * interval '1 day'
       from generate_series(1, 2) n`,
  );
});

describe('the operation log archive job', () => {
  it('archives past the retention in chunks, once each, even when a chunk is redone after a crash', async () => {
    // A worker that dies after writing the first chunk's file, before its deletion commits.
    await expect(
      archiveChunk(t.context, 3, async (file, entries) => {
        await writeArchiveFile(file, entries);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await remaining()).toHaveLength(9);
    expect(await archivedLines()).toHaveLength(3);

    // The next run redoes that chunk into the same file, then goes on: 3 + 3 + 1.
    const more: boolean[] = [];
    for (let going = true; going; ) {
      going = await archiveChunk(t.context, 3);
      more.push(going);
    }
    expect(more).toEqual([true, true, false]);
    expect(await filesUnder(archiveDirectory(t.context))).toHaveLength(3);
    const lines = await archivedLines();
    expect(lines.map((line) => line.split(',')[6]).sort()).toEqual([
      'old-1',
      'old-2',
      'old-3',
      'old-4',
      'old-5',
      'old-6',
      'old-7',
    ]);
    expect(lines[0]).toMatch(/^900001,\d+,\d{4}-\d\d-\d\dT[\d:.]+Z,,archiver,tag\.add,old-\d,10\.0\.0\.1,$/);
    expect(await remaining()).toEqual(['new-1', 'new-2']);

    const retention = await t.pool.query('select archived, cursor_created_at, last_file from operation_log_retention');
    expect(retention.rows[0]).toMatchObject({ archived: '7' });
    expect(retention.rows[0].last_file).toMatch(/^operation-log-archive\/\d{4}-\d\d\/oplog-.*\.csv\.gz$/);

    // Nothing left: a run archives nothing and says so.
    expect(await archiveChunk(t.context, 3)).toBe(false);
    expect(await filesUnder(archiveDirectory(t.context))).toHaveLength(3);
  });
});
