import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { addTag, type SignedIn, tenantOperator } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import {
  newCampaign,
  recipientStates,
  sandboxForApp,
  sandboxSenders,
  sandboxSends,
  taggedContacts,
  until,
} from './test-support.js';

// The whole path: add → start job → snapshot → dispatcher → lanes → sandbox → status webhooks.
const app = useTestApp({}, { worker: true });
let sandbox: RunningSandbox;
let operator: SignedIn;

beforeAll(async () => {
  sandbox = await sandboxForApp(app);
  operator = await tenantOperator(app, 'cmprun');
});

afterAll(async () => {
  await sandbox?.stop();
});

const call = (path: string, body: object) =>
  app.post(path, { body, token: operator.token, headers: { 'accept-language': 'en' } });

async function campaignStatus(id: string): Promise<string> {
  return (await app.pool.query('select status from campaign where id = $1', [id])).rows[0]?.status;
}

async function waIdsOf(contactIds: readonly string[]): Promise<string[]> {
  const { rows } = await app.pool.query('select wa_id from contact where id = any($1::bigint[])', [contactIds]);
  return rows.map((row) => row.wa_id);
}

describe('a campaign end to end', () => {
  it('pauses (no waiting recipient gets anything), resumes and finishes with one message each', async () => {
    const { tenantId } = operator;
    const world = await sandboxSenders(app, sandbox, tenantId, 1, 4);
    const tagId = await addTag(app, tenantId, 'pause-resume', 'contact');
    const contacts = await taggedContacts(app, tenantId, tagId, 20);
    const number = world.numbers[0] as { numberId: string; phoneNumberId: string };
    const added = await call('/api/btmsg/add', newCampaign(number.numberId, tagId, world.templateId));
    expect(added.status).toBe(200);
    const id = added.body.data.campaign.id as string;
    await until(async () => (await sandboxSends(sandbox, [number.phoneNumberId])).length >= 3, 'the first sends');

    const paused = await call('/api/btmsg/operation', { id, action: 'pause' });
    expect(paused.status).toBe(200);
    expect(paused.body.data.status).toBe('paused');
    const { rows: waiting } = await app.pool.query(
      'select contact_id::text from campaign_recipient where campaign_id = $1 and state = 0',
      [id],
    );
    expect(waiting.length).toBeGreaterThan(0);
    // The lane finishes what it had in hand; everything else of the campaign stays held.
    await until(async () => {
      const { rows } = await app.pool.query(
        "select count(*)::int as n from send_queue where campaign_id = $1 and not_before <> 'infinity'",
        [id],
      );
      return rows[0].n === 0;
    }, 'the lane to let go of the paused campaign');
    const sentWhilePaused = await sandboxSends(sandbox, [number.phoneNumberId]);
    const waitingWaIds = new Set(await waIdsOf(waiting.map((row) => row.contact_id)));
    expect(sentWhilePaused.filter((send) => waitingWaIds.has(send.to))).toEqual([]);
    const held = await app.pool.query(
      `select (select count(*)::int from send_queue where campaign_id = $1) as held,
              (select count(*)::int from campaign_recipient where campaign_id = $1 and state = 1) as queued`,
      [id],
    );
    expect(held.rows[0].held).toBe(held.rows[0].queued);

    const resumed = await call('/api/btmsg/operation', { id, action: 'resume' });
    expect(resumed.status).toBe(200);
    await until(async () => (await campaignStatus(id)) === 'completed', 'the campaign to complete', 60_000);
    const sends = await sandboxSends(sandbox, [number.phoneNumberId]);
    expect(sends).toHaveLength(20);
    expect(new Set(sends.map((send) => send.to))).toEqual(new Set(await waIdsOf(contacts)));
  }, 90_000);

  it('moves a burst’s pending recipients off a number turned RED, and nobody gets two messages', async () => {
    const { tenantId } = operator;
    const world = await sandboxSenders(app, sandbox, tenantId, 3, 4);
    const tagId = await addTag(app, tenantId, 'burst', 'contact');
    const contacts = await taggedContacts(app, tenantId, tagId, 45);
    const [first, second, third] = world.numbers as [
      { numberId: string; phoneNumberId: string },
      { numberId: string; phoneNumberId: string },
      { numberId: string; phoneNumberId: string },
    ];
    const added = await call(
      '/api/power/add',
      newCampaign(first.numberId, tagId, world.templateId, {
        numberIds: [first.numberId, second.numberId, third.numberId],
      }),
    );
    expect(added.status).toBe(200);
    const id = added.body.data.campaign.id as string;
    const onThird = async () =>
      (
        await app.pool.query(
          'select count(*)::int as n from campaign_recipient where campaign_id = $1 and number_id = $2',
          [id, third.numberId],
        )
      ).rows[0].n as number;
    await until(async () => (await campaignStatus(id)) === 'running', 'the snapshot');
    const assignedToThird = await onThird();
    expect(assignedToThird).toBeGreaterThan(0);
    await until(
      async () => (await sandboxSends(sandbox, [third.phoneNumberId])).length >= 1,
      'the third number to send',
    );

    await app.pool.query("update wa_number set quality_rating = 'RED' where id = $1", [third.numberId]);
    await until(async () => (await campaignStatus(id)) === 'completed', 'the burst to complete', 60_000);

    const sender = await app.pool.query(
      'select active from campaign_sender where campaign_id = $1 and number_id = $2',
      [id, third.numberId],
    );
    expect(sender.rows[0].active).toBe(false);
    expect(await onThird()).toBeLessThan(assignedToThird);
    const sends = await sandboxSends(sandbox, [first.phoneNumberId, second.phoneNumberId, third.phoneNumberId]);
    expect(sends).toHaveLength(45);
    expect(new Set(sends.map((send) => send.to))).toEqual(new Set(await waIdsOf(contacts)));
    // Each recipient's one message went from the number it ended on.
    const fromThird = sends.filter((send) => send.phone_number_id === third.phoneNumberId).length;
    expect(fromThird).toBe(await onThird());
    const states = await recipientStates(app.pool, id);
    expect((states[0] ?? 0) + (states[1] ?? 0)).toBe(0);
  }, 90_000);

  it('moves what a number Meta flags RED still had queued to the others: paused, it sends nothing more, and the burst ends', async () => {
    const { tenantId } = operator;
    const world = await sandboxSenders(app, sandbox, tenantId, 3, 4);
    const tagId = await addTag(app, tenantId, 'flagged', 'contact');
    const contacts = await taggedContacts(app, tenantId, tagId, 45);
    const numbers = world.numbers as { numberId: string; phoneNumberId: string }[];
    const third = numbers[2] as { numberId: string; phoneNumberId: string };
    const added = await call(
      '/api/power/add',
      newCampaign(numbers[0]?.numberId as string, tagId, world.templateId, {
        numberIds: numbers.map((number) => number.numberId),
      }),
    );
    expect(added.status).toBe(200);
    const id = added.body.data.campaign.id as string;
    await until(async () => (await campaignStatus(id)) === 'running', 'the snapshot');
    await until(
      async () => (await sandboxSends(sandbox, [third.phoneNumberId])).length >= 1,
      'the third number to send',
    );
    const queuedOnThird = async () =>
      (
        await app.pool.query('select count(*)::int as n from send_queue where campaign_id = $1 and number_id = $2', [
          id,
          third.numberId,
        ])
      ).rows[0].n as number;

    // Each queue holds 3 s of its number's 4 a second: messages wait in the third's when the flag comes.
    await until(async () => (await queuedOnThird()) > 2, 'messages waiting in the third number’s queue');
    // Meta's FLAGGED webhook: quality RED, and the product pauses the number.
    await sandbox.control('POST', `/numbers/${third.phoneNumberId}`, { quality_rating: 'RED' });
    await until(
      async () =>
        (await app.pool.query('select paused_at from wa_number where id = $1', [third.numberId])).rows[0].paused_at !==
        null,
      'the flag to pause the number',
    );
    await until(async () => (await campaignStatus(id)) === 'completed', 'the burst to complete', 80_000);

    expect(await queuedOnThird()).toBe(0);
    const sends = await sandboxSends(
      sandbox,
      numbers.map((number) => number.phoneNumberId),
    );
    expect(sends).toHaveLength(45);
    expect(new Set(sends.map((send) => send.to))).toEqual(new Set(await waIdsOf(contacts)));
    const states = await recipientStates(app.pool, id);
    // None pending, queued or cancelled: every recipient went, from one number or another.
    expect((states[0] ?? 0) + (states[1] ?? 0) + (states[11] ?? 0)).toBe(0);
  }, 120_000);
});
