/** Profile sets and the calls around runs: validation naming the field, tenant isolation, seats refused. */
import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { addSet, uploadPicture } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'profiles');
const { a, b } = tenants;
let numberA: string;
let numberB: string;
let setB: string;

beforeAll(async () => {
  numberA = await addNumber(t, a.tenantId);
  numberB = await addNumber(t, b.tenantId);
  setB = (await addSet(t, b, { name: 'B set', about: 'Theirs' })).id;
});

const add = (body: object, language = 'zh') =>
  t.post('/api/profile/add', { token: a.token, body, headers: { 'accept-language': language } });

describe('profile sets', () => {
  it('are added with every field, listed, edited and deleted', async () => {
    const picture = await uploadPicture(t, a);
    const set = await addSet(t, a, {
      name: 'Shop',
      about: 'Open every day',
      description: 'Shoes since 1990',
      address: '1 Main St',
      email: 'shop@example.com',
      websites: ['https://shop.example', 'https://blog.example'],
      vertical: 'RETAIL',
      picture,
    });
    expect(set).toMatchObject({
      name: 'Shop',
      vertical: 'RETAIL',
      picture,
      websites: ['https://shop.example', 'https://blog.example'],
    });
    const list = await t.post('/api/profile/list', { token: a.token, body: { filters: { search: 'sho' } } });
    expect(list.body.data.records.map((s: { id: string }) => s.id)).toEqual([set.id]);
    const edited = await t.post('/api/profile/edit', {
      token: a.token,
      body: { id: set.id, name: 'Shop 2', about: 'Closed Sundays' },
    });
    expect(edited.body.data).toMatchObject({ name: 'Shop 2', about: 'Closed Sundays', picture: '', websites: [] });
    const taken = await add({ name: 'shop 2' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/^name: /);
    const deleted = await t.post('/api/profile/del', { token: a.token, body: { ids: [set.id] } });
    expect(deleted.body.data).toEqual({ count: 1 });
  });

  it('refuse what Meta refuses, naming the field, in both languages', async () => {
    await expectBadInput(add, [
      [{ name: 'x', about: 'a'.repeat(140) }, 'about'],
      [{ name: 'x', description: 'd'.repeat(513) }, 'description'],
      [{ name: 'x', address: 'd'.repeat(257) }, 'address'],
      [{ name: 'x', email: 'not-an-email' }, 'email'],
      [{ name: 'x', websites: ['https://a.example', 'https://b.example', 'https://c.example'] }, 'websites'],
      [{ name: 'x', websites: ['ftp://a.example'] }, 'websites.0'],
      [{ name: 'x', vertical: 'PIRACY' }, 'vertical'],
      [{ name: 'x', picture: 'https://elsewhere.example/a.png' }, 'picture'],
      [{ name: '' }, 'name'],
    ]);
    const english = await add(
      { name: 'x', websites: ['https://a.example', 'https://b.example', 'https://c.example'] },
      'en',
    );
    expect(english.body.message).toMatch(/^websites: .*at most 2 websites/);
  });

  it('take a picture only as a JPEG or PNG of the tenant', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    const gifUrl = await uploadPicture(t, a, gif, 'anim.gif');
    const refused = await add({ name: 'gif', picture: gifUrl }, 'en');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('picture: a profile picture must be a JPEG or PNG image');
    const theirs = await uploadPicture(t, b);
    const stranger = await add({ name: 'theirs', picture: theirs }, 'en');
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/^picture: /);
  });

  it("never show or change another tenant's set", async () => {
    const list = await t.post('/api/profile/list', { token: a.token, body: {} });
    expect(list.body.data.records.map((s: { id: string }) => s.id)).not.toContain(setB);
    const edit = await t.post('/api/profile/edit', { token: a.token, body: { id: setB, name: 'Mine now' } });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toMatch(/^id: /);
    const apply = await t.post('/api/profile/apply', { token: a.token, body: { setId: setB, numberIds: [numberA] } });
    expect(apply.status).toBe(404);
    expect(apply.body.message).toMatch(/^setId: /);
  });
});

describe('every call refuses strangers', () => {
  it('profile/list, add, edit', async () => {
    await refusesStrangers(t, tenants, calls.profileList, { valid: () => ({}), bad: [[{ pageSize: 7 }, 'pageSize']] });
    await refusesStrangers(t, tenants, calls.profileAdd, { valid: () => ({ name: 'n' }), bad: [[{}, 'name']] });
    await refusesStrangers(t, tenants, calls.profileEdit, {
      valid: () => ({ id: setB, name: 'n' }),
      bad: [[{ id: 'x', name: 'n' }, 'id']],
    });
  });

  it('profile/del, apply, current', async () => {
    await refusesStrangers(t, tenants, calls.profileDelete, {
      valid: () => ({ ids: [setB] }),
      bad: [[{ ids: [] }, 'ids']],
      onlyStrangers: { body: () => ({ ids: [setB] }), field: 'ids' },
    });
    const mine = (await addSet(t, a, { name: 'Mine', about: 'Ours' })).id;
    await refusesStrangers(t, tenants, calls.profileApply, {
      valid: () => ({ setId: mine, numberIds: [numberA] }),
      bad: [[{ setId: mine, numberIds: [] }, 'numberIds']],
      onlyStrangers: { body: () => ({ setId: mine, numberIds: [numberB] }), field: 'numberIds' },
    });
    await refusesStrangers(t, tenants, calls.profileCurrent, {
      valid: () => ({ setId: mine, numberIds: [numberA] }),
      bad: [[{ setId: mine }, 'numberIds']],
      onlyStrangers: { body: () => ({ setId: mine, numberIds: [numberB] }), field: 'numberIds' },
    });
  });

  it("profile/runs, results, retry: another tenant's run is a 404", async () => {
    const set = (await addSet(t, b, { name: 'B run', about: 'x' })).id;
    const run = await t.post('/api/profile/apply', { token: b.token, body: { setId: set, numberIds: [numberB] } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const runB = run.body.data.id as string;
    expect(run.body.data).toMatchObject({ status: 'running', total: 1, applied: 0 });
    await refusesStrangers(t, tenants, calls.profileRuns, {
      valid: () => ({}),
      bad: [[{ filters: { setId: 'x' } }, 'filters.setId']],
    });
    const runs = await t.post('/api/profile/runs', { token: a.token, body: {} });
    expect(runs.body.data.records.map((r: { id: string }) => r.id)).not.toContain(runB);
    await refusesStrangers(t, tenants, calls.profileResults, {
      valid: () => ({ runId: runB }),
      bad: [[{ runId: runB, filters: { status: 'lost' } }, 'filters.status']],
      onlyStrangers: { body: () => ({ runId: runB }), field: 'runId' },
    });
    await refusesStrangers(t, tenants, calls.profileRetry, {
      valid: () => ({ runId: runB }),
      bad: [[{}, 'runId']],
      onlyStrangers: { body: () => ({ runId: runB }), field: 'runId' },
    });
  });
});
