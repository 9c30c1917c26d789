import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { signedInSeat, tenantOperator, useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();
const tenants = useTenants(t, 'notices');
const { a, b, seat } = tenants;
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const post = (path: string, body: object, token: string) => t.post(path, { token, body });

async function publish(body: object) {
  const reply = await post(
    '/api/notice/add',
    { title: 'Maintenance', body: '<p>Tonight</p>', endsAt: inAnHour(), ...body },
    admin,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

const list = async (token: string, body: object = {}) => {
  const reply = await post('/api/notice/list', body, token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
};
const idsOf = (page: { records: { id: string }[] }) => page.records.map((notice) => notice.id);
const badge = async (token: string) => (await post('/api/notice/badge', {}, token)).body.data;

async function eventsOf(noticeId: string) {
  const { rows } = await t.pool.query<{ tenant_id: string; change: string }>(
    `select tenant_id, payload->>'change' as change from realtime_event
      where type = 'notice.changed' and payload->>'notice_id' = $1 order by id`,
    [noticeId],
  );
  return rows;
}

describe('notices for chosen customers', () => {
  it('reach only the chosen tenant, sanitised; each user reads them for themselves', async () => {
    const notice = await publish({
      title: 'For A',
      body: '<p>Hi <b>A</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>',
      level: 'important',
      audience: 'tenants',
      tenantIds: [a.tenantId, a.tenantId],
    });
    expect(notice).toMatchObject({
      title: 'For A',
      level: 'important',
      audience: 'tenants',
      state: 'active',
      read: false,
    });
    expect(notice.tenant_ids).toEqual([a.tenantId]);
    expect(notice.body_html).toBe('<p>Hi <b>A</b><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
    const stored = await t.pool.query('select body_html from notice where id = $1', [notice.id]);
    expect(stored.rows[0].body_html).not.toMatch(/script|onerror|javascript/i);
    // The realtime channel tells tenant A, and only A.
    expect(await eventsOf(notice.id)).toEqual([{ tenant_id: a.tenantId, change: 'published' }]);

    const seen = await list(a.token);
    expect(idsOf(seen)).toContain(notice.id);
    expect(seen.records.find((row: { id: string }) => row.id === notice.id).tenant_ids).toBeNull();
    expect(idsOf(await list(seat.token))).toContain(notice.id);
    expect(idsOf(await list(b.token))).not.toContain(notice.id);
    const unreadA = (await badge(a.token)).unread;
    expect(unreadA).toBeGreaterThanOrEqual(1);
    expect(seen.unread).toBe(unreadA);

    // B cannot mark it read either: a 404 naming ids, like an unknown id.
    const stranger = await post('/api/notice/read', { ids: [notice.id] }, b.token);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('ids: 公告不存在');

    const read = await post('/api/notice/read', { ids: [notice.id, '999999999'] }, a.token);
    expect(read.body.data).toEqual({ count: 1, unread: unreadA - 1 });
    expect((await badge(a.token)).unread).toBe(unreadA - 1);
    expect(idsOf(await list(a.token, { unreadOnly: true }))).not.toContain(notice.id);
    expect((await list(a.token)).records.find((row: { id: string }) => row.id === notice.id).read).toBe(true);
    // Reading again changes nothing; the seat's own state is untouched.
    expect((await post('/api/notice/read', { ids: [notice.id] }, a.token)).body.data.count).toBe(1);
    expect(idsOf(await list(seat.token, { unreadOnly: true }))).toContain(notice.id);
    const marks = await t.pool.query('select tenant_id, user_id from notice_read where notice_id = $1', [notice.id]);
    expect(marks.rows).toEqual([{ tenant_id: a.tenantId, user_id: a.userId }]);
  });

  it('answers a 404 naming tenantIds for an unknown customer or the platform itself, adding nothing', async () => {
    for (const tenantIds of [['999998'], [b.tenantId, '000000']]) {
      const reply = await post(
        '/api/notice/add',
        { title: 'x', body: 'y', endsAt: inAnHour(), audience: 'tenants', tenantIds },
        admin,
      );
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('tenantIds: 客户不存在');
    }
    const { rows } = await t.pool.query(`select count(*)::int as n from notice where title = 'x'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('notices for everyone', () => {
  it('reach every customer (one made later too) but not the platform admin’s badge; only while active', async () => {
    const later = await tenantOperator(t, 'notices_c');
    const laterSeat = await signedInSeat(t, later.tenantId);
    expect((await badge(later.token)).unread).toBe(0);
    const everyone = await publish({ title: 'For all', body: 'Plain text\nsecond line' });
    expect(everyone.body_html).toBe('<p>Plain text<br />second line</p>');
    const scheduled = await publish({
      title: 'Tomorrow',
      startsAt: inAnHour(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    const ended = await t.pool.query<{ id: string }>(
      `insert into notice (title, body_html, level, all_tenants, starts_at, ends_at, created_by)
       values ('Old', '<p>old</p>', 'info', true, now() - interval '2 days', now() - interval '1 day', 1) returning id`,
    );
    const endedId = ended.rows[0]!.id;

    for (const caller of [later, laterSeat, a, b]) {
      const seen = idsOf(await list(caller.token));
      expect(seen).toContain(everyone.id);
      expect(seen).not.toContain(scheduled.id);
      expect(seen).not.toContain(endedId);
    }
    expect(await badge(later.token)).toMatchObject({ unread: 1 });
    expect(await badge(admin)).toMatchObject({ unread: 0 });
    // The admin manages them all, each with its state and audience.
    const managed = (await list(admin, { pageSize: 100 })).records;
    const stateOf = (id: string) => managed.find((row: { id: string }) => row.id === id);
    expect(stateOf(everyone.id)).toMatchObject({ state: 'active', audience: 'all', tenant_ids: [] });
    expect(stateOf(scheduled.id).state).toBe('scheduled');
    expect(stateOf(endedId).state).toBe('ended');
    // A scheduled notice is not pushed now (the 60 s reload shows it when it starts).
    expect(await eventsOf(scheduled.id)).toEqual([]);
    expect((await eventsOf(everyone.id)).map((row) => row.tenant_id)).toEqual(
      expect.arrayContaining([a.tenantId, b.tenantId, later.tenantId]),
    );
    expect((await eventsOf(everyone.id)).map((row) => row.tenant_id)).not.toContain('000000');

    // Mark all read: only this user's, only the active ones; an expired (read-only) tenant may too.
    await t.pool.query(`update tenant set expires_at = now() - interval '1 day' where id = $1`, [later.tenantId]);
    const all = await post('/api/notice/read', { all: true }, later.token);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.unread).toBe(0);
    expect((await badge(laterSeat.token)).unread).toBe(1);
    expect((await post('/api/update/seen', {}, laterSeat.token)).status).toBe(200);
  });

  it('deletes notices for everyone, with their read marks, telling their audience', async () => {
    const notice = await publish({ title: 'Short-lived', audience: 'tenants', tenantIds: [b.tenantId] });
    await post('/api/notice/read', { ids: [notice.id] }, b.token);
    const before = (await badge(b.token)).unread;
    const reply = await post('/api/notice/del', { ids: [notice.id, '999999999'] }, admin);
    expect(reply.body).toMatchObject({ code: 0, data: { count: 1 } });
    expect(idsOf(await list(b.token))).not.toContain(notice.id);
    expect(idsOf(await list(admin, { pageSize: 100 }))).not.toContain(notice.id);
    expect((await badge(b.token)).unread).toBe(before);
    const marks = await t.pool.query('select 1 from notice_read where notice_id = $1', [notice.id]);
    expect(marks.rowCount).toBe(0);
    expect(await eventsOf(notice.id)).toEqual([
      { tenant_id: b.tenantId, change: 'published' },
      { tenant_id: b.tenantId, change: 'deleted' },
    ]);
    const log = await t.pool.query(
      `select target from operation_log where action = 'notice.del' order by id desc limit 1`,
    );
    expect(log.rows[0].target).toBe(`notices Short-lived (${notice.id})`);
    const again = await post('/api/notice/del', { ids: [notice.id] }, admin);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('ids: 公告不存在');
  });
});

describe('who may call', () => {
  it('keeps publishing and deleting to the platform admin', async () => {
    const body = { title: 'x', body: 'y', endsAt: inAnHour() };
    await refusesStrangers(t, tenants, calls.noticeAdd, { valid: () => body });
    await refusesStrangers(t, tenants, calls.noticeDel, { valid: () => ({ ids: ['1'] }) });
    for (const caller of [a, b]) {
      expect((await post('/api/notice/add', body, caller.token)).status).toBe(403);
      expect((await post('/api/notice/del', { ids: ['1'] }, caller.token)).status).toBe(403);
    }
  });

  it('lets every signed-in role list, read and see the badge', async () => {
    await refusesStrangers(t, tenants, calls.noticeList, {
      valid: () => ({}),
      bad: [
        [{ pageSize: 7 }, 'pageSize'],
        [{ unreadOnly: 'yes' }, 'unreadOnly'],
      ],
    });
    await refusesStrangers(t, tenants, calls.noticeRead, {
      valid: () => ({ all: true }),
      bad: [
        [{}, 'ids'],
        [{ ids: ['1'], all: true }, 'ids'],
        [{ ids: [] }, 'ids'],
        [{ ids: ['x'] }, 'ids.0'],
      ],
      onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
    });
    await refusesStrangers(t, tenants, calls.noticeBadge, { valid: () => ({}) });
    for (const caller of [seat, a]) expect((await post('/api/notice/badge', {}, caller.token)).status).toBe(200);
  });

  it('refuses bad notices with a 400 naming the field', async () => {
    const valid = { title: 'x', body: '<p>y</p>', endsAt: inAnHour() };
    await expectBadInput(
      (body) => post('/api/notice/add', body, admin),
      [
        [{ ...valid, title: ' ' }, 'title'],
        [{ ...valid, body: '' }, 'body'],
        [{ ...valid, body: '<script>alert(1)</script>' }, 'body'],
        [{ ...valid, body: 'y'.repeat(20_001) }, 'body'],
        [{ ...valid, level: 'urgent' }, 'level'],
        [{ ...valid, audience: 'some' }, 'audience'],
        [{ ...valid, audience: 'tenants' }, 'tenantIds'],
        [{ ...valid, tenantIds: [a.tenantId] }, 'tenantIds'],
        [{ ...valid, audience: 'tenants', tenantIds: ['12'] }, 'tenantIds.0'],
        [{ ...valid, endsAt: 'tomorrow' }, 'endsAt'],
        [{ ...valid, endsAt: new Date(Date.now() - 1000).toISOString() }, 'endsAt'],
        [{ ...valid, startsAt: inAnHour(), endsAt: new Date(Date.now() + 60_000).toISOString() }, 'endsAt'],
        [{ title: 'x', body: 'y' }, 'endsAt'],
      ],
    );
    await expectBadInput(
      (body) => post('/api/notice/del', body, admin),
      [
        [{}, 'ids'],
        [{ ids: [] }, 'ids'],
      ],
    );
  });
});
