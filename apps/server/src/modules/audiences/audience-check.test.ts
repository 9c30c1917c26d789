import type { AudienceList } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { contactOf } from '../contacts/test-support.js';
import { csvFile, listWhen, uploadList, xlsxFile } from './test-support.js';

const t = useTestApp({}, { worker: true });
const tenants = useTenants(t, 'lists');
const { a, b } = tenants;

const MAPPING = { phone: 'Mobile', name: 'Name', optedInAt: 'Signed up', tags: 'Tags', fields: { city: 'City' } };
const HEADER = ['Mobile', 'Name', 'Signed up', 'Tags', 'City'];

beforeAll(async () => {
  await contactOf(t, a.tenantId, { waId: '8613800138001', name: 'Known' });
  await contactOf(t, a.tenantId, { waId: '8613800138002', name: 'Gone', optedOut: true });
  // Tenant B's contact with a number of A's list: A's check must not see it.
  await contactOf(t, b.tenantId, { waId: '8613800138003', name: 'Not yours' });
});

async function checked(
  rows: (string | number)[][],
  extra: Parameters<typeof uploadList>[2] = {},
): Promise<AudienceList> {
  const reply = await uploadList(t, a.token, {
    file: { fileName: 'list.csv', content: csvFile(rows) },
    mapping: MAPPING,
    ...extra,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return listWhen(t, a.token, reply.body.data.id, ['ready', 'failed']);
}

describe('data/add and the check', () => {
  it('checks every row: E.164, type, invalid with the reason, repeats, existing and opted-out contacts', async () => {
    const list = await checked(
      [
        HEADER,
        ['+86 138 0013 8000', 'Li Lei', '2025-03-01', 'vip|spring', 'Shanghai'],
        ['13800138004', 'National', '', '', ''],
        ['+8613800138001', 'Known', '', '', ''],
        ['8613800138002', 'Gone', '', '', ''],
        ['+8613800138003', 'B has it', '', '', ''],
        ['(+86) 138-0013-8000', 'Repeat', '', '', ''],
        ['hello', 'Text', '', '', ''],
        ['', 'Blank', '', '', ''],
        ['+86 10 6552 9988', 'Landline', '', '', ''],
        ['+8613800138005', 'Bad time', 'next Tuesday', '', ''],
      ],
      { defaultCountry: 'cn' },
    );
    expect(list).toMatchObject({
      status: 'ready',
      error: null,
      default_country: 'CN',
      file_kind: 'csv',
      has_evidence: true,
    });
    expect(list.counts).toEqual({
      rows: 10,
      valid: 6,
      invalid: 3,
      duplicate: 1,
      new: 4,
      contact: 1,
      opted_out: 1,
      types: { mobile: 5, fixed_line: 1 },
      reasons: { not_a_number: 1, empty: 1, bad_opt_in_time: 1 },
      countries: { CN: 6 },
    });
    const details = await t.post('/api/data/details', { token: a.token, body: { pid: list.id, pageSize: 50 } });
    expect(details.status).toBe(200);
    expect(details.body.data.total).toBe(10);
    const rows = details.body.data.records;
    expect(rows[0]).toEqual({
      row: 2,
      phone: '+86 138 0013 8000',
      e164: '+8613800138000',
      country: 'CN',
      type: 'mobile',
      name: 'Li Lei',
      outcome: 'new',
      reason: null,
      opted_in_at: '2025-03-01T00:00:00.000000Z',
      language: null,
      tags: ['vip', 'spring'],
      fields: { city: 'Shanghai' },
    });
    expect(rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      'new',
      'new',
      'contact',
      'opted_out',
      'new',
      'duplicate',
      'invalid',
      'invalid',
      'new',
      'invalid',
    ]);
    expect(rows[1]).toMatchObject({ phone: '13800138004', e164: '+8613800138004' });
    const invalid = await t.post('/api/data/details', {
      token: a.token,
      body: { pid: list.id, filters: { outcome: 'invalid' } },
    });
    expect(invalid.body.data.total).toBe(3);
    expect(invalid.body.data.records.map((row: { reason: string }) => row.reason)).toEqual([
      'not_a_number',
      'empty',
      'bad_opt_in_time',
    ]);
    const searched = await t.post('/api/data/details', {
      token: a.token,
      body: { pid: list.id, filters: { search: '138-0013-8000' } },
    });
    expect(searched.body.data.records.map((row: { row: number }) => row.row)).toEqual([2, 7]);
  });

  it('reads national numbers without a default country only when they carry their country code', async () => {
    const list = await checked([HEADER, ['13800138006', '', '', '', ''], ['8613800138007', '', '', '', '']]);
    expect(list.counts).toMatchObject({ rows: 2, valid: 1, invalid: 1, reasons: { invalid_number: 1 } });
  });

  it('keeps a list without a mapping as a draft with its columns, preview and a guessed mapping, then runs it', async () => {
    const content = csvFile(
      [
        ['手机号', '姓名', '备注'],
        ['+8613800138010', '王芳', 'x'],
        ['+8613800138011', '张伟', 'y'],
      ],
      ';',
    );
    const added = await uploadList(t, a.token, { file: { fileName: '名单.csv', content } });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      status: 'draft',
      file_name: '名单.csv',
      columns: ['手机号', '姓名', '备注'],
      preview: [
        ['+8613800138010', '王芳', 'x'],
        ['+8613800138011', '张伟', 'y'],
      ],
      mapping: { phone: '手机号', name: '姓名', fields: {} },
    });
    const run = await t.post('/api/data/run', { token: a.token, body: { id: added.body.data.id } });
    expect(run.status).toBe(200);
    const list = await listWhen(t, a.token, added.body.data.id, ['ready']);
    expect(list.counts).toMatchObject({ rows: 2, new: 2 });
  });

  it('re-checks a list with a new mapping from an empty list, without keeping the earlier rows', async () => {
    const list = await checked([HEADER, ['+8613800138020', 'One', '', '', '4915100000001']]);
    expect(list.counts).toMatchObject({ rows: 1, new: 1 });
    const rerun = await t.post('/api/data/run', {
      token: a.token,
      body: { id: list.id, mapping: { phone: 'City', name: 'Name' } },
    });
    expect(rerun.status).toBe(200);
    const again = await listWhen(t, a.token, list.id, ['ready']);
    expect(again.counts).toMatchObject({ rows: 1, new: 1, countries: { DE: 1 } });
    const { rows } = await t.pool.query('select wa_id from audience_row where list_id = $1', [list.id]);
    expect(rows).toEqual([{ wa_id: '4915100000001' }]);
  });

  it('reads XLSX (numbers typed as numbers) and pasted lines', async () => {
    const xlsx = await xlsxFile([
      [{ value: 'phone' }, { value: 'name' }],
      [{ value: 8613800138030, type: Number }, { value: 'Typed' }],
      [{ value: '+14155552671' }, { value: 'Bob' }],
    ]);
    const added = await uploadList(t, a.token, {
      file: { fileName: 'list.xlsx', content: xlsx },
      mapping: { phone: 'phone', name: 'name' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const list = await listWhen(t, a.token, added.body.data.id, ['ready']);
    expect(list).toMatchObject({ file_kind: 'xlsx', counts: { rows: 2, new: 2, countries: { CN: 1, US: 1 } } });

    const pasted = await uploadList(t, a.token, {
      lines: '138 0013 8040\n13800138041\t王五\n\nnope\n',
      defaultCountry: 'CN',
    });
    expect(pasted.status).toBe(200);
    expect(pasted.body.data).toMatchObject({
      file_kind: 'lines',
      has_header: false,
      columns: ['1', '2'],
      status: 'draft',
    });
    await t.post('/api/data/run', { token: a.token, body: { id: pasted.body.data.id } });
    const lines = await listWhen(t, a.token, pasted.body.data.id, ['ready']);
    expect(lines.counts).toMatchObject({ rows: 3, new: 2, invalid: 1 });
  });

  it('reads a CSV saved by Chinese Excel (GB18030) with its names intact', async () => {
    const gb = Buffer.from([
      ...Buffer.from('phone,name\r\n+8613800138050,'),
      0xcd,
      0xf5,
      0xb7,
      0xbc, // 王芳 in GB18030
      ...Buffer.from('\r\n'),
    ]);
    const added = await uploadList(t, a.token, {
      file: { fileName: 'gb.csv', content: gb },
      mapping: { phone: 'phone', name: 'name' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await listWhen(t, a.token, added.body.data.id, ['ready']);
    const details = await t.post('/api/data/details', { token: a.token, body: { pid: added.body.data.id } });
    expect(details.body.data.records[0].name).toBe('王芳');
  });

  it('ends a list with no valid number as failed, saying why', async () => {
    const list = await checked([HEADER, ['nothing', '', '', '', ''], ['12', '', '', '', '']]);
    expect(list).toMatchObject({ status: 'failed', error: '文件中没有有效号码' });
  });
});

describe('data/add refuses what it cannot read, naming the problem', () => {
  const refused = async (input: Parameters<typeof uploadList>[2], message: RegExp) => {
    const reply = await uploadList(t, a.token, input);
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.message).toMatch(message);
  };
  const csv = (text: string) => ({ fileName: 'x.csv', content: Buffer.from(text) });

  it('an empty file, a header without rows, binary content, old Excel and a broken XLSX', async () => {
    await refused({ file: csv('') }, /^file: 文件是空的/);
    await refused({ file: csv('phone,name\r\n') }, /^file: 文件中没有数据行/);
    await refused(
      { file: { fileName: 'x.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) } },
      /^file: 只能上传 CSV 或 XLSX/,
    );
    await refused(
      { file: { fileName: 'x.xls', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]) } },
      /^file: 不支持旧版 Excel/,
    );
    await refused(
      { file: { fileName: 'x.xlsx', content: Buffer.from('PK\u0003\u0004broken zip') } },
      /^file: 不是有效的 XLSX/,
    );
  });

  it('a file of more than 10 000 000 rows, counted while it streams in', async () => {
    const content = Buffer.concat([Buffer.from('phone\n+8613800138070\n'), Buffer.alloc(10_000_000, 0x0a)]);
    await refused({ file: { fileName: 'huge.csv', content } }, /^file: 文件不能超过 10,000,000 行/);
  });

  it('no file, a mapping naming a missing column, bad JSON, a bad consent source or country, no name', async () => {
    await refused({}, /^file: /);
    const file = csv('phone,name\r\n+8613800138060,A\r\n');
    await refused({ file, mapping: { phone: 'Mobile' } }, /^mapping\.phone: 文件中没有“Mobile”列（有：phone, name）/);
    await refused({ file, mapping: '{nope' }, /^mapping: 须为 JSON 对象/);
    await refused({ file, mapping: { name: 'name' } }, /^mapping\.phone: /);
    await refused({ file, consentSource: 'bought_list' }, /^consentSource: /);
    await refused({ file, defaultCountry: 'XX' }, /^defaultCountry: /);
    await refused({ file, name: ' ' }, /^name: /);
    const { rows } = await t.pool.query(
      'select count(*)::int as n from audience_list where tenant_id = $1 and file_name = $2',
      [a.tenantId, 'x.csv'],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('data/check', () => {
  it('answers each number at once, in order, from its metadata and the contacts', async () => {
    const reply = await t.post('/api/data/check', {
      token: a.token,
      body: { phones: ['+8613800138001', '13800138002', 'abc', '+8613800138003'], defaultCountry: 'CN' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual([
      {
        phone: '+8613800138001',
        valid: true,
        reason: null,
        e164: '+8613800138001',
        country: 'CN',
        type: 'mobile',
        contact: true,
        opted_out: false,
      },
      {
        phone: '13800138002',
        valid: true,
        reason: null,
        e164: '+8613800138002',
        country: 'CN',
        type: 'mobile',
        contact: true,
        opted_out: true,
      },
      {
        phone: 'abc',
        valid: false,
        reason: 'not_a_number',
        e164: null,
        country: null,
        type: null,
        contact: false,
        opted_out: false,
      },
      // Tenant B's contact is not A's.
      {
        phone: '+8613800138003',
        valid: true,
        reason: null,
        e164: '+8613800138003',
        country: 'CN',
        type: 'mobile',
        contact: false,
        opted_out: false,
      },
    ]);
    const tooMany = await t.post('/api/data/check', { token: a.token, body: { phones: Array(1001).fill('1') } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^phones: /);
  });
});
