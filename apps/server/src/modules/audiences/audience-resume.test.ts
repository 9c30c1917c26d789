import { describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { contactOf } from '../contacts/test-support.js';
import { checkList } from './check-list.js';
import { loadChunk } from './load-job.js';
import { csvFile, uploadList } from './test-support.js';

// No worker: the tests run the jobs' steps themselves, and stop them where a crash would.
const t = useTestApp();
const { a } = useTenants(t, 'resume');

/** 250 rows: valid numbers, repeats spread across chunks, invalid rows and an existing contact. */
function rows(): string[][] {
  const body = Array.from({ length: 250 }, (_, index) => {
    if (index % 17 === 0) return ['not a number', `r${index}`];
    // Every 5th row repeats a number 90 rows earlier, so repeats cross chunk boundaries.
    const n = index % 5 === 4 && index > 90 ? index - 90 : index;
    return [`+86138${String(10_000_000 + n).slice(-8)}`, `r${index}`];
  });
  return [['phone', 'name'], ...body];
}

async function queuedList(): Promise<string> {
  const reply = await uploadList(t, a.token, {
    file: { fileName: 'big.csv', content: csvFile(rows()) },
    mapping: { phone: 'phone', name: 'name' },
  });
  expect(reply.status).toBe(200);
  return reply.body.data.id;
}

async function storedRows(listId: string) {
  const { rows } = await t.pool.query(
    'select row_no::int, wa_id, outcome, reason from audience_row where list_id = $1 order by row_no',
    [listId],
  );
  return rows;
}

const countsOf = async (listId: string) =>
  (await t.pool.query('select counts, status from audience_list where id = $1', [listId])).rows[0];

describe('a check killed mid-file', () => {
  it('resumes after its last saved chunk: every row once, the same outcomes and counts as an uninterrupted check', async () => {
    await contactOf(t, a.tenantId, { waId: '8613810000010', name: 'Known' });
    const whole = await queuedList();
    await checkList(t.context, a.tenantId, whole, 1, { chunkRows: 1000 });

    const killed = await queuedList();
    let chunks = 0;
    const crash = () => {
      chunks += 1;
      if (chunks === 3) throw new Error('worker killed');
    };
    await expect(checkList(t.context, a.tenantId, killed, 1, { chunkRows: 40, afterChunk: crash })).rejects.toThrow(
      'worker killed',
    );
    expect((await storedRows(killed)).length).toBe(120);
    expect((await countsOf(killed)).status).toBe('running');
    await checkList(t.context, a.tenantId, killed, 1, { chunkRows: 40 });

    const expected = await storedRows(whole);
    expect(expected).toHaveLength(250);
    expect(await storedRows(killed)).toEqual(expected);
    expect(await countsOf(killed)).toEqual(await countsOf(whole));
    expect((await countsOf(whole)).counts).toMatchObject({ rows: 250, contact: 1, invalid: 15 });
    expect((await countsOf(whole)).counts.duplicate).toBeGreaterThan(10);
  });

  it('stops at its next chunk once a newer run of the list began, and writes nothing more', async () => {
    const listId = await queuedList();
    let chunks = 0;
    await checkList(t.context, a.tenantId, listId, 1, {
      chunkRows: 50,
      afterChunk: async () => {
        chunks += 1;
        const reply = await t.post('/api/data/run', { token: a.token, body: { id: listId } });
        expect(reply.status).toBe(200);
      },
    });
    expect(chunks).toBe(1);
    expect(await storedRows(listId)).toHaveLength(50);
    // The first run stored one chunk before the second run began; it stored nothing after.
    expect((await countsOf(listId)).status).toBe('queued');
    await checkList(t.context, a.tenantId, listId, 2, { chunkRows: 50 });
    expect(await storedRows(listId)).toHaveLength(250);
    expect((await countsOf(listId)).counts.rows).toBe(250);
  });
});

describe('a load killed mid-list', () => {
  it('resumes after its last saved chunk and loads each row once', async () => {
    const listId = await queuedList();
    await checkList(t.context, a.tenantId, listId, 1);
    const load = await t.post('/api/data/login', { token: a.token, body: { id: listId } });
    expect(load.status).toBe(200);
    const runNo = (await t.pool.query('select run_no from audience_list where id = $1', [listId])).rows[0].run_no;
    expect(await loadChunk(t.context, a.tenantId, listId, runNo, 30)).toBe(true);
    expect(await loadChunk(t.context, a.tenantId, listId, runNo, 30)).toBe(true);
    // The worker dies here; the job is retried and goes on from the saved cursor.
    while (await loadChunk(t.context, a.tenantId, listId, runNo, 30)) {
      // next chunk
    }
    const { rows: lists } = await t.pool.query(
      'select status, counts, loaded_rows::int, created_contacts::int, updated_contacts::int from audience_list where id = $1',
      [listId],
    );
    const list = lists[0];
    expect(list.status).toBe('loaded');
    expect(list.loaded_rows).toBe(list.counts.valid);
    expect(list.created_contacts + list.updated_contacts).toBe(list.counts.valid);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from contact c
        where c.tenant_id = $1 and c.wa_id in (select wa_id from audience_row where list_id = $2 and wa_id is not null)`,
      [a.tenantId, listId],
    );
    expect(rows[0].n).toBe(list.counts.valid);
  });
});
