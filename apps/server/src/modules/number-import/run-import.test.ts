import type { TokenPair } from '@ws/contract';
import type { JobHelpers } from 'graphile-worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { numberImportJob } from './import-job.js';
import { RowsDeferred, runImport } from './run-import.js';
import { csvOf, rowOf, useImportWorld } from './test-support.js';

// No worker: the tests run the job's work themselves, as a worker would, crashes included. The
// cloud target points at a closed port, where every call fails as a Cloud API out of reach.
const world = useImportWorld({ cloudUrl: 'http://127.0.0.1:9' });
const t = world.app;
let owner: TokenPair;
beforeAll(async () => {
  owner = await t.registerOperator('runner');
});

async function upload(count: number, target = 'sandbox') {
  const numbers = await Promise.all(Array.from({ length: count }, () => world.newSandboxNumber()));
  const reply = await world.upload(
    owner.access_token,
    csvOf(numbers.map((number) => rowOf(number, 'batch'))),
    'run.csv',
    {
      target,
    },
  );
  return { importId: reply.body.data.import_id as string, numbers };
}

const state = async (importId: string) => {
  const { rows } = await t.pool.query(
    'select status, processed_rows, imported, skipped, failed, error from number_import where id = $1',
    [importId],
  );
  return rows[0];
};
const numbersOf = async (phoneNumberIds: string[]) => {
  const { rows } = await t.pool.query(
    'select phone_number_id, count(*)::int as n from wa_number where phone_number_id = any($1) group by 1',
    [phoneNumberIds],
  );
  return rows;
};

describe('runImport', () => {
  it('resumes after a chunk whose transaction died, importing no number twice', async () => {
    const { importId, numbers } = await upload(14);
    // Row 13 cannot be stored: the second chunk's transaction fails, as if the worker was killed.
    await t.pool.query(
      `update number_import_row set tags = array[repeat('x', 70)] where import_id = $1 and row_no = 13`,
      [importId],
    );
    await expect(runImport(t.context, owner.user_info.tenant_id, importId, false)).rejects.toThrow();
    expect(await state(importId)).toMatchObject({ status: 'running', processed_rows: 10, imported: 10 });
    expect(await numbersOf(numbers.map((number) => number.phone_number_id))).toHaveLength(10);

    await t.pool.query(`update number_import_row set tags = '{batch}' where import_id = $1 and row_no = 13`, [
      importId,
    ]);
    await runImport(t.context, owner.user_info.tenant_id, importId, false);
    expect(await state(importId)).toMatchObject({ status: 'done', processed_rows: 14, imported: 14, failed: 0 });
    const made = await numbersOf(numbers.map((number) => number.phone_number_id));
    expect(made).toHaveLength(14);
    expect(made.every((row) => row.n === 1)).toBe(true);
    const tag = await t.pool.query(
      "select count(*)::int as n from number_tag nt join tag g on g.tenant_id = nt.tenant_id and g.id = nt.tag_id where g.name = 'batch' and nt.tenant_id = $1",
      [owner.user_info.tenant_id],
    );
    expect(tag.rows[0].n).toBe(14);
    // Each committed chunk and the end told the tenant's admins and operators, the died chunk nothing.
    const told = await t.pool.query(
      `select payload, roles from realtime_event where tenant_id = $1 and type = 'import.progress' and payload->>'import_id' = $2
        order by id`,
      [owner.user_info.tenant_id, importId],
    );
    expect(told.rows.map((row) => [row.payload.status, row.payload.processed_rows])).toEqual([
      ['running', 10],
      ['running', 14],
      ['done', 14],
    ]);
    expect(told.rows[0].roles).toEqual(['admin', 'operator']);
  });

  it('lets two runs of one import race without doing anything twice', async () => {
    const { importId, numbers } = await upload(12);
    const tenantId = owner.user_info.tenant_id;
    await Promise.all([
      runImport(t.context, tenantId, importId, false),
      runImport(t.context, tenantId, importId, false),
    ]);
    expect(await state(importId)).toMatchObject({ status: 'done', processed_rows: 12, imported: 12, skipped: 0 });
    expect(await numbersOf(numbers.map((number) => number.phone_number_id))).toHaveLength(12);
  });

  it('keeps rows the Cloud API could not be reached for, until the last attempt fails them', async () => {
    const { importId } = await upload(2, 'cloud');
    const tenantId = owner.user_info.tenant_id;
    await expect(runImport(t.context, tenantId, importId, false)).rejects.toBeInstanceOf(RowsDeferred);
    expect(await state(importId)).toMatchObject({ status: 'running', processed_rows: 0 });
    await runImport(t.context, tenantId, importId, true);
    expect(await state(importId)).toMatchObject({ status: 'done', processed_rows: 2, failed: 2 });
    const progress = await t.post('/api/agent/importprogress', { token: owner.access_token, body: { importId } });
    expect(progress.body.data.problems[0]).toMatchObject({
      field: 'phone_number_id',
      message: expect.stringMatching(/^无法连接 WhatsApp Cloud API/),
    });
  });

  it('does nothing for an import that is finished or not the tenant’s', async () => {
    const { importId } = await upload(1);
    await runImport(t.context, owner.user_info.tenant_id, importId, false);
    await runImport(t.context, owner.user_info.tenant_id, importId, false);
    await runImport(t.context, 'another-tenant', importId, false);
    expect(await state(importId)).toMatchObject({ status: 'done', processed_rows: 1, imported: 1 });
  });

  it('marks the import stopped after the last attempt, saying so without the internals', async () => {
    const { importId } = await upload(1);
    await t.pool.query(`update number_import_row set tags = array[repeat('x', 70)] where import_id = $1`, [importId]);
    const tenantId = owner.user_info.tenant_id;
    const lastAttempt = { job: { attempts: 5, max_attempts: 5 } } as unknown as JobHelpers;
    await expect(numberImportJob.handle({ tenantId, importId }, lastAttempt, t.context)).rejects.toThrow();
    expect(await state(importId)).toMatchObject({ status: 'failed', processed_rows: 0 });
    const progress = await t.post('/api/agent/importprogress', { token: owner.access_token, body: { importId } });
    expect(progress.body.data).toMatchObject({ status: 'failed', error: expect.stringMatching(/^导入因内部错误中止/) });
    expect(progress.body.data.finished_at).not.toBeNull();
  });
});
