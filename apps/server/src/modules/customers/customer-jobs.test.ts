import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { contactOf, manyContacts } from '../contacts/test-support.js';
import { deleteCustomerData } from './customer-delete-job.js';
import { purgeChunk } from './message-purge-job.js';

const t = useTestApp();
const { a, b } = useTenants(t, 'cjob');
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
});

async function newCustomer(username: string): Promise<string> {
  const reply = await t.post('/api/auth/addcustomer', { token: admin, body: { username, password: 'job-pass-1234' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.tenant_id;
}

/** Messages of the tenant's number at these times (ISO), one each; their ids in the same order. */
async function messagesAt(tenantId: string, numberId: string, times: string[], status = 'received') {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into message (tenant_id, created_at, number_id, direction, type, body, status)
     select $1, at, $2, 'in', 'text', '{"text":{"body":"hi"}}', $4 from unnest($3::timestamptz[]) at
     returning id::text`,
    [tenantId, numberId, times, status],
  );
  return rows.map((row) => row.id);
}

async function tenantRowCounts(tenantId: string): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ table_name: string }>(
    `select c.relname as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
      where n.nspname = 'public' and c.relkind = 'r'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const count = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from only "${table_name}" where tenant_id = $1`,
      [tenantId],
    );
    if ((count.rows[0]?.n ?? 0) > 0) counts[table_name] = count.rows[0]?.n ?? 0;
  }
  return counts;
}

describe('the customer deletion job', () => {
  it('waits out the grace period, exports the contacts when asked, then deletes every row of the tenant only', async () => {
    const tenantId = await newCustomer('deleted_co');
    const numberId = await addNumber(t, tenantId);
    const tagId = await addTag(t, tenantId, 'VIP', 'contact');
    await contactOf(t, tenantId, { waId: '8613800990001', name: 'Exported Alice' });
    await manyContacts(t, tenantId, 20, { numberId, firstWaId: 4_600_000_000_000 });
    await t.pool.query(
      `insert into contact_tag (tenant_id, contact_id, tag_id) select tenant_id, id, $2 from contact where tenant_id = $1`,
      [tenantId, tagId],
    );
    await messagesAt(tenantId, numberId, ['2025-01-05T00:00:00Z', new Date().toISOString()]);
    const credit = await t.post('/api/auth/charge', {
      token: admin,
      body: { tenantId, amount: '12.50', requestId: `delete-test-${tenantId}` },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const bBefore = await tenantRowCounts(b.tenantId);

    const reply = await t.post('/api/auth/deletecus', {
      token: admin,
      body: { tenantId, graceDays: 1, exportData: true },
    });
    expect(reply.status).toBe(200);
    expect(await deleteCustomerData(t.context, tenantId), 'not due yet').toBe(false);
    expect(Object.keys(await tenantRowCounts(tenantId))).toContain('contact');

    await t.pool.query(`update tenant set delete_after = now() - interval '1 second' where id = $1`, [tenantId]);
    expect(await deleteCustomerData(t.context, tenantId, 7)).toBe(true);
    // Only the append-only wallet ledger is left (the money history), and the tenant row it needs.
    const left = await tenantRowCounts(tenantId);
    expect(Object.keys(left).sort()).toEqual(['ledger_account', 'ledger_transaction']);
    const tenant = await t.pool.query('select deleted_at is not null as deleted from tenant where id = $1', [tenantId]);
    expect(tenant.rows).toEqual([{ deleted: true }]);
    const balance = await t.pool.query<{ n: string }>(
      `select sum(e.amount)::text as n from ledger_entry e join ledger_transaction x on x.id = e.transaction_id
        where x.tenant_id = $1`,
      [tenantId],
    );
    expect(balance.rows[0]?.n).toBe('0');
    expect(await tenantRowCounts(b.tenantId)).toEqual(bBefore);

    const log = await t.pool.query<{ target: string }>(
      `select target from operation_log where tenant_id = '000000' and action = 'auth.deletecus' and target like $1`,
      [`${tenantId}:%`],
    );
    expect(log.rows).toHaveLength(1);
    const exported = readdirExport(tenantId);
    const csv = readFileSync(path.join(exported, 'contacts.csv'), 'utf8');
    expect(csv.startsWith('\uFEFFWhatsApp ID,')).toBe(true);
    expect(csv).toContain('Exported Alice');
    expect(csv.trim().split('\n')).toHaveLength(22);
    // A re-run (a retry after the deletion finished) finds nothing to do.
    expect(await deleteCustomerData(t.context, tenantId)).toBe(false);
  });
});

function readdirExport(tenantId: string): string {
  const root = path.join(t.context.config.dataDir, 'customer-exports');
  const folder = readdirSync(root).find((name) => name.startsWith(`${tenantId}-`));
  expect(folder).toBeDefined();
  const absolute = path.join(root, folder as string);
  expect(existsSync(absolute)).toBe(true);
  return absolute;
}

describe('auth/clearmsg and its job', () => {
  it('purges messages before the day in chunks, saving the cursor, leaving newer and queued ones and other tenants', async () => {
    const numberA = await addNumber(t, a.tenantId);
    const numberB = await addNumber(t, b.tenantId);
    const old = [
      '2025-03-01T10:00:00Z',
      '2025-03-15T10:00:00Z',
      '2025-06-01T10:00:00Z',
      '2025-12-31T23:59:59Z',
      '2026-01-01T00:00:00Z',
    ];
    const oldIds = await messagesAt(a.tenantId, numberA, old.slice(0, 4));
    const kept = await messagesAt(a.tenantId, numberA, [old[4] as string, new Date().toISOString()]);
    const queued = await messagesAt(a.tenantId, numberA, ['2025-02-01T00:00:00Z'], 'queued');
    const bIds = await messagesAt(b.tenantId, numberB, old.slice(0, 2));
    await t.pool.query(
      `insert into message_translation (tenant_id, message_id, message_created_at, conversation_id, language, status, text, provider)
       values ($1, $2, $3, 1, 'en', 'ok', 'hello', 'simulated')`,
      [a.tenantId, oldIds[0], old[0]],
    );

    const reply = await t.post('/api/auth/clearmsg', {
      token: admin,
      body: { tenantId: a.tenantId, before: '2026-01-01' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ status: 'running', deleted: 0, before: '2026-01-01T00:00:00.000000Z' });
    const runNo = reply.body.data.run_no;

    expect(await purgeChunk(t.context, a.tenantId, runNo, 3)).toBe(true);
    const cursor = await t.pool.query(
      'select deleted, cursor_id::text, status from message_purge where tenant_id = $1',
      [a.tenantId],
    );
    expect(cursor.rows[0]).toEqual({ deleted: '3', cursor_id: oldIds[2], status: 'running' });
    expect(await purgeChunk(t.context, a.tenantId, runNo, 3)).toBe(false);
    const done = await t.pool.query('select deleted, status from message_purge where tenant_id = $1', [a.tenantId]);
    expect(done.rows[0]).toEqual({ deleted: '4', status: 'done' });
    // Done: a re-run of the same job does nothing.
    expect(await purgeChunk(t.context, a.tenantId, runNo, 3)).toBe(false);

    const left = await t.pool.query<{ id: string }>(
      'select id::text from message where tenant_id = $1 order by created_at, id',
      [a.tenantId],
    );
    expect(left.rows.map((row) => row.id)).toEqual([...queued, ...kept]);
    const translations = await t.pool.query('select 1 from message_translation where tenant_id = $1', [a.tenantId]);
    expect(translations.rowCount).toBe(0);
    const others = await t.pool.query('select id::text from message where tenant_id = $1', [b.tenantId]);
    expect(others.rows.map((row) => row.id).sort()).toEqual([...bIds].sort());

    // Started again: a new run; the older run's job stops at its next chunk.
    const again = await t.post('/api/auth/clearmsg', {
      token: admin,
      body: { tenantId: a.tenantId, before: '2027-01-01' },
    });
    expect(again.body.data.run_no).toBe(runNo + 1);
    expect(await purgeChunk(t.context, a.tenantId, runNo, 3)).toBe(false);
    expect((await t.pool.query('select 1 from message where tenant_id = $1', [a.tenantId])).rowCount).toBe(3);
    const jobs = await t.pool.query(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = 'message_purge' and j.payload->>'tenantId' = $1 order by j.id`,
      [a.tenantId],
    );
    expect(jobs.rows.map((row) => row.payload)).toEqual([
      { tenantId: a.tenantId, runNo },
      { tenantId: a.tenantId, runNo: runNo + 1 },
    ]);
  });
});

