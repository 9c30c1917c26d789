import { calls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';

const t = useTestApp();
const tenants = useTenants(t, 'quickreply');
const { a: operator, b: other, seat } = tenants;

const add = (shortcut: string, text: string, token = operator.token) =>
  t.post('/api/quickreply/add', { token, body: { shortcut, text } });
const list = async (token: string, search?: string) => {
  const reply = await t.post('/api/quickreply/list', { token, body: { filters: { search } } });
  expect(reply.status).toBe(200);
  return reply.body.data.records.map((record: { shortcut: string }) => record.shortcut);
};

describe('quick replies', () => {
  it('are edited by operators; seats only list them', async () => {
    await refusesStrangers(t, tenants, calls.quickReplyList, { valid: () => ({}) });
    await refusesStrangers(t, tenants, calls.quickReplyAdd, {
      valid: () => ({ shortcut: 'hi', text: 'Hello!' }),
      bad: [
        [{ shortcut: 'two words', text: 'x' }, 'shortcut'],
        [{ shortcut: 'a/b', text: 'x' }, 'shortcut'],
        [{ shortcut: 'ok', text: '' }, 'text'],
      ],
    });
    await refusesStrangers(t, tenants, calls.quickReplyEdit, {
      valid: () => ({ id: '1', text: 'x' }),
      bad: [[{ id: 'x' }, 'id']],
    });
    await refusesStrangers(t, tenants, calls.quickReplyDel, {
      valid: () => ({ ids: ['1'] }),
      bad: [[{ ids: [] }, 'ids']],
      onlyStrangers: { body: () => ({ ids: ['999999999'] }), field: 'ids' },
    });
  });

  it('are added, found by shortcut or text, edited and deleted, each tenant its own', async () => {
    const hours = await add('hours', 'We open 9:00–18:00, Monday to Friday.');
    expect(hours.status).toBe(200);
    expect(hours.body.data).toMatchObject({ shortcut: 'hours', text: 'We open 9:00–18:00, Monday to Friday.' });
    await add('运费', '满 99 元包邮');
    const taken = await add('HOURS', 'again');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('shortcut: 该快捷短语已存在');
    expect(await list(seat.token)).toEqual(['hours', '运费']);
    expect(await list(seat.token, 'monday')).toEqual(['hours']);
    expect(await list(seat.token, '包邮')).toEqual(['运费']);
    expect(await list(other.token)).toEqual([]);

    const edited = await t.post('/api/quickreply/edit', {
      token: operator.token,
      body: { id: hours.body.data.id, text: 'We open 9:00–20:00.' },
    });
    expect(edited.body.data).toMatchObject({ shortcut: 'hours', text: 'We open 9:00–20:00.' });
    const foreignEdit = await t.post('/api/quickreply/edit', {
      token: other.token,
      body: { id: hours.body.data.id, text: 'mine now' },
    });
    expect(foreignEdit.status).toBe(404);
    expect(foreignEdit.body.message).toBe('id: 快捷回复不存在');
    const foreignDelete = await t.post('/api/quickreply/del', {
      token: other.token,
      body: { ids: [hours.body.data.id] },
    });
    expect(foreignDelete.status).toBe(404);
    const deleted = await t.post('/api/quickreply/del', { token: operator.token, body: { ids: [hours.body.data.id] } });
    expect(deleted.body.data).toEqual({ count: 1 });
    expect(await list(seat.token)).toEqual(['运费']);
  });
});
