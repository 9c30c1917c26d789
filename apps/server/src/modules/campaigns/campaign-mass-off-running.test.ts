/**
 * Turning a tenant's campaigns off (`auth/mass`, decision 0032) stops the ones running too: each is
 * held with the reason its operators see, its queued messages are held, the dispatcher queues
 * nothing more and the send lane (the governor) sends nothing of it; an operator's resume is
 * refused until campaigns are allowed again. Another tenant's campaigns go on.
 */
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import type { LaneTransport, OutboundMessage } from '../../whatsapp/governor/lane-transport.js';
import { SendLane } from '../../whatsapp/governor/send-lane.js';
import { dispatchStep } from './dispatch-step.js';
import { approvedTemplate, consentingContacts, recipientStates, seedRunningCampaign } from './test-support.js';

// No worker: the test runs the dispatcher's steps and the lanes itself.
const t = useTestApp();
const tenants = useTenants(t, 'cmpmassrun');
const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh' };
let admin: string;
const numbers: Record<'a' | 'b', string> = { a: '', b: '' };

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  for (const name of ['a', 'b'] as const) numbers[name] = await addNumber(t, tenants[name].tenantId);
});

/** A running campaign of the tenant whose first step queued its 3 recipients. */
async function dispatchedCampaign(name: 'a' | 'b'): Promise<string> {
  const { tenantId } = tenants[name];
  const number = numbers[name];
  const id = await seedRunningCampaign(t.pool, tenantId, {
    numberIds: [number],
    templateId: await approvedTemplate(t, tenantId, number, `sale_${name}_${Date.now()}`),
    contactIds: await consentingContacts(t.pool, tenantId, 3),
  });
  await withTransaction(t.pool, (client) => dispatchStep(client, tenantId, id));
  return id;
}

/** Runs the tenant's number's lane once through a transport that records what it sends. */
async function runLane(name: 'a' | 'b'): Promise<OutboundMessage[]> {
  const sent: OutboundMessage[] = [];
  const transport: LaneTransport = {
    async send(_number, message) {
      sent.push(message);
      return `wamid.${message.callbackData}`;
    },
    verdict: () => ({ kind: 'unknown', title: 'not expected' }),
  };
  await new SendLane(tenants[name].tenantId, numbers[name], {
    pool: t.pool,
    cipher: t.context.whatsapp.tokenCipher,
    transport,
    logger: pino({ level: 'silent' }),
    lingerMs: 0,
  }).run();
  return sent;
}

const setMass = async (mass: boolean) => {
  const reply = await t.post('/api/auth/mass', { token: admin, body: { tenantId: tenants.a.tenantId, mass } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};
const details = (id: string, name: 'a' | 'b' = 'a', headers = EN) =>
  t.post('/api/btmsg/details', { token: tenants[name].token, headers, body: { id, pageSize: 10 } });
const queue = async (id: string) =>
  (
    await t.pool.query(
      `select not_before = 'infinity' as held from send_queue where campaign_id = $1 order by message_id`,
      [id],
    )
  ).rows.map((row) => row.held);

describe('a running campaign when mass is turned off', () => {
  it('is held with the reason and sends nothing more; another tenant’s goes on; it resumes once allowed', async () => {
    const ofA = await dispatchedCampaign('a');
    const ofB = await dispatchedCampaign('b');
    expect(await queue(ofA)).toEqual([false, false, false]);

    await setMass(false);
    try {
      const held = (await details(ofA)).body.data.campaign;
      expect(held).toMatchObject({ status: 'held', counts: { queued: 3 } });
      expect(held.hold_reason).toMatch(/^Campaigns were turned off for this account by the platform admin/);
      expect((await details(ofA, 'a', ZH)).body.data.campaign.hold_reason).toMatch(/^群发已被平台管理员关闭/);
      expect(await queue(ofA)).toEqual([true, true, true]);
      const { rows: events } = await t.pool.query(
        `select payload from realtime_event where type = 'campaign.updated' and payload->>'campaign_id' = $1
          order by id desc limit 1`,
        [ofA],
      );
      expect(events[0]?.payload).toMatchObject({ campaign_id: ofA, status: 'held', run_no: 1 });
      const { rows: logged } = await t.pool.query(
        `select target from operation_log where action = 'auth.mass' order by id desc limit 1`,
      );
      expect(logged[0]?.target).toBe(`${tenants.a.tenantId}: off, running campaigns held: 1`);

      // Nothing more goes out: the dispatcher stops, the lane finds nothing of it due.
      expect(await withTransaction(t.pool, (client) => dispatchStep(client, tenants.a.tenantId, ofA))).toEqual({
        end: true,
      });
      expect(await runLane('a')).toEqual([]);
      expect(await recipientStates(t.pool, ofA)).toEqual({ 1: 3 });

      // The other tenant's campaign was not touched and sends.
      expect((await details(ofB, 'b')).body.data.campaign).toMatchObject({ status: 'running', hold_reason: null });
      expect(await runLane('b')).toHaveLength(3);

      // The operator cannot resume it while campaigns are off.
      const resumed = await t.post('/api/btmsg/operation', {
        token: tenants.a.token,
        headers: EN,
        body: { id: ofA, action: 'resume' },
      });
      expect(resumed.status).toBe(403);
      expect((await details(ofA)).body.data.campaign.status).toBe('held');
    } finally {
      await setMass(true);
    }
    const resumed = await t.post('/api/btmsg/operation', {
      token: tenants.a.token,
      headers: EN,
      body: { id: ofA, action: 'resume' },
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.data).toMatchObject({ status: 'running', hold_reason: null });
    expect(await queue(ofA)).toEqual([false, false, false]);
    expect(await runLane('a')).toHaveLength(3);
  });

  it('leaves paused, scheduled and finished campaigns as they are', async () => {
    const tenantId = tenants.a.tenantId;
    const seeded: Record<string, string> = {};
    for (const status of ['paused', 'scheduled', 'completed']) {
      seeded[status] = await seedRunningCampaign(t.pool, tenantId, {
        numberIds: [numbers.a],
        templateId: await approvedTemplate(t, tenantId, numbers.a, `left_${status}_${Date.now()}`),
        contactIds: await consentingContacts(t.pool, tenantId, 1),
        status,
      });
    }
    await setMass(false);
    try {
      for (const [status, id] of Object.entries(seeded)) {
        expect((await details(id)).body.data.campaign, status).toMatchObject({ status, hold_reason: null });
      }
    } finally {
      await setMass(true);
    }
  });
});