describe('auth/restart', () => {
  it("runs the tenant's failed jobs again and unlocks those stuck past the age, leaving others alone", async () => {
    const add = (tenantId: string, key: string) =>
      t.pool.query<{ id: string }>(
        `select id::text from graphile_worker.add_job('inbox_translate', $1::json, max_attempts => 3, job_key => $2)`,
        [JSON.stringify({ tenantId, conversationIds: ['1'] }), key],
      );
    const failed = (await add(a.tenantId, 'restart-failed')).rows[0]?.id;
    const stuck = (await add(a.tenantId, 'restart-stuck')).rows[0]?.id;
    const fresh = (await add(a.tenantId, 'restart-fresh')).rows[0]?.id;
    const otherFailed = (await add(b.tenantId, 'restart-b')).rows[0]?.id;
    await t.pool.query(
      `update graphile_worker._private_jobs set attempts = 3, last_error = 'boom', run_at = now() + interval '1 day'
        where id = any($1::bigint[])`,
      [[failed, otherFailed]],
    );
    await t.pool.query(
      `update graphile_worker._private_jobs set locked_at = now() - interval '31 minutes', locked_by = 'gone-worker' where id = $1`,
      [stuck],
    );
    await t.pool.query(
      `update graphile_worker._private_jobs set locked_at = now() - interval '1 minute', locked_by = 'live-worker' where id = $1`,
      [fresh],
    );

    const reply = await t.get('/api/auth/restart', { token: admin, query: { tenantId: a.tenantId } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toEqual({ tenant_id: a.tenantId, failed: 1, stuck: 1 });
    const { rows } = await t.pool.query<{ id: string; attempts: number; locked: boolean; due: boolean }>(
      `select id::text, attempts, locked_at is not null as locked, run_at <= now() as due
         from graphile_worker._private_jobs where id = any($1::bigint[]) order by id`,
      [[failed, stuck, fresh, otherFailed]],
    );
    expect(rows).toEqual([
      { id: failed, attempts: 0, locked: false, due: true },
      { id: stuck, attempts: 0, locked: false, due: true },
      { id: fresh, attempts: 0, locked: true, due: true },
      { id: otherFailed, attempts: 3, locked: false, due: false },
    ]);
    const log = await t.pool.query(`select 1 from operation_log where action = 'auth.restart' and target = $1`, [
      a.tenantId,
    ]);
    expect(log.rowCount).toBe(1);
  });
});
