import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import type { checkListInThread as CheckListInThread } from './check-thread.js';
import { csvFile, uploadList } from './test-support.js';

// Node 20 cannot load TypeScript in a worker thread, so the thread is tested from the build, which
// `npm test` makes first (run `npm run build` before running this file alone).
const BUILT = fileURLToPath(new URL('../../../dist/modules/audiences/check-thread.js', import.meta.url));

// No worker: the test runs the job's step itself, in the thread.
const t = useTestApp();
const { a } = useTenants(t, 'thread');

async function queuedList(rows: string[][]): Promise<string> {
  const reply = await uploadList(t, a.token, {
    file: { fileName: 'list.csv', content: csvFile([['phone', 'name'], ...rows]) },
    mapping: { phone: 'phone', name: 'name' },
    defaultCountry: 'CN',
  });
  expect(reply.status).toBe(200);
  return reply.body.data.id;
}

const listState = async (id: string) =>
  (await t.pool.query('select status, error, counts, read_rows::int from audience_list where id = $1', [id])).rows[0];

describe.skipIf(!existsSync(BUILT))('the check in its own thread', () => {
  const inThread = async (): Promise<typeof CheckListInThread> => (await import(BUILT)).checkListInThread;

  it('checks the list with its own connections: every row stored with its outcome, the list ready', async () => {
    // Without its entry beside it the built function would check inline: the thread must be there.
    expect(existsSync(path.join(path.dirname(BUILT), 'check-thread-entry.js'))).toBe(true);
    const id = await queuedList([
      ['+86 138 0013 8000', 'Ann'],
      ['13800138001', 'Bob'],
      ['+8613800138000', 'Ann again'],
      ['n/a', 'Nobody'],
    ]);
    await (await inThread())(t.context, a.tenantId, id, 1);
    const list = await listState(id);
    expect(list).toMatchObject({ status: 'ready', error: null, read_rows: 4 });
    expect(list.counts).toMatchObject({ rows: 4, valid: 2, duplicate: 1, invalid: 1, new: 2 });
    const { rows } = await t.pool.query('select wa_id, outcome from audience_row where list_id = $1 order by row_no', [
      id,
    ]);
    expect(rows).toEqual([
      { wa_id: '8613800138000', outcome: 'new' },
      { wa_id: '8613800138001', outcome: 'new' },
      { wa_id: '8613800138000', outcome: 'duplicate' },
      { wa_id: null, outcome: 'invalid' },
    ]);
  });

  it("passes the thread's failure on, so the job's attempt fails and is retried", async () => {
    const id = await queuedList([['+86 138 0013 8002', 'Cat']]);
    const { rows } = await t.pool.query('select file_path from audience_list where id = $1', [id]);
    await fs.rm(path.join(t.context.config.dataDir, 'audiences', rows[0].file_path));
    await expect((await inThread())(t.context, a.tenantId, id, 1)).rejects.toThrow(/ENOENT/);
    expect((await listState(id)).status).toBe('running');
  });
});
