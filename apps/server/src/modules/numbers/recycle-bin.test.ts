import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { queueTemplate, seedContact, seedTemplate } from '../../test/whatsapp-fixtures.js';
import { listen } from '../../whatsapp/webhooks/test-support.js';
import { purgeRecycledNumbersJob } from './purge-job.js';
import { ok } from './test-support.js';

const t = useTestApp();
const { a, b, seat } = useTenants(t);

const listIds = async (token: string, body: unknown = {}) =>
  ((await ok(t, '/api/agent/list', token, body)).records as { id: string }[]).map((record) => record.id);
const binIds = async (token: string, body: unknown = {}) =>
  ((await ok(t, '/api/agent/recyclelist', token, body)).records as { id: string }[]).map((record) => record.id);

describe('the recycle bin', () => {
  it('takes numbers out of the list, shows who deleted them and when they go, and gives them back', async () => {
    const number = await addNumber(t, a.tenantId, { phone: '+1 555 0142' });
    const kept = await addNumber(t, a.tenantId);
    const recycled = await t.post('/api/agent/recycle', { token: a.token, body: { ids: [number] } });
    expect(recycled.body).toMatchObject({ code: 0, message: '删除成功', data: { count: 1 } });
    expect(await listIds(a.token)).toEqual([kept]);

    const bin = await ok(t, '/api/agent/recyclelist', a.token, { page: 1, pageSize: 10 });
    expect(bin.total).toBe(1);
    const entry = bin.records[0];
    expect(entry).toMatchObject({ id: number, phone: '+1 555 0142', deleted_by: { id: a.userId } });
    const days = (Date.parse(entry.purge_at) - Date.parse(entry.deleted_at)) / 86_400_000;
    expect(days).toBe(30);
    expect(await binIds(a.token, { filters: { phone: '0142' } })).toEqual([number]);
    expect(await binIds(a.token, { filters: { phone: '9999' } })).toEqual([]);
    const log = await t.pool.query(`select target from operation_log where action = 'agent.recycle'`);
    expect(log.rows.map((row) => row.target)).toContain(`numbers ${number}`);

    const restored = await t.post('/api/agent/restore', { token: a.token, body: { ids: [number] } });
    expect(restored.body).toMatchObject({ code: 0, data: { count: 1 } });
    expect(await listIds(a.token)).toEqual([kept, number]);
    expect(await binIds(a.token)).toEqual([]);
    await ok(t, '/api/agent/recycle', a.token, { ids: [number, kept] });
  });

  it('stops the lane of a recycled number and keeps its queued messages for a restore', async () => {
    const number = await addNumber(t, a.tenantId);
    const template = await seedTemplate(t.pool, a.tenantId, number, { name: 'hello' });
    const contact = await seedContact(t.pool, a.tenantId, { waId: '15550142001', numberId: number, consent: true });
    await queueTemplate(t.pool, a.tenantId, number, { id: template, name: 'hello' }, [contact]);
    await ok(t, '/api/agent/recycle', a.token, { ids: [number] });
    const queued = await t.pool.query(`select status from message where number_id = $1`, [number]);
    expect(queued.rows).toEqual([{ status: 'queued' }]);
    await t.pool.query('update send_lane set due_at = null where number_id = $1', [number]);
    const wakes = await listen<{ tenantId: string; numberId: string }>(t.pool, 'wa_send_wake');
    await ok(t, '/api/agent/restore', a.token, { ids: [number] });
    const lane = await t.pool.query('select due_at from send_lane where number_id = $1', [number]);
    expect(lane.rows[0].due_at).not.toBeNull();
    // Running lanes hear of it by the number's tenant and id.
    expect(await wakes.waitFor((wake) => wake.numberId === number)).toEqual([
      { tenantId: a.tenantId, numberId: number },
    ]);
    await wakes.stop();
  });

  it('refuses a restore when a live number has the same phone-number id', async () => {
    const number = await addNumber(t, a.tenantId, { phone: '+1 555 0177', phoneNumberId: 'pn-twin-1' });
    await ok(t, '/api/agent/recycle', a.token, { ids: [number] });
    await addNumber(t, b.tenantId, { phoneNumberId: 'pn-twin-1' });
    const reply = await t.post('/api/agent/restore', { token: a.token, body: { ids: [number] } });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toContain('+1 555 0177');
    expect(await binIds(a.token, { filters: { phone: '0177' } })).toEqual([number]);
  });

  it('purges recycled numbers with what hangs on them, keeping contacts and history', async () => {
    const number = await addNumber(t, a.tenantId);
    const live = await addNumber(t, a.tenantId);
    const tag = await addTag(t, a.tenantId, 'Purged', 'number');
    await ok(t, '/api/agent/batch', a.token, { ids: [number], addTagIds: [tag] });
    const template = await seedTemplate(t.pool, a.tenantId, number, { name: 'bye' });
    const contact = await seedContact(t.pool, a.tenantId, {
      waId: '15550142002',
      numberId: number,
      consent: true,
      lastInboundAt: new Date(),
    });
    await queueTemplate(t.pool, a.tenantId, number, { id: template, name: 'bye' }, [contact]);
    await t.pool.query(
      `insert into number_daily_count (tenant_id, number_id, day, sent) values ($1, $2, current_date, 4)`,
      [a.tenantId, number],
    );
    // A click-to-chat link's target follows its number out; the link keeps its other targets.
    await ok(t, '/api/link/add', a.token, {
      name: 'Purged target',
      targets: [{ numberId: number }, { numberId: live }],
    });
    const notRecycled = await t.post('/api/agent/purge', { token: a.token, body: { ids: [live] } });
    expect(notRecycled.status).toBe(404);

    await ok(t, '/api/agent/recycle', a.token, { ids: [number] });
    const purged = await t.post('/api/agent/purge', { token: a.token, body: { ids: [number, live] } });
    expect(purged.body).toMatchObject({ code: 0, message: '删除成功', data: { count: 1 } });

    const count = async (table: string, column = 'number_id') =>
      (await t.pool.query(`select count(*)::int as n from ${table} where ${column} = $1`, [number])).rows[0].n;
    for (const table of [
      'number_tag',
      'send_queue',
      'send_lane',
      'conversation',
      'number_daily_count',
      'contact_tally',
      'link_target',
    ]) {
      expect(await count(table), table).toBe(0);
    }
    expect(await count('wa_number', 'id')).toBe(0);
    const message = await t.pool.query('select status, error_title from message where number_id = $1', [number]);
    expect(message.rows).toEqual([{ status: 'failed', error_title: 'number_purged' }]);
    const person = await t.pool.query('select number_id, deleted_at from contact where id = $1', [contact]);
    expect(person.rows).toEqual([{ number_id: null, deleted_at: null }]);
    const tagCount = await t.pool.query('select item_count from tag where id = $1', [tag]);
    expect(tagCount.rows[0].item_count).toBe(0);
    expect(await listIds(a.token)).toContain(live);
    const kept = await t.pool.query('select count(*)::int as n from link_target where number_id = $1', [live]);
    expect(kept.rows[0].n).toBe(1);
  });

  it('purges numbers 30 days in the bin by the daily job, not younger ones', async () => {
    const old = await addNumber(t, a.tenantId);
    const young = await addNumber(t, a.tenantId);
    const theirsOld = await addNumber(t, b.tenantId);
    await t.pool.query(`update wa_number set deleted_at = now() - interval '31 days' where id = any($1::bigint[])`, [
      [old, theirsOld],
    ]);
    await t.pool.query(`update wa_number set deleted_at = now() - interval '29 days' where id = $1`, [young]);
    expect(await binIds(a.token)).toContain(young);
    expect(await binIds(a.token)).not.toContain(old);
    await purgeRecycledNumbersJob.handle({}, {} as JobHelpers, t.context);
    const left = await t.pool.query('select id::text from wa_number where id = any($1::bigint[])', [
      [old, young, theirsOld],
    ]);
    expect(left.rows.map((row) => row.id)).toEqual([young]);
  });

  it('keeps every tenant to its own bin', async () => {
    const mine = await addNumber(t, a.tenantId);
    await ok(t, '/api/agent/recycle', a.token, { ids: [mine] });
    expect(await binIds(b.token)).not.toContain(mine);
    for (const path of ['/api/agent/recycle', '/api/agent/restore', '/api/agent/purge']) {
      const reply = await t.post(path, { token: b.token, body: { ids: [mine] } });
      expect(reply.status, path).toBe(404);
    }
    expect(await binIds(a.token)).toContain(mine);
  });

  it('refuses bad input, no token and seats', async () => {
    for (const path of ['/api/agent/recycle', '/api/agent/restore', '/api/agent/purge']) {
      await expectBadInput(
        (body) => t.post(path, { token: a.token, body }),
        [
          [{}, 'ids'],
          [{ ids: [] }, 'ids'],
          [{ ids: ['1', 'two'] }, 'ids.1'],
        ],
      );
      expect((await t.post(path, { body: { ids: ['1'] } })).status).toBe(401);
      expect((await t.post(path, { token: seat.token, body: { ids: ['1'] } })).status).toBe(403);
    }
    const tooMany = Array.from({ length: 201 }, (_, index) => String(index + 1));
    expect((await t.post('/api/agent/purge', { token: a.token, body: { ids: tooMany } })).body.message).toMatch(
      /^ids: /,
    );
    await expectBadInput(
      (body) => t.post('/api/agent/recyclelist', { token: a.token, body }),
      [
        [{ pageSize: 25 }, 'pageSize'],
        [{ filters: { phone: 7 } }, 'filters.phone'],
      ],
    );
    expect((await t.post('/api/agent/recyclelist', { body: {} })).status).toBe(401);
    expect((await t.post('/api/agent/recyclelist', { token: seat.token, body: {} })).status).toBe(403);
  });
});
