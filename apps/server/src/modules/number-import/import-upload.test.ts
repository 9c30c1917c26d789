import { deflateRawSync } from 'node:zlib';
import type { TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.js';
import { signedInSeat } from '../../test/tenants.js';
import { renderCaptchaPng } from '../auth/captcha/captcha-image.js';
import { csvOf, HEADER, useImportWorld, xlsxOf } from './test-support.js';
import { readXlsx } from './xlsx-reader.js';

// No worker: uploads stay queued, so what the upload stored can be looked at as it is.
const world = useImportWorld();
const t = world.app;
let owner: TokenPair;
beforeAll(async () => {
  owner = await t.registerOperator('importer');
});

const token = 'EAAG-test-token-123456';
const goodRow = (index: number) => [
  `+1 555 010 ${1000 + index}`,
  `10654035224${index}`,
  '102290129340398',
  token,
  'vip|east',
  '',
];

describe('POST /api/agent/import: checking the file', () => {
  it('stores the valid rows of a CSV with sealed tokens, queues the job and lists the refused rows', async () => {
    const file = csvOf([
      goodRow(1),
      ['8613800138000', '106540352242922', '102290129340398', 'tok-abcdefgh', 'a, b ,A', 'Acme'],
      ['', 'x12', '', '', '', ''],
      ['123', '106540352242923', '102290129340398', 'has space in it', 't'.repeat(65), ''],
      ['+1 555 010 1001', '106540352242922', '102290129340398', token, '', ''],
      ['', '', '', '', '', ''],
    ]);
    const reply = await world.upload(owner.access_token, file, 'numbers.csv');
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('新增成功');
    expect(reply.body.data).toMatchObject({ total_rows: 5, valid_rows: 2, error_count: 9 });
    expect(reply.body.data.errors).toEqual([
      { row: 4, field: 'phone', message: '必填' },
      { row: 4, field: 'phone_number_id', message: '须为 WhatsApp Manager 中的数字 ID' },
      { row: 4, field: 'waba_id', message: '必填' },
      { row: 4, field: 'token', message: '必填' },
      { row: 5, field: 'phone', message: '须为国际格式的手机号，如 +8613800138000' },
      { row: 5, field: 'token', message: '须为不含空格的访问令牌' },
      { row: 5, field: 'tags', message: '每个标签最多 64 个字符' },
      { row: 6, field: 'phone', message: '与第 2 行重复' },
      { row: 6, field: 'phone_number_id', message: '与第 3 行重复' },
    ]);

    const importId = reply.body.data.import_id;
    const { rows } = await t.pool.query(
      `select row_no, phone, phone_number_id, waba_id, access_token_encrypted, tags, portfolio, outcome
         from number_import_row where import_id = $1 order by row_no`,
      [importId],
    );
    expect(rows.map((row) => [row.row_no, row.phone, row.tags, row.portfolio, row.outcome])).toEqual([
      [2, '15550101001', ['vip', 'east'], null, null],
      [3, '8613800138000', ['a', 'b'], 'Acme', null],
    ]);
    expect(rows[0].access_token_encrypted).not.toContain(token);
    expect(t.context.whatsapp.tokenCipher.decrypt(rows[0].access_token_encrypted)).toBe(token);
    const job = await t.pool.query(
      `select j.id from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = 'number_import_run' and j.payload->>'importId' = $1`,
      [importId],
    );
    expect(job.rows).toHaveLength(1);
    const log = await t.pool.query("select target from operation_log where action = 'agent.import' order by id desc");
    expect(log.rows[0].target).toBe(`import ${importId} numbers.csv: 2/5 rows`);
  });

  it('answers row errors in English when asked', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/agent/import',
      ...formOf(csvOf([['12', '1', '2', token, '', '']]), { 'accept-language': 'en' }),
    });
    expect(reply.json().data.errors).toEqual([
      { row: 2, field: 'phone', message: 'must be an international number, e.g. +8613800138000' },
    ]);
  });

  it('reads XLSX: number cells as their digits, a 16-digit number cell as changed by Excel', async () => {
    const file = await xlsxOf([
      [8613800138001, 106540352242924, 102290129340398, token, 'vip', null],
      [8613800138002, 1065403522429250, '102290129340398', token, null, null],
      ['+8613800138003', '1065403522429251', '102290129340398', token, null, null],
    ]);
    const reply = await world.upload(owner.access_token, file, 'numbers.xlsx');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ total_rows: 3, valid_rows: 2 });
    expect(reply.body.data.errors).toEqual([
      { row: 3, field: 'phone_number_id', message: expect.stringContaining('Excel 把它存成了数字') },
    ]);
    const { rows } = await t.pool.query(
      'select phone, phone_number_id, waba_id from number_import_row where import_id = $1 order by row_no',
      [reply.body.data.import_id],
    );
    expect(rows).toEqual([
      { phone: '8613800138001', phone_number_id: '106540352242924', waba_id: '102290129340398' },
      { phone: '8613800138003', phone_number_id: '1065403522429251', waba_id: '102290129340398' },
    ]);
  });

  it('reads semicolon CSV, quoted fields, a BOM, any column order and GB18030 text', async () => {
    const semicolons = Buffer.from(
      `\uFEFFtoken;Phone;WABA_ID;phone number id;tags\r\n"${token}";"+86 138 0013 8004";1022;"1065";"新客;老客"\n`,
    );
    const reply = await world.upload(owner.access_token, semicolons, 'eu.csv');
    expect(reply.body.data).toMatchObject({ total_rows: 1, valid_rows: 1, errors: [] });
    const { rows } = await t.pool.query('select phone, tags from number_import_row where import_id = $1', [
      reply.body.data.import_id,
    ]);
    expect(rows).toEqual([{ phone: '8613800138004', tags: ['新客;老客'] }]);

    const gb = Buffer.from(new TextEncoder().encode(`${HEADER.join(',')}\n8613800138005,1066,1022,${token},,`));
    const chinese = Buffer.concat([gb, Buffer.from([0xc4, 0xac, 0xc8, 0xcf])]); // 默认 in GB18030
    const decoded = await world.upload(owner.access_token, chinese, 'gbk.csv');
    expect(decoded.body.data).toMatchObject({ valid_rows: 1 });
    const portfolio = await t.pool.query('select portfolio from number_import_row where import_id = $1', [
      decoded.body.data.import_id,
    ]);
    expect(portfolio.rows[0].portfolio).toBe('默认');
  });

  it('stores nothing and runs no job when no row is valid', async () => {
    const before = await t.pool.query('select count(*)::int as n from number_import');
    const reply = await world.upload(owner.access_token, csvOf([['1', 'a', 'b', '', '', '']]), 'bad.csv');
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ import_id: null, total_rows: 1, valid_rows: 0, error_count: 4 });
    const after = await t.pool.query('select count(*)::int as n from number_import');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

