import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedTemplate } from '../../test/whatsapp-fixtures.js';
import { startCampaign } from './start-campaign.js';
import { approvedTemplate, newCampaign, taggedContacts } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'cmpadd');
let numberA: string;
let secondA: string;
let numberB: string;
let tagA: string;
let tagB: string;
let templateA: string;
let consenting: string[];

beforeAll(async () => {
  numberA = await addNumber(t, tenants.a.tenantId);
  secondA = await addNumber(t, tenants.a.tenantId);
  numberB = await addNumber(t, tenants.b.tenantId);
  tagA = await addTag(t, tenants.a.tenantId, 'spring', 'contact');
  tagB = await addTag(t, tenants.b.tenantId, 'spring', 'contact');
  templateA = await approvedTemplate(t, tenants.a.tenantId, numberA);
  consenting = await taggedContacts(t, tenants.a.tenantId, tagA, 6);
  await taggedContacts(t, tenants.a.tenantId, tagA, 2, { consent: false });
  await taggedContacts(t, tenants.a.tenantId, tagA, 1, { optedOut: { at: new Date(), channel: 'keyword' } });
  await taggedContacts(t, tenants.b.tenantId, tagB, 3);
});

const add = (body: unknown, token = tenants.a.token) =>
  t.post('/api/btmsg/add', { body, token, headers: { 'accept-language': 'en' } });

