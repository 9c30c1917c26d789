import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';

const t = useTestApp();
const tenants = useTenants(t, 'updates');
const { a, b, seat } = tenants;
let admin: string;
beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
});

const post = (path: string, body: object, token: string) => t.post(path, { token, body });
const entry = (version: string, releasedOn: string) => ({
  version,
  releasedOn,
  changesZh: `修复 ${version}`,
  changesEn: `Fixes of ${version}`,
});
const versionsOf = async (token: string) =>
  (await post('/api/update/list', { pageSize: 100 }, token)).body.data.records.map(
    (row: { version: string; is_new: boolean }) => `${row.version}${row.is_new ? ' new' : ''}`,
  );
const unseen = async (token: string) => (await post('/api/notice/badge', {}, token)).body.data.update_unseen;

describe('the update log', () => {
  it('lists entries newest release first, each new to a user until they have seen the log', async () => {
    expect(await unseen(a.token)).toBe(false);
    const added = await post('/api/update/add', entry('2.1.0', '2026-10-01'), admin);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({
      version: '2.1.0',
      released_on: '2026-10-01',
      changes_zh: '修复 2.1.0',
      changes_en: 'Fixes of 2.1.0',
    });
    await post('/api/update/add', entry('2.3.0', '2026-11-20'), admin);
    await post('/api/update/add', entry('2.2.0', '2026-11-01'), admin);
    expect(await versionsOf(a.token)).toEqual(['2.3.0 new', '2.2.0 new', '2.1.0 new']);
    expect(await unseen(a.token)).toBe(true);

    // Seeing the log is per user: A's seat and tenant B still have the dot.
    expect((await post('/api/update/seen', {}, a.token)).body.data).toEqual({ update_unseen: false });
    expect(await versionsOf(a.token)).toEqual(['2.3.0', '2.2.0', '2.1.0']);
    expect(await unseen(a.token)).toBe(false);
    expect(await unseen(seat.token)).toBe(true);
    expect(await unseen(b.token)).toBe(true);

    await post('/api/update/add', entry('2.4.0', '2026-11-25'), admin);
    expect(await unseen(a.token)).toBe(true);
    expect(await versionsOf(a.token)).toEqual(['2.4.0 new', '2.3.0', '2.2.0', '2.1.0']);
    const page = (await post('/api/update/list', { pageSize: 10, page: 1 }, seat.token)).body.data;
    expect(page).toMatchObject({ total: 4, size: 10, current: 1, pages: 1 });
  });

  it('refuses a version already in the log (ignoring case) with a 409 naming it', async () => {
    await post('/api/update/add', entry('3.0.0-Beta', '2026-11-26'), admin);
    const again = await post('/api/update/add', entry('3.0.0-beta', '2026-11-26'), admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^version: /);
  });

  it('keeps adding to the platform admin and lets every role read it', async () => {
    await refusesStrangers(t, tenants, calls.updateAdd, { valid: () => entry('9.9.9', '2026-01-01') });
    for (const caller of [a, b]) {
      expect((await post('/api/update/add', entry('9.9.9', '2026-01-01'), caller.token)).status).toBe(403);
    }
    await refusesStrangers(t, tenants, calls.updateList, { valid: () => ({}), bad: [[{ page: 0 }, 'page']] });
    await refusesStrangers(t, tenants, calls.updateSeen, { valid: () => ({}) });
    expect((await post('/api/update/seen', {}, seat.token)).status).toBe(200);
    await expectBadInput(
      (body) => post('/api/update/add', body, admin),
      [
        [{ ...entry('', '2026-01-01') }, 'version'],
        [{ ...entry('1.0', '2026-02-30') }, 'releasedOn'],
        [{ ...entry('1.0', '2026-01-01'), changesZh: ' ' }, 'changesZh'],
        [{ ...entry('1.0', '2026-01-01'), changesEn: undefined }, 'changesEn'],
      ],
    );
  });
});
