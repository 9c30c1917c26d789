import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact, seedNumber } from '../../test/whatsapp-fixtures.js';

const t = useTestApp();
const { a: owner, b: other, seat } = useTenants(t);
let token: string;
let tenantId: string;

beforeAll(async () => {
  token = owner.token;
  tenantId = owner.tenantId;
});

const add = (body: unknown, as = token) => t.post('/api/tag/add', { token: as, body });
const all = (body: unknown = {}, as = token) => t.post('/api/tag/all', { token: as, body });
const edit = (body: unknown, as = token) => t.post('/api/tag/edit', { token: as, body });
const del = (body: unknown, as = token) => t.post('/api/tag/del', { token: as, body });

async function addTag(kind: 'number' | 'contact', name: string, as = token): Promise<string> {
  const reply = await add({ kind, name }, as);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.id;
}

const countOf = async (tagId: string, body: unknown = { kind: 'contact' }) =>
  (await all(body)).body.data.find((tag: { id: string }) => tag.id === tagId)?.count;

describe('POST /api/tag/add', () => {
  it('adds a tag and answers it with its count', async () => {
    const reply = await add({ kind: 'contact', name: '  VIP  ', color: '#296eff', remark: 'big spenders' });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('新增成功');
    expect(reply.body.data).toMatchObject({ kind: 'contact', name: 'VIP', color: '#296eff', remark: 'big spenders' });
    expect(reply.body.data).toMatchObject({ count: 0, id: expect.stringMatching(/^\d+$/) });
    expect(Date.parse(reply.body.data.created_at)).not.toBeNaN();
    const { rows } = await t.pool.query('select action, target from operation_log where action = $1', ['tag.add']);
    expect(rows[0].target).toBe(`contact tag VIP (${reply.body.data.id})`);
  });

  it('refuses a name taken by a tag of the same kind, ignoring case, and names it', async () => {
    await addTag('contact', 'Repeat');
    const reply = await add({ kind: 'contact', name: 'REPEAT' });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe('name: 标签名称“REPEAT”已存在');
    const english = await t.post('/api/tag/add', {
      token,
      body: { kind: 'contact', name: 'repeat' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.message).toBe('name: the tag name "repeat" is already in use');
    // Another kind, or another tenant, may use it.
    await addTag('number', 'Repeat');
    await addTag('contact', 'Repeat', other.token);
  });

  it('names the field of bad input', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'x' }, /^kind: /],
      [{ kind: 'group', name: 'x' }, /^kind: /],
      [{ kind: 'contact' }, /^name: /],
      [{ kind: 'contact', name: '   ' }, /^name: /],
      [{ kind: 'contact', name: 'x'.repeat(65) }, /^name: /],
      [{ kind: 'contact', name: 'x', color: 'red' }, /^color: /],
      [{ kind: 'contact', name: 'x', color: '#12345' }, /^color: /],
      [{ kind: 'contact', name: 'x', remark: 'r'.repeat(256) }, /^remark: /],
      [{ kind: 'contact', name: 7 }, /^name: /],
    ];
    await expectBadInput(add, cases);
  });
});