describe('POST /api/btmsg/add', () => {
  it('refuses strangers and bad input, naming the field', async () => {
    await refusesStrangers(t, tenants, calls.btmsgAdd, {
      valid: () => newCampaign(numberA, tagA, templateA),
      bad: [
        [newCampaign(numberA, tagA, templateA, { name: '' }), /^name: /],
        [newCampaign(numberA, tagA, templateA, { numberIds: undefined }), /^numberIds: /],
        [newCampaign(numberA, tagA, templateA, { audience: {} }), /^audience: /],
        [
          newCampaign(numberA, tagA, templateA, { schedule: { window: { from: '25:00', to: '08:00' } } }),
          /^schedule\.window\.from: /,
        ],
        [newCampaign(numberA, tagA, templateA, { options: { ratePerSecond: 0 } }), /^options\.ratePerSecond: /],
      ],
    });
  });

  it('answers 404 naming the field for a number, tag or template of another tenant', async () => {
    const number = await add(newCampaign(numberB, tagA, templateA));
    expect(number.status).toBe(404);
    expect(number.body.message).toMatch(/^numberIds: /);
    const tag = await add(newCampaign(numberA, tagB, templateA));
    expect(tag.status).toBe(404);
    expect(tag.body.message).toMatch(/^audience\.tagIds: /);
    const templateB = await seedTemplate(t.pool, tenants.b.tenantId, numberB, { name: 'b_sale' });
    const template = await add(newCampaign(numberA, tagA, templateB));
    expect(template.status).toBe(404);
    expect(template.body.message).toMatch(/^content\.templateId: /);
  });

  it('refuses an unapproved template, an unmapped or unknown variable, a past start and an empty audience', async () => {
    const pending = await seedTemplate(t.pool, tenants.a.tenantId, numberA, { name: 'pending_one', status: 'PENDING' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ content: { kind: 'template', templateId: pending } }, /^content\.templateId: .*PENDING/],
      [{ content: { kind: 'template', templateId: templateA } }, /^content\.variables\.body\.1: /],
      [
        {
          content: {
            kind: 'template',
            templateId: templateA,
            variables: { 'body.1': { source: 'constant', value: 'x' }, 'body.2': { source: 'constant', value: 'y' } },
          },
        },
        /^content\.variables\.body\.2: /,
      ],
      [{ schedule: { startAt: new Date(Date.now() - 3_600_000).toISOString() } }, /^schedule\.startAt: /],
      [{ audience: { contactIds: ['999999999'] } }, /^audience: /],
      [{ options: { ratePerSecond: 500 } }, /^options\.ratePerSecond: /],
    ];
    for (const [change, message] of cases) {
      const reply = await add(newCampaign(numberA, tagA, templateA, change));
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.message).toMatch(message);
    }
    const zh = await t.post('/api/btmsg/add', {
      body: newCampaign(numberA, tagA, templateA, { schedule: { startAt: '2020-01-01T00:00:00Z' } }),
      token: tenants.a.token,
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.message).toBe('schedule.startAt: 开始时间已过');
  });

  it('refuses a sender whose WABA lacks the template', async () => {
    const reply = await add(newCampaign(numberA, tagA, templateA, { numberIds: [numberA, secondA] }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^numberIds: the WABA of .* has no approved template spring_sale/);
  });

  it('previews the forecast without creating anything', async () => {
    const reply = await add(newCampaign(numberA, tagA, templateA, { preview: true }));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.campaign).toBeNull();
    expect(reply.body.data.forecast).toMatchObject({
      audience: 9,
      eligible: 6,
      skipped: { no_consent: 2, opted_out: 1 },
      per_hour: 80 * 3600,
      bound: 'throughput',
      templates_by_country: [{ country: 'GB', recipients: 6 }],
      cost: { currency: 'USD', category: 'marketing', lines: [], total_micros: 0, unpriced_recipients: 6 },
    });
    const { rows } = await t.pool.query('select count(*)::int as n from campaign where tenant_id = $1', [
      tenants.a.tenantId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('creates a campaign starting now, and its snapshot holds the eligible contacts only, from the sender', async () => {
    const reply = await add(newCampaign(numberA, tagA, templateA));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const campaign = reply.body.data.campaign;
    expect(campaign).toMatchObject({ kind: 'mass', name: 'Spring sale', status: 'starting', recipients: 0 });
    expect(campaign.template).toMatchObject({ name: 'spring_sale', category: 'MARKETING' });
    await startCampaign(t.context, tenants.a.tenantId, campaign.id);
    const details = await t.post('/api/btmsg/details', {
      body: { id: campaign.id, pageSize: 50 },
      token: tenants.a.token,
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const data = details.body.data;
    expect(data.campaign).toMatchObject({
      status: 'running',
      recipients: 6,
      skipped: { no_consent: 2, opted_out: 1 },
      counts: { pending: 6 },
      run_no: 1,
    });
    expect(data.recipients.total).toBe(6);
    expect(data.recipients.records.map((r: { contact_id: string }) => r.contact_id).sort()).toEqual(
      [...consenting].sort(),
    );
    expect(new Set(data.recipients.records.map((r: { number_id: string }) => r.number_id))).toEqual(new Set([numberA]));
    expect(data.by_number).toEqual([{ number_id: numberA, counts: { pending: 6 } }]);
    // Starting again does nothing: the campaign is no longer waiting.
    await startCampaign(t.context, tenants.a.tenantId, campaign.id);
    const { rows } = await t.pool.query('select count(*)::int as n from campaign_recipient where campaign_id = $1', [
      campaign.id,
    ]);
    expect(rows[0].n).toBe(6);
  });

  it('schedules a campaign for later, and its start job waits for the time', async () => {
    const startAt = new Date(Date.now() + 3_600_000).toISOString();
    const reply = await add(newCampaign(numberA, tagA, templateA, { name: 'Later', schedule: { startAt } }));
    expect(reply.body.data.campaign).toMatchObject({ status: 'scheduled' });
    expect(Date.parse(reply.body.data.campaign.starts_at)).toBe(Date.parse(startAt));
    await startCampaign(t.context, tenants.a.tenantId, reply.body.data.campaign.id);
    const { rows } = await t.pool.query('select status from campaign where id = $1', [reply.body.data.campaign.id]);
    expect(rows[0].status).toBe('scheduled');
    const job = await t.pool.query(`select run_at from graphile_worker.jobs where key = $1`, [
      `campaign_start:${reply.body.data.campaign.id}`,
    ]);
    expect(new Date(job.rows[0].run_at).getTime()).toBe(Date.parse(startAt));
  });

  it('lists each kind apart, and never another tenant', async () => {
    const list = await t.post('/api/btmsg/list', { body: {}, token: tenants.a.token });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((c: { name: string }) => c.name)).toEqual(['Later', 'Spring sale']);
    const burst = await t.post('/api/power/list', { body: {}, token: tenants.a.token });
    expect(burst.body.data.total).toBe(0);
    const other = await t.post('/api/btmsg/list', { body: {}, token: tenants.b.token });
    expect(other.body.data.total).toBe(0);
    const id = list.body.data.records[0].id;
    const stranger = await t.post('/api/btmsg/details', { body: { id }, token: tenants.b.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/^id: /);
    const wrongKind = await t.post('/api/power/details', { body: { id }, token: tenants.a.token });
    expect(wrongKind.status).toBe(404);
  });

  it('filters the details by state and number, and downloads the recipients as CSV', async () => {
    const list = await t.post('/api/btmsg/list', { body: { filters: { status: 'running' } }, token: tenants.a.token });
    const id = list.body.data.records[0].id as string;
    const [first] = [...consenting].sort((x, y) => Number(x) - Number(y));
    await t.pool.query(
      `update campaign_recipient set state = 7, error_code = 131026, error_title = 'Message undeliverable'
        where campaign_id = $1 and contact_id = $2`,
      [id, first],
    );
    const failed = await t.post('/api/btmsg/details', {
      body: { id, filters: { state: 'failed' } },
      token: tenants.a.token,
    });
    expect(failed.body.data.recipients).toMatchObject({ total: 1, total_capped: false });
    expect(failed.body.data.recipients.records[0]).toMatchObject({
      contact_id: first,
      state: 'failed',
      error_code: 131026,
    });
    expect(failed.body.data.campaign.counts).toEqual({ pending: 5, failed: 1 });
    const other = await t.post('/api/btmsg/details', {
      body: { id, filters: { numberId: secondA } },
      token: tenants.a.token,
    });
    expect(other.body.data.recipients.total).toBe(0);
    const csv = await t.post('/api/btmsg/down', { body: { id }, token: tenants.a.token });
    expect(csv.status).toBe(200);
    expect(csv.headers['x-total-count']).toBe('6');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('号码,名称,发送号码,状态,A/B 版本,轮次,错误码,错误,更新时间 (UTC),消息 ID');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/,失败,,1,131026,Message undeliverable,/);
    const onlyFailed = await t.post('/api/btmsg/down', {
      body: { id, state: 'failed', format: 'xlsx' },
      token: tenants.a.token,
      headers: { 'accept-language': 'en' },
    });
    expect(onlyFailed.status).toBe(200);
    expect(onlyFailed.headers['content-type']).toMatch(/spreadsheetml/);
    expect(onlyFailed.headers['x-total-count']).toBe('1');
    const stranger = await t.post('/api/btmsg/down', { body: { id }, token: tenants.b.token });
    expect(stranger.status).toBe(404);
  });
});
