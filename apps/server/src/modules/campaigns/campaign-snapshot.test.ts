import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, addTag, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact, seedTemplate } from '../../test/whatsapp-fixtures.js';
import { startCampaign } from './start-campaign.js';
import { newCampaign, taggedContacts } from './test-support.js';

const t = useTestApp();
const tenants = useTenants(t, 'cmpsnap');
let owner: string;
let talker: string;
let spare: string;
let red: string;
let tag: string;
let template: string;

beforeAll(async () => {
  // Four numbers of one WABA, so one template serves them all.
  owner = await addNumber(t, tenants.a.tenantId, { wabaId: 'waba-snap-a' });
  talker = await addNumber(t, tenants.a.tenantId, { wabaId: 'waba-snap-a' });
  spare = await addNumber(t, tenants.a.tenantId, { wabaId: 'waba-snap-a' });
  red = await addNumber(t, tenants.a.tenantId, { wabaId: 'waba-snap-a' });
  await t.pool.query(`update wa_number set quality_rating = 'RED' where id = $1`, [red]);
  tag = await addTag(t, tenants.a.tenantId, 'snap', 'contact');
  template = await seedTemplate(t.pool, tenants.a.tenantId, owner, { name: 'snap_sale' });
});

/** Adds a campaign (burst unless told) and takes its snapshot; its recipients by contact. */
async function snapshot(change: Record<string, unknown>, path = '/api/power/add') {
  const reply = await t.post(path, {
    body: newCampaign(owner, tag, template, change),
    token: tenants.a.token,
    headers: { 'accept-language': 'en' },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const id = reply.body.data.campaign.id as string;
  await startCampaign(t.context, tenants.a.tenantId, id);
  const { rows } = await t.pool.query<{ contact_id: string; number_id: string }>(
    'select contact_id::text, number_id::text from campaign_recipient where campaign_id = $1',
    [id],
  );
  const campaign = await t.pool.query('select status, recipients::int, skipped from campaign where id = $1', [id]);
  return { id, senderOf: new Map(rows.map((row) => [row.contact_id, row.number_id])), campaign: campaign.rows[0] };
}

describe('the audience snapshot', () => {
  it('keeps each contact on its owner number, else the number it last talked to, else a share of the healthy ones', async () => {
    const [owned] = await taggedContacts(t, tenants.a.tenantId, tag, 1, { numberId: owner });
    const [talked] = await taggedContacts(t, tenants.a.tenantId, tag, 1);
    await t.pool.query(
      `insert into conversation (tenant_id, number_id, contact_id, last_outbound_at, last_message_at) values ($1, $2, $3, now(), now())`,
      [tenants.a.tenantId, talker, talked],
    );
    const others = await taggedContacts(t, tenants.a.tenantId, tag, 60);
    const { senderOf, campaign } = await snapshot({ numberIds: [owner, talker, spare, red] });
    expect(campaign).toMatchObject({ status: 'running', recipients: 62 });
    expect(senderOf.get(owned as string)).toBe(owner);
    expect(senderOf.get(talked as string)).toBe(talker);
    const shared = others.map((id) => senderOf.get(id));
    // The RED number gets nobody; the three healthy ones share the rest.
    expect(shared).not.toContain(red);
    expect(new Set(shared)).toEqual(new Set([owner, talker, spare]));
    // The same contact lands on the same number in the next campaign.
    const again = await snapshot({ numberIds: [owner, talker, spare, red] });
    for (const id of others) expect(again.senderOf.get(id)).toBe(senderOf.get(id));
  });

  it('leaves out contacts reached by marketing within the frequency cap, and counts them', async () => {
    const contacts = await taggedContacts(t, tenants.a.tenantId, tag, 3);
    await t.pool.query(
      `insert into contact_touch (tenant_id, contact_id, last_marketing_at)
       select $1, unnest($2::bigint[]), now() - interval '2 hours'`,
      [tenants.a.tenantId, contacts.slice(0, 2)],
    );
    const capped = await snapshot({ numberIds: [owner], options: { frequencyCapHours: 24 } });
    expect(capped.senderOf.has(contacts[0] as string)).toBe(false);
    expect(capped.senderOf.has(contacts[2] as string)).toBe(true);
    expect(capped.campaign.skipped.frequency_cap).toBe(2);
    const uncapped = await snapshot({ numberIds: [owner], options: { frequencyCapHours: 1 } });
    expect(uncapped.senderOf.has(contacts[0] as string)).toBe(true);
    expect(uncapped.campaign.skipped.frequency_cap).toBeUndefined();
  });

  it('sends free-form text only to contacts whose window with a sender is open, from that sender', async () => {
    const textTag = await addTag(t, tenants.a.tenantId, 'text', 'contact');
    const open = await seedContact(t.pool, tenants.a.tenantId, {
      waId: '447700900111',
      numberId: talker,
      lastInboundAt: new Date(Date.now() - 3_600_000),
    });
    const stale = await seedContact(t.pool, tenants.a.tenantId, {
      waId: '447700900112',
      numberId: talker,
      lastInboundAt: new Date(Date.now() - 3 * 86_400_000),
    });
    // Marketing consent does not matter for a service text; an opt-out by keyword does.
    const stopped = await seedContact(t.pool, tenants.a.tenantId, {
      waId: '447700900113',
      numberId: talker,
      lastInboundAt: new Date(Date.now() - 60_000),
      optedOut: { at: new Date(Date.now() - 120_000), channel: 'keyword' },
    });
    await t.pool.query('insert into contact_tag (tenant_id, contact_id, tag_id) select $1, unnest($2::bigint[]), $3', [
      tenants.a.tenantId,
      [open, stale, stopped],
      textTag,
    ]);
    const { senderOf, campaign } = await snapshot(
      {
        numberIds: [owner, talker],
        audience: { tagIds: [textTag] },
        content: { kind: 'text', text: 'Your order is ready' },
      },
      '/api/btmsg/add',
    );
    expect([...senderOf]).toEqual([[open, talker]]);
    expect(campaign.skipped).toEqual({ window_closed: 1, opted_out: 1 });
  });

  it('takes chosen contacts and filters, never another tenant’s', async () => {
    const mine = await taggedContacts(t, tenants.a.tenantId, tag, 2);
    const theirs = await seedContact(t.pool, tenants.b.tenantId, { waId: '447700900199', consent: true });
    const { senderOf } = await snapshot({
      numberIds: [owner],
      audience: { contactIds: [...mine, theirs] },
    });
    expect([...senderOf.keys()].sort()).toEqual([...mine].sort());
    const filtered = await snapshot({
      numberIds: [owner],
      audience: { contactIds: [...mine, theirs], filters: { consent: 'opted_in' } },
    });
    expect([...filtered.senderOf.keys()].sort()).toEqual([...mine].sort());
    const none = await t.post('/api/power/add', {
      body: newCampaign(owner, tag, template, { audience: { contactIds: [theirs] } }),
      token: tenants.a.token,
      headers: { 'accept-language': 'en' },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('audience: the audience has no contacts');
  });

  it('retargets an earlier campaign’s recipients by their state', async () => {
    const contacts = await taggedContacts(t, tenants.a.tenantId, tag, 4);
    const first = await snapshot({ numberIds: [owner], audience: { contactIds: contacts } });
    await t.pool.query(
      `update campaign_recipient set state = case when contact_id = $2 then 4 when contact_id = $3 then 5 else 6 end
        where campaign_id = $1`,
      [first.id, contacts[0], contacts[1]],
    );
    const deliveredNotRead = await snapshot({
      numberIds: [owner],
      audience: { campaign: { id: first.id, states: ['delivered'] } },
      options: { frequencyCapHours: 0 },
    });
    expect([...deliveredNotRead.senderOf.keys()]).toEqual([contacts[0]]);
    const readOrDelivered = await snapshot({
      numberIds: [owner],
      audience: { campaign: { id: first.id, states: ['delivered', 'read'] } },
      options: { frequencyCapHours: 0 },
    });
    expect([...readOrDelivered.senderOf.keys()].sort()).toEqual([contacts[0], contacts[1]].sort());
    const stranger = await t.post('/api/power/add', {
      body: newCampaign(owner, tag, template, { audience: { campaign: { id: '999999', states: ['read'] } } }),
      token: tenants.a.token,
      headers: { 'accept-language': 'en' },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/^audience\.campaign\.id: /);
  });
});
