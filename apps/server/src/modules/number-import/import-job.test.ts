import type { TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSeat } from '../../test/tenants.js';
import { csvOf, progressUntilFinished, rowOf, type SandboxNumber, useImportWorld, xlsxOf } from './test-support.js';

const world = useImportWorld({ worker: true });
const t = world.app;
let owner: TokenPair;
let stranger: TokenPair;
beforeAll(async () => {
  owner = await t.registerOperator('warehouse');
  stranger = await t.registerOperator('stranger');
});

const importFile = async (token: string, file: Buffer, name: string, target = 'sandbox') => {
  const reply = await world.upload(token, file, name, { target });
  expect(reply.status).toBe(200);
  expect(reply.body.data.import_id).not.toBeNull();
  return progressUntilFinished(t, token, reply.body.data.import_id);
};

describe('the import job against the sandbox', () => {
  it("connects each number with Meta's state, its portfolio and its tags", async () => {
    const first = await world.newSandboxNumber({ throughput_level: 'HIGH', quality_rating: 'YELLOW' });
    const second = await world.newSandboxNumber({ waba_id: first.waba_id, verified_name: 'Acme Two' });
    const file = await xlsxOf([rowOf(first, 'vip|East', 'Acme Group'), rowOf(second, 'vip, new')]);
    const progress = await importFile(owner.access_token, file, 'acme.xlsx');
    expect(progress).toMatchObject({
      status: 'done',
      target: 'sandbox',
      total_rows: 2,
      processed_rows: 2,
      imported: 2,
      skipped: 0,
      failed: 0,
      problems: [],
      username: 'warehouse',
      error: null,
    });
    expect(progress.finished_at).not.toBeNull();

    const { rows } = await t.pool.query(
      `select n.phone, n.phone_number_id, n.verified_name, n.quality_rating, n.throughput_level, n.throughput_per_second,
              n.messaging_limit_tier, n.status, n.api_base_url, n.access_token_encrypted, p.name as portfolio,
              p.messaging_limit, array(select t.name from number_tag nt join tag t on t.tenant_id = nt.tenant_id and t.id = nt.tag_id
                                        where nt.tenant_id = n.tenant_id and nt.number_id = n.id order by t.name) as tags
         from wa_number n
         join wa_business_account w on w.tenant_id = n.tenant_id and w.id = n.waba_ref
         join wa_portfolio p on p.tenant_id = w.tenant_id and p.id = w.portfolio_id
        where n.tenant_id = $1 order by n.id`,
      [owner.user_info.tenant_id],
    );
    expect(rows.map(({ access_token_encrypted: _sealed, ...row }) => row)).toEqual([
      {
        phone: first.display_phone_number,
        phone_number_id: first.phone_number_id,
        verified_name: 'Acme Imports',
        quality_rating: 'YELLOW',
        throughput_level: 'HIGH',
        throughput_per_second: 1000,
        messaging_limit_tier: 'TIER_2K',
        status: 'CONNECTED',
        api_base_url: world.sandbox().url,
        portfolio: 'Acme Group',
        messaging_limit: 2000,
        tags: ['East', 'vip'],
      },
      expect.objectContaining({
        verified_name: 'Acme Two',
        quality_rating: 'GREEN',
        throughput_per_second: 80,
        portfolio: 'Acme Group',
        tags: ['new', 'vip'],
      }),
    ]);
    expect(rows[0].access_token_encrypted).not.toContain(first.access_token);
    expect(t.context.whatsapp.tokenCipher.decrypt(rows[0].access_token_encrypted)).toBe(first.access_token);
    const tags = await t.pool.query("select name, item_count from tag where tenant_id = $1 and kind = 'number'", [
      owner.user_info.tenant_id,
    ]);
    expect(tags.rows.map((tag) => tag.name).sort()).toEqual(['East', 'new', 'vip']);
    const tokens = await t.pool.query(
      "select count(*)::int as n from number_import_row where import_id = $1 and access_token_encrypted <> ''",
      [progress.import_id],
    );
    expect(tokens.rows[0].n).toBe(0);

    const listed = await t.post('/api/agent/list', { token: owner.access_token, body: {} });
    expect(listed.body.data.records.map((record: { phone_number_id: string }) => record.phone_number_id)).toEqual(
      expect.arrayContaining([first.phone_number_id, second.phone_number_id]),
    );
  });

  it('skips numbers already imported, fails numbers of another account, never saying whose', async () => {
    const mine = await world.newSandboxNumber();
    const theirs = await world.newSandboxNumber();
    await importFile(stranger.access_token, csvOf([rowOf(theirs)]), 'theirs.csv');
    await importFile(owner.access_token, csvOf([rowOf(mine)]), 'first.csv');
    const again = await importFile(owner.access_token, csvOf([rowOf(mine), rowOf(theirs)]), 'again.csv');
    expect(again).toMatchObject({ status: 'done', imported: 0, skipped: 1, failed: 1 });
    expect(again.problems).toEqual([
      {
        row: 2,
        phone: mine.display_phone_number,
        phone_number_id: mine.phone_number_id,
        outcome: 'skipped',
        field: 'phone_number_id',
        message: '已导入过',
      },
      {
        row: 3,
        phone: theirs.display_phone_number,
        phone_number_id: theirs.phone_number_id,
        outcome: 'failed',
        field: 'phone_number_id',
        message: '已属于其他账户',
      },
    ]);
    expect(JSON.stringify(again)).not.toContain(stranger.user_info.tenant_id);
  });

  it('fails rows the Cloud API refuses, naming the sandbox that refused them, and rows whose phone or WABA do not match', async () => {
    const number = await world.newSandboxNumber();
    const other = await world.newSandboxNumber();
    const wrongToken = [...rowOf(number)];
    wrongToken[3] = 'EAAG-not-a-real-token-000';
    const wrongPhone = [...rowOf(other)];
    wrongPhone[0] = '+15550009999';
    const wrongWaba = [...rowOf(await world.newSandboxNumber())];
    wrongWaba[2] = other.waba_id;
    const unknownId = [...rowOf(other)];
    unknownId[0] = '+15550009998';
    unknownId[1] = '999999999999999';
    const file = csvOf([wrongToken, wrongPhone, wrongWaba, unknownId]);
    const progress = await importFile(owner.access_token, file, 'wrong.csv');
    expect(progress).toMatchObject({ status: 'done', imported: 0, failed: 4 });
    const byRow = Object.fromEntries(
      progress.problems.map((problem: { row: number; field: string; message: string }) => [
        problem.row,
        [problem.field, problem.message],
      ]),
    );
    expect(byRow[2]).toEqual(['token', expect.stringMatching(/^沙箱 拒绝了访问令牌或权限不足（\(#190\) /)]);
    expect(byRow[3]).toEqual(['phone', expect.stringMatching(/^与 沙箱 登记的号码 \+1 555-\d{3}-\d{4} 不一致$/)]);
    expect(byRow[4]).toEqual(['waba_id', expect.stringMatching(/\(#100\)/)]);
    expect(byRow[5]).toEqual(['phone_number_id', expect.stringMatching(/\(#100\)/)]);
    const english = await t.post('/api/agent/importprogress', {
      token: owner.access_token,
      body: { importId: progress.import_id },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.data.problems[0].message).toMatch(
      /^the sandbox refused the access token or its permissions \(\(#190\) /,
    );
  });

  it('reaches the numbers through the Cloud API base URL as the cloud target', async () => {
    const number = await world.newSandboxNumber();
    const progress = await importFile(owner.access_token, csvOf([rowOf(number)]), 'cloud.csv', 'cloud');
    expect(progress).toMatchObject({ status: 'done', target: 'cloud', imported: 1 });
    const { rows } = await t.pool.query('select api_base_url from wa_number where phone_number_id = $1', [
      number.phone_number_id,
    ]);
    expect(rows[0].api_base_url).toBe(t.context.whatsapp.apiBaseUrl);
  });
});

describe('POST /api/agent/importprogress and /api/agent/importlist', () => {
  let importId: string;
  beforeAll(async () => {
    const number: SandboxNumber = await world.newSandboxNumber();
    importId = (await importFile(owner.access_token, csvOf([rowOf(number)]), 'listed.csv')).import_id;
  });

  it("lists the tenant's imports newest first, and only the tenant's", async () => {
    const reply = await t.post('/api/agent/importlist', { token: owner.access_token, body: { pageSize: 10 } });
    expect(reply.status).toBe(200);
    const records = reply.body.data.records;
    expect(records[0]).toMatchObject({ import_id: importId, file_name: 'listed.csv', status: 'done', imported: 1 });
    expect(reply.body.data.total).toBe(records.length);
    const ids = records.map((record: { import_id: string }) => Number(record.import_id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const theirs = await t.post('/api/agent/importlist', { token: stranger.access_token, body: {} });
    expect(theirs.body.data.records.map((record: { import_id: string }) => record.import_id)).not.toContain(importId);
    const second = await t.post('/api/agent/importlist', {
      token: owner.access_token,
      body: { page: 2, pageSize: 10 },
    });
    expect(second.body.data).toMatchObject({ current: 2, records: [] });
  });

  it("answers another tenant's import id exactly like one that does not exist", async () => {
    const theirs = await t.post('/api/agent/importprogress', { token: stranger.access_token, body: { importId } });
    const nobody = await t.post('/api/agent/importprogress', {
      token: owner.access_token,
      body: { importId: '999999' },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(nobody.body);
    expect(theirs.body.message).toBe('导入任务不存在');
  });

  it('names bad input, and needs a token and an admin or operator', async () => {
    const badId = await t.post('/api/agent/importprogress', { token: owner.access_token, body: { importId: 'abc' } });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/^importId: /);
    const badSize = await t.post('/api/agent/importlist', { token: owner.access_token, body: { pageSize: 25 } });
    expect(badSize.status).toBe(400);
    expect(badSize.body.message).toMatch(/^pageSize: /);
    expect((await t.post('/api/agent/importprogress', { body: { importId } })).status).toBe(401);
    expect((await t.post('/api/agent/importlist', { body: {} })).status).toBe(401);
    const seat = await signedInSeat(t, owner.user_info.tenant_id);
    expect((await t.post('/api/agent/importprogress', { token: seat.token, body: { importId } })).status).toBe(403);
    expect((await t.post('/api/agent/importlist', { token: seat.token, body: {} })).status).toBe(403);
  });
});