describe('POST /api/tag/all', () => {
  it('lists contact tags by default, newest first, and number tags apart', async () => {
    const first = await addTag('contact', 'list-first');
    const second = await addTag('contact', 'list-second');
    const numberTag = await addTag('number', 'list-number');
    const contacts = (await all()).body.data.map((tag: { id: string }) => tag.id);
    expect(contacts.indexOf(second)).toBeLessThan(contacts.indexOf(first));
    expect(contacts).not.toContain(numberTag);
    const numbers = (await all({ kind: 'number' })).body.data;
    expect(numbers.map((tag: { id: string }) => tag.id)).toContain(numberTag);
    expect(numbers.every((tag: { kind: string }) => tag.kind === 'number')).toBe(true);
  });

  it('counts tagged contacts as they are tagged and untagged', async () => {
    const tagId = await addTag('contact', 'counted');
    const contacts = await Promise.all(
      ['4915100001', '4915100002', '4915100003'].map((waId) => seedContact(t.pool, tenantId, { waId })),
    );
    await t.pool.query('insert into contact_tag (tenant_id, contact_id, tag_id) select $1, unnest($2::bigint[]), $3', [
      tenantId,
      contacts,
      tagId,
    ]);
    expect(await countOf(tagId)).toBe(3);
    await t.pool.query('delete from contact_tag where tenant_id = $1 and contact_id = $2 and tag_id = $3', [
      tenantId,
      contacts[0],
      tagId,
    ]);
    expect(await countOf(tagId)).toBe(2);
  });

  it('counts number tags over live numbers only, and by standby flag when asked', async () => {
    const tagId = await addTag('number', 'fleet');
    const made = await Promise.all([1, 2, 3, 4].map(() => seedNumber(t.pool, t.context.whatsapp, tenantId)));
    const ids = made.map((number) => number.numberId);
    await t.pool.query('insert into number_tag (tenant_id, number_id, tag_id) select $1, unnest($2::bigint[]), $3', [
      tenantId,
      ids,
      tagId,
    ]);
    await t.pool.query('update wa_number set standby = true where tenant_id = $1 and id = $2', [tenantId, ids[0]]);
    await t.pool.query('update wa_number set deleted_at = now() where tenant_id = $1 and id = $2', [tenantId, ids[1]]);
    expect(await countOf(tagId, { kind: 'number' })).toBe(3);
    expect(await countOf(tagId, { kind: 'number', standby: true })).toBe(1);
    expect(await countOf(tagId, { kind: 'number', standby: false })).toBe(2);
    // The standby flag concerns numbers only.
    expect((await all({ kind: 'contact', standby: true })).status).toBe(200);
    const bad = await all({ kind: 'number', standby: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^standby: /);
    expect((await all({ kind: 'everything' })).body.message).toMatch(/^kind: /);
  });

  it('never lists another tenant’s tags', async () => {
    const mine = await addTag('contact', 'private-tag');
    const theirs = (await all({}, other.token)).body.data;
    expect(theirs.map((tag: { id: string }) => tag.id)).not.toContain(mine);
    expect(theirs.map((tag: { name: string }) => tag.name)).not.toContain('private-tag');
  });
});

describe('POST /api/tag/edit', () => {
  it('changes the name, colour and remark given, keeping the rest', async () => {
    const tagId = await addTag('contact', 'edit-me');
    const renamed = await edit({ id: tagId, name: 'edited', color: '#00AA00' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe('更新成功');
    expect(renamed.body.data).toMatchObject({ id: tagId, name: 'edited', color: '#00AA00', remark: '' });
    const remarked = await edit({ id: tagId, remark: 'note' });
    expect(remarked.body.data).toMatchObject({ name: 'edited', color: '#00AA00', remark: 'note' });
    // Its own name in another case is no conflict.
    expect((await edit({ id: tagId, name: 'EDITED' })).body.data.name).toBe('EDITED');
    const cleared = await edit({ id: tagId, color: '' });
    expect(cleared.body.data.color).toBe('');
  });

  it('refuses a name another tag of the kind has', async () => {
    await addTag('contact', 'taken-name');
    const tagId = await addTag('contact', 'wants-it');
    const reply = await edit({ id: tagId, name: 'Taken-Name' });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toMatch(/^name: /);
  });

  it('names the field of bad input and answers 404 for unknown tags', async () => {
    expect((await edit({ name: 'x' })).body.message).toMatch(/^id: /);
    expect((await edit({ id: 'abc', name: 'x' })).body.message).toMatch(/^id: /);
    expect((await edit({ id: '1', name: '' })).body.message).toMatch(/^name: /);
    expect((await edit({ id: '1', color: 'blue' })).body.message).toMatch(/^color: /);
    const missing = await edit({ id: '999999999', name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('标签不存在');
  });

  it('treats another tenant’s tag as unknown', async () => {
    const tagId = await addTag('contact', 'not-yours');
    const reply = await edit({ id: tagId, name: 'hijacked' }, other.token);
    expect(reply.status).toBe(404);
    const { rows } = await t.pool.query('select name from tag where id = $1', [tagId]);
    expect(rows[0].name).toBe('not-yours');
  });
});

describe('POST /api/tag/del', () => {
  it('deletes tags, untags their numbers and contacts, and logs the deletion', async () => {
    const contactTag = await addTag('contact', 'doomed-contact-tag');
    const numberTag = await addTag('number', 'doomed-number-tag');
    const contactId = await seedContact(t.pool, tenantId, { waId: '4915100099' });
    const { numberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId);
    await t.pool.query('insert into contact_tag (tenant_id, contact_id, tag_id) values ($1, $2, $3)', [
      tenantId,
      contactId,
      contactTag,
    ]);
    await t.pool.query('insert into number_tag (tenant_id, number_id, tag_id) values ($1, $2, $3)', [
      tenantId,
      numberId,
      numberTag,
    ]);
    const reply = await del({ ids: [contactTag, numberTag, contactTag] });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ message: '删除成功', data: { count: 2 } });
    const left = await t.pool.query(
      `select (select count(*)::int from contact_tag where contact_id = $1) as contacts,
              (select count(*)::int from number_tag where number_id = $2) as numbers,
              (select count(*)::int from contact where id = $1 and deleted_at is null) as contact_kept`,
      [contactId, numberId],
    );
    expect(left.rows[0]).toEqual({ contacts: 0, numbers: 0, contact_kept: 1 });
    const { rows } = await t.pool.query(
      `select target from operation_log where tenant_id = $1 and action = 'tag.del' order by id desc limit 1`,
      [tenantId],
    );
    expect(rows[0].target).toContain('doomed-contact-tag');
    expect(rows[0].target).toContain('doomed-number-tag');
  });

  it('never deletes another tenant’s tags', async () => {
    const mine = await addTag('contact', 'survivor');
    const theirs = await addTag('contact', 'their-own', other.token);
    const refused = await del({ ids: [mine] }, other.token);
    expect(refused.status).toBe(404);
    const mixed = await del({ ids: [mine, theirs] }, other.token);
    expect(mixed.body.data).toEqual({ count: 1 });
    const { rows } = await t.pool.query('select id from tag where id = any($1::bigint[])', [[mine, theirs]]);
    expect(rows.map((row) => row.id)).toEqual([mine]);
  });

  it('names the field of bad input', async () => {
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: ['0'] }, { ids: Array(10_001).fill('1') }]) {
      const reply = await del(body);
      expect(reply.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(reply.body.message).toMatch(/^ids/);
    }
  });
});

describe('access to tag calls', () => {
  const calls: [string, unknown][] = [
    ['/api/tag/all', {}],
    ['/api/tag/add', { kind: 'contact', name: 'x' }],
    ['/api/tag/edit', { id: '1', name: 'x' }],
    ['/api/tag/del', { ids: ['1'] }],
  ];

  it('needs a sign-in', async () => {
    for (const [path, body] of calls) expect((await t.post(path, { body })).status, path).toBe(401);
  });

  it('is not for seats', async () => {
    for (const [path, body] of calls) {
      expect((await t.post(path, { token: seat.token, body })).status, path).toBe(403);
    }
  });
});
