/**
 * A campaign scheduled before the platform turned the tenant's campaigns off (mass, decision 0027)
 * is refused when its start comes (decision 0032): it stays scheduled with the reason, nothing is
 * snapshotted, and it starts when an operator starts it once campaigns are allowed again. Another
 * tenant's campaigns are not concerned.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { startCampaign } from './start-campaign.js';
import { approvedTemplate, newCampaign, taggedContacts } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'cmpmass');
const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh' };
let admin: string;
const world: Record<'a' | 'b', { number: string; tag: string; template: string }> = {} as never;

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  for (const name of ['a', 'b'] as const) {
    const { tenantId } = tenants[name];
    const number = await addNumber(t, tenantId);
    const tag = await addTag(t, tenantId, 'spring', 'contact');
    world[name] = { number, tag, template: await approvedTemplate(t, tenantId, number) };
    await taggedContacts(t, tenantId, tag, 3);
  }
});

const setMass = async (mass: boolean) => {
  const reply = await t.post('/api/auth/mass', { token: admin, body: { tenantId: tenants.a.tenantId, mass } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

/** A campaign of the tenant scheduled an hour ahead; its start time is then moved into the past (due). */
async function scheduledCampaign(name: 'a' | 'b'): Promise<string> {
  const { number, tag, template } = world[name];
  const startAt = new Date(Date.now() + 3_600_000).toISOString();
  const reply = await t.post('/api/btmsg/add', {
    token: tenants[name].token,
    headers: EN,
    body: newCampaign(number, tag, template, { name: `Later ${name}`, schedule: { startAt } }),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const id = reply.body.data.campaign.id as string;
  await t.pool.query(`update campaign set starts_at = now() - interval '1 second' where id = $1`, [id]);
  return id;
}

const details = (id: string, headers = EN, token = tenants.a.token) =>
  t.post('/api/btmsg/details', { token, headers, body: { id, pageSize: 10 } });
const recipients = async (id: string) =>
  (await t.pool.query('select count(*)::int as n from campaign_recipient where campaign_id = $1', [id])).rows[0].n;

describe('a scheduled campaign when mass is off', () => {
  it('is refused at its start time with the reason, for that tenant only, and starts once allowed', async () => {
    const ofA = await scheduledCampaign('a');
    const ofB = await scheduledCampaign('b');
    await setMass(false);
    try {
      await startCampaign(t.context, tenants.a.tenantId, ofA);
      await startCampaign(t.context, tenants.b.tenantId, ofB);

      const refused = (await details(ofA)).body.data.campaign;
      expect(refused).toMatchObject({ status: 'scheduled', recipients: 0, run_no: 0 });
      expect(refused.hold_reason).toMatch(/^Campaigns are turned off for this account by the platform admin/);
      expect((await details(ofA, ZH)).body.data.campaign.hold_reason).toMatch(/^群发已被平台管理员关闭/);
      expect(await recipients(ofA)).toBe(0);
      const { rows: events } = await t.pool.query(
        `select payload from realtime_event where type = 'campaign.updated' and payload->>'campaign_id' = $1
          order by id desc limit 1`,
        [ofA],
      );
      expect(events[0]?.payload).toMatchObject({ status: 'scheduled', run_no: 0 });
      // B's campaign started as scheduled.
      expect((await details(ofB, EN, tenants.b.token)).body.data.campaign).toMatchObject({
        status: 'running',
        recipients: 3,
        hold_reason: null,
      });
      // Starting it by hand is refused too while mass is off.
      const byHand = await t.post('/api/btmsg/operation', {
        token: tenants.a.token,
        headers: EN,
        body: { id: ofA, action: 'start' },
      });
      expect(byHand.status).toBe(403);
    } finally {
      await setMass(true);
    }
    const started = await t.post('/api/btmsg/operation', {
      token: tenants.a.token,
      headers: EN,
      body: { id: ofA, action: 'start' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'starting', hold_reason: null });
    await startCampaign(t.context, tenants.a.tenantId, ofA);
    expect((await details(ofA)).body.data.campaign).toMatchObject({ status: 'running', recipients: 3 });
  });

  it('refuses a start the operator asked for before mass was turned off, when its job comes', async () => {
    const id = await scheduledCampaign('a');
    const started = await t.post('/api/btmsg/operation', {
      token: tenants.a.token,
      headers: EN,
      body: { id, action: 'start' },
    });
    expect(started.body.data.status).toBe('starting');
    await setMass(false);
    try {
      await startCampaign(t.context, tenants.a.tenantId, id);
      expect((await details(id)).body.data.campaign).toMatchObject({ status: 'scheduled', recipients: 0 });
      expect(await recipients(id)).toBe(0);
    } finally {
      await setMass(true);
    }
  });
});
