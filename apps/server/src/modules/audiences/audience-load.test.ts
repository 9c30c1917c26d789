import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { contactOf } from '../contacts/test-support.js';
import { csvFile, listWhen, uploadList } from './test-support.js';

const t = useTestApp({}, { worker: true });
const tenants = useTenants(t, 'load');
const { a, b } = tenants;
let numberA: string;
let numberB: string;
let tagA: string;
let tagB: string;

const MAPPING = {
  phone: 'phone',
  name: 'name',
  optedInAt: 'opted in',
  language: 'lang',
  tags: 'tags',
  fields: { city: 'city' },
};
const HEADER = ['phone', 'name', 'opted in', 'lang', 'tags', 'city'];

beforeAll(async () => {
  numberA = await addNumber(t, a.tenantId);
  numberB = await addNumber(t, b.tenantId);
  tagA = await addTag(t, a.tenantId, 'Spring 2026', 'contact');
  tagB = await addTag(t, b.tenantId, 'B only', 'contact');
  await contactOf(t, a.tenantId, { waId: '8613800138101', name: '' });
  await contactOf(t, a.tenantId, { waId: '8613800138102', name: 'Gone', optedOut: true });
});

async function readyList(rows: string[][], fields: { evidenceText?: string } = {}) {
  const reply = await uploadList(t, a.token, {
    file: { fileName: 'l.csv', content: csvFile([HEADER, ...rows]) },
    mapping: MAPPING,
    ...fields,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return listWhen(t, a.token, reply.body.data.id, ['ready']);
}

async function contactByWaId(waId: string) {
  const { rows } = await t.pool.query(
    `select c.name, c.consent, c.opt_in_source, c.opt_in_evidence, c.opted_in_at, c.opted_out_at, c.language, c.fields,
            c.number_id::text, c.owner_user_id::text, c.deleted_at,
            array(select t.name from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
                   where ct.tenant_id = c.tenant_id and ct.contact_id = c.id order by t.name) as tags
       from contact c where c.tenant_id = $1 and c.wa_id = $2`,
    [a.tenantId, waId],
  );
  return rows;
}

describe('data/login', () => {
  it('creates new contacts with the consent, fills what existing ones lack, and never re-subscribes anyone', async () => {
    const list = await readyList([
      ['+8613800138100', 'Ann', '2026-01-15 09:30', 'zh_CN', 'vip', 'Hangzhou'],
      ['+8613800138101', 'Bob', '', 'en', 'vip|new', ''],
      ['+8613800138102', 'Carl', '', '', 'vip', ''],
      ['+8613800138100', 'Ann again', '', '', '', ''],
      ['not a number', '', '', '', '', ''],
    ]);
    const load = await t.post('/api/data/login', {
      token: a.token,
      body: { id: list.id, numberId: numberA, ownerUserId: a.userId, tagIds: [tagA] },
    });
    expect(load.status, JSON.stringify(load.body)).toBe(200);
    const loaded = await listWhen(t, a.token, list.id, ['loaded']);
    expect(loaded).toMatchObject({ loaded_rows: 3, created_contacts: 1, updated_contacts: 2 });

    const [ann] = await contactByWaId('8613800138100');
    expect(ann).toMatchObject({
      name: 'Ann',
      consent: 'opted_in',
      opt_in_source: 'web_form',
      language: 'zh-cn',
      fields: { city: 'Hangzhou' },
      number_id: numberA,
      owner_user_id: a.userId,
      tags: ['Spring 2026', 'vip'],
    });
    expect(ann.opt_in_evidence).toContain('send me offers on WhatsApp');
    expect(ann.opted_in_at.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    const [bob] = await contactByWaId('8613800138101');
    expect(bob).toMatchObject({
      name: 'Bob',
      consent: 'opted_in',
      language: 'en',
      tags: ['Spring 2026', 'new', 'vip'],
    });
    const [carl] = await contactByWaId('8613800138102');
    expect(carl).toMatchObject({ name: 'Gone', consent: 'opted_out', opted_in_at: null, tags: ['Spring 2026', 'vip'] });

    // The contact list shows the loaded contact with its consent source.
    const contacts = await t.post('/api/friend/list', {
      token: a.token,
      body: { filters: { search: '8613800138100' } },
    });
    expect(contacts.body.data.records[0]).toMatchObject({
      wa_id: '8613800138100',
      consent: 'opted_in',
      opt_in_source: 'web_form',
    });

    // Loading again changes nothing and creates nothing twice.
    await t.post('/api/data/login', { token: a.token, body: { id: list.id } });
    const again = await listWhen(t, a.token, list.id, ['loaded']);
    expect(again).toMatchObject({ loaded_rows: 3, created_contacts: 0, updated_contacts: 3 });
    expect(await contactByWaId('8613800138100')).toHaveLength(1);
  });

  it('loads a list without evidence as contacts with no consent', async () => {
    const list = await readyList([['+8613800138110', 'Dee', '2026-01-01', '', '', '']], { evidenceText: '' });
    expect(list.has_evidence).toBe(false);
    await t.post('/api/data/login', { token: a.token, body: { id: list.id } });
    await listWhen(t, a.token, list.id, ['loaded']);
    const [dee] = await contactByWaId('8613800138110');
    expect(dee).toMatchObject({ consent: 'none', opt_in_source: null, opted_in_at: null });
  });

  it("refuses a list not checked yet, and another tenant's number, agent or tags by name", async () => {
    const draft = await uploadList(t, a.token, {
      file: { fileName: 'd.csv', content: csvFile([['phone'], ['+8613800138120']]) },
    });
    const notReady = await t.post('/api/data/login', { token: a.token, body: { id: draft.body.data.id } });
    expect(notReady.status).toBe(409);
    const list = await readyList([['+8613800138121', '', '', '', '', '']]);
    const cases: [object, RegExp][] = [
      [{ numberId: numberB }, /^numberId: 号码不存在/],
      [{ ownerUserId: b.userId }, /^ownerUserId: 用户不存在/],
      [{ tagIds: [tagB] }, /^tagIds: 标签不存在/],
    ];
    for (const [body, message] of cases) {
      const reply = await t.post('/api/data/login', { token: a.token, body: { id: list.id, ...body } });
      expect(reply.status).toBe(404);
      expect(reply.body.message).toMatch(message);
    }
  });
});

describe('evidence files', () => {
  it('keeps a PDF or an image as the evidence, serves it back, and loads with consent on it alone', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const added = await uploadList(t, a.token, {
      file: { fileName: 'e.csv', content: csvFile([HEADER, ['+8613800138150', 'Eve', '', '', '', '']]) },
      mapping: MAPPING,
      evidenceText: '',
      evidence: { fileName: 'signup-sheet.pdf', content: pdf },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({
      has_evidence: true,
      evidence_text: null,
      evidence_file: { name: 'signup-sheet.pdf', type: 'application/pdf', size: pdf.length },
    });
    const file = await t.post('/api/data/evidence', { token: a.token, body: { id: added.body.data.id } });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.body)).toBe(pdf.toString());
    expect((await t.post('/api/data/evidence', { token: b.token, body: { id: added.body.data.id } })).status).toBe(404);

    await listWhen(t, a.token, added.body.data.id, ['ready']);
    await t.post('/api/data/login', { token: a.token, body: { id: added.body.data.id } });
    await listWhen(t, a.token, added.body.data.id, ['loaded']);
    const [eve] = await contactByWaId('8613800138150');
    expect(eve).toMatchObject({ consent: 'opted_in' });
    expect(eve.opt_in_evidence).toContain('file: signup-sheet.pdf');
  });

  it('refuses evidence that is not a PDF or an image, and keeps nothing', async () => {
    const reply = await uploadList(t, a.token, {
      file: { fileName: 'e.csv', content: csvFile([HEADER, ['+8613800138151', '', '', '', '', '']]) },
      evidence: { fileName: 'notes.exe', content: Buffer.from('MZ\u0090\u0000binary') },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^evidence: 须为 PDF 或图片/);
  });
});

describe("another tenant's lists", () => {
  it('are not found by any call, and never listed', async () => {
    const list = await readyList([['+8613800138130', '', '', '', '', '']]);
    for (const [url, body] of [
      ['/api/data/details', { pid: list.id }],
      ['/api/data/run', { id: list.id }],
      ['/api/data/login', { id: list.id }],
      ['/api/data/del', { ids: [list.id] }],
      ['/api/data/down', { id: list.id }],
    ] as const) {
      const reply = await t.post(url, { token: b.token, body });
      expect(reply.status, url).toBe(404);
    }
    const listed = await t.post('/api/data/list', { token: b.token, body: {} });
    expect(listed.body.data.records.map((record: { id: string }) => record.id)).not.toContain(list.id);
    const all = await t.post('/api/data/getall', { token: b.token });
    expect(all.body.data.map((record: { id: string }) => record.id)).not.toContain(list.id);
  });

  it('refuse strangers: no token, a seat, bad input', async () => {
    await refusesStrangers(t, tenants, calls.audienceList, {
      valid: () => ({}),
      bad: [
        [{ pageSize: 7 }, 'pageSize'],
        [{ filters: { status: 'done' } }, 'filters.status'],
      ],
    });
    await refusesStrangers(t, tenants, calls.audienceDetails, {
      valid: () => ({ pid: '1' }),
      bad: [
        [{}, 'pid'],
        [{ pid: 'x' }, 'pid'],
        [{ pid: '1', filters: { outcome: 'maybe' } }, 'filters.outcome'],
      ],
    });
    await refusesStrangers(t, tenants, calls.audienceLoad, {
      valid: () => ({ id: '1' }),
      bad: [
        [{ id: '1', tagIds: ['x'] }, 'tagIds.0'],
        [{ id: '1', numberId: 5 }, 'numberId'],
      ],
    });
    await refusesStrangers(t, tenants, calls.audienceDelete, {
      valid: () => ({ ids: ['1'] }),
      bad: [[{ ids: [] }, 'ids']],
      onlyStrangers: { body: () => ({ ids: ['999999'] }), field: 'ids' },
    });
    await refusesStrangers(t, tenants, calls.audienceCheck, {
      valid: () => ({ phones: ['+8613800138000'] }),
      bad: [
        [{ phones: [] }, 'phones'],
        [{ phones: ['1'], defaultCountry: 'China' }, 'defaultCountry'],
      ],
    });
  });
});

describe('data/down and data/del', () => {
  it('downloads the rows with their outcomes as CSV and XLSX, then deletes the list and its rows', async () => {
    const list = await readyList([
      ['+8613800138140', '=cmd()', '', '', '', ''],
      ['bad', '', '', '', '', ''],
    ]);
    const csv = await t.post('/api/data/down', { token: a.token, body: { id: list.id } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('行号,号码（原文）,E.164,国家,类型,名称,结果,原因,同意时间 (UTC),语言,标签,自定义字段');
    expect(lines[1]).toBe("2,+8613800138140,+8613800138140,CN,mobile,'=cmd(),新号码,,,,,");
    expect(lines[2]).toBe('3,bad,,,,,无效,不是号码,,,,');
    const invalidOnly = await t.post('/api/data/down', {
      token: a.token,
      body: { id: list.id, outcome: 'invalid' },
      headers: { 'accept-language': 'en' },
    });
    expect(String(invalidOnly.body).trim().split('\r\n')).toHaveLength(2);
    expect(String(invalidOnly.body)).toContain('Invalid,Not a number');
    const xlsx = await t.post('/api/data/down', { token: a.token, body: { id: list.id, format: 'xlsx' } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    const deleted = await t.post('/api/data/del', { token: a.token, body: { ids: [list.id] } });
    expect(deleted.body.data).toEqual({ count: 1 });
    const details = await t.post('/api/data/details', { token: a.token, body: { pid: list.id } });
    expect(details.status).toBe(404);
    const again = await t.post('/api/data/del', { token: a.token, body: { ids: [list.id] } });
    expect(again.status).toBe(404);
    await expect
      .poll(async () => (await t.pool.query('select 1 from audience_list where id = $1', [list.id])).rowCount, {
        timeout: 20_000,
      })
      .toBe(0);
    const { rows } = await t.pool.query('select count(*)::int as n from audience_row where list_id = $1', [list.id]);
    expect(rows[0].n).toBe(0);
  });
});