/** The owner's upload of `file` under another field name or with more headers. */
function formOf(file: Buffer, headers: Record<string, string> = {}, field = 'file') {
  const form = multipart(field, 'a.csv', 'text/csv', file);
  return { headers: { ...form.headers, token: owner.access_token, ...headers }, payload: form.payload };
}

describe('POST /api/agent/import: refusing what is no number list', () => {
  const refused = async (file: Buffer, name = 'x.csv', fields: Record<string, string> = {}) => {
    const reply = await world.upload(owner.access_token, file, name, fields);
    return { status: reply.status, message: reply.body.message as string };
  };

  it('names the file when it is empty, binary, old Excel, a broken zip, or has no rows', async () => {
    expect(await refused(Buffer.alloc(0))).toEqual({ status: 400, message: 'file: 文件是空的' });
    expect(await refused(renderCaptchaPng('1 + 1 = ?'), 'photo.csv')).toEqual({
      status: 400,
      message: 'file: 只能上传 CSV 或 XLSX 文件',
    });
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
    expect((await refused(ole, 'old.xls')).message).toMatch(/^file: 不支持旧版 Excel/);
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    expect(await refused(brokenZip, 'a.xlsx')).toEqual({ status: 400, message: 'file: 不是有效的 XLSX 文件' });
    expect(await refused(Buffer.from(`${HEADER.join(',')}\n\n`))).toEqual({
      status: 400,
      message: 'file: 表头下没有数据行',
    });
    expect(await refused(Buffer.from('\n\n'))).toEqual({ status: 400, message: 'file: 文件是空的' });
  });

  it('names the missing columns of the header', async () => {
    const reply = await refused(csvOf([['8613800138000', '1', '2']], ['phone', 'id', 'waba']));
    expect(reply.status).toBe(400);
    expect(reply.message).toMatch(/^file: 表头缺少列：phone_number_id, waba_id, token/);
  });

  it('refuses more than 10 000 rows, files over 5 MB, and spreadsheets that unpack too large', async () => {
    const many = csvOf(Array.from({ length: 10_001 }, (_, index) => goodRow(index)));
    expect(await refused(many)).toEqual({ status: 400, message: 'file: 最多 10000 行，请拆分文件' });
    const longToken = (index: number) => [...goodRow(index).slice(0, 3), `EAAG${'x'.repeat(420)}`, '', ''];
    const nearLimit = csvOf(Array.from({ length: 10_000 }, (_, index) => longToken(index)));
    expect(nearLimit.length).toBeGreaterThan(4 * 1024 * 1024);
    expect((await world.upload(owner.access_token, nearLimit, 'near.csv')).body.data.valid_rows).toBe(10_000);
    const big = Buffer.concat([csvOf([goodRow(1)]), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    expect(await refused(big)).toEqual({ status: 413, message: 'file: 文件不能超过 5 MB' });
    expect(await refused(zipBomb(), 'bomb.xlsx')).toEqual({
      status: 413,
      message: 'file: 表格解压后过大，请拆分后再导入',
    });
  });

  it('needs multipart with a file field, a known target, and the sandbox to exist', async () => {
    const json = await t.post('/api/agent/import', { token: owner.access_token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/^file: /);
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/agent/import',
      ...formOf(csvOf([goodRow(1)]), {}, 'upload'),
    });
    expect(wrongField.json().message).toMatch(/^file: /);
    expect(await refused(csvOf([goodRow(1)]), 'a.csv', { target: 'moon' })).toEqual({
      status: 400,
      message: 'target: 须为 cloud, sandbox 之一',
    });
  });

  it('needs a token and an admin or operator', async () => {
    expect((await world.upload(null, csvOf([goodRow(1)]), 'a.csv')).status).toBe(401);
    const seat = await signedInSeat(t, owner.user_info.tenant_id);
    expect((await world.upload(seat.token, csvOf([goodRow(1)]), 'a.csv')).status).toBe(403);
  });
});

/** A zip whose one entry inflates to 40 MB of spaces (about 40 kB packed). */
function zipBomb(): Buffer {
  const padding = deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
  const name = Buffer.from('xl/padding.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(padding.length, 18);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(padding.length, 20);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + padding.length, 16);
  return Buffer.concat([local, name, padding, central, name, end]);
}

describe('GET /api/agent/importtemplate', () => {
  it('gives the CSV template with a BOM and the header row', async () => {
    const reply = await t.get('/api/agent/importtemplate', { token: owner.access_token, query: { format: 'csv' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toContain('number-import-template.csv');
    expect(reply.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });

  it('gives the XLSX template, which reads back as the header row alone', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/agent/importtemplate?format=xlsx',
      headers: { token: owner.access_token },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const table = await readXlsx(reply.rawPayload);
    expect(table.rows[0]).toEqual(HEADER);
    const empty = await world.upload(owner.access_token, reply.rawPayload, 'template.xlsx');
    expect(empty.body.message).toBe('file: 表头下没有数据行');
  });

  it('needs a known format and a token', async () => {
    const pdf = await t.get('/api/agent/importtemplate', { token: owner.access_token, query: { format: 'pdf' } });
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toMatch(/^format: /);
    const none = await t.get('/api/agent/importtemplate', { token: owner.access_token });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^format: /);
    expect((await t.get('/api/agent/importtemplate', { query: { format: 'csv' } })).status).toBe(401);
  });
});
