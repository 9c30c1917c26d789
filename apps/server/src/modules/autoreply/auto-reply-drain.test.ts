/**
 * Automatic replies in the webhook drain: a keyword or greeting answer queued through the governor
 * as a service message, once per inbound message whatever is delivered or run again; opt-outs,
 * cooldowns, hours, silence and `auto` sequences with their cursor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import {
  deliver,
  EXAMPLE_WABA_ID,
  inboundPayload,
  recentUnix,
  rows,
  seedNumber,
  WEBHOOK_ENV,
} from '../../whatsapp/webhooks/test-support.js';
import { renderCaptchaPng } from '../auth/captcha/captcha-image.js';
import { uploadedUrl } from '../materials/test-support.js';
import { AutoReplyBatch } from './auto-reply-batch.js';
import { autoReplySweepJob, sendTenantSteps } from './send-job.js';
import { addRule, localClock, ok, textMaterial } from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const tenants = useTenants(t, 'autodrain');
const { a: operator } = tenants;
const PHONE_NUMBER_ID = '200000000004201';
let numberId: string;

beforeAll(async () => {
  numberId = (
    await seedNumber(t, { tenantId: operator.tenantId, phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID })
  ).numberId;
});

let sequence = 0;
/** A text from `waId`; the payload (to deliver again) and its Meta id. */
function say(waId: string, body: string, secondsAgo = 0) {
  sequence += 1;
  const id = `wamid.auto-${sequence}-${Date.now()}`;
  const payload = inboundPayload(PHONE_NUMBER_ID, waId, [
    { id, timestamp: String(recentUnix() - secondsAgo), type: 'text', text: { body } },
  ]);
  return { payload, id };
}

/** The automatic messages queued to the contact, oldest first. */
const repliesTo = (waId: string) =>
  rows<{ type: string; preview: string; purpose: string; status: string; body: Record<string, unknown> }>(
    t.pool,
    `select m.type, m.preview, m.purpose, m.status, m.body from message m join contact c on c.tenant_id = m.tenant_id and c.id = m.contact_id
      where m.tenant_id = $1 and c.wa_id = $2 and m.direction = 'out' order by m.created_at, m.id`,
    [operator.tenantId, waId],
  );
const previews = async (waId: string) => (await repliesTo(waId)).map((m) => m.preview);

let waCounter = 0;
const newCustomer = () => {
  waCounter += 1;
  return `4477009${50000 + waCounter}`;
};

describe('keyword replies in the drain', () => {
  let material: string;
  beforeAll(async () => {
    material = await textMaterial(t, operator, 'Our prices: see the catalogue');
    await addRule(t, operator, material, { keywords: ['price'], matchMode: 'contains' });
  });

  it('answers a keyword with its material, a service message queued through the governor', async () => {
    const waId = newCustomer();
    await deliver(t, say(waId, 'What is the PRICE?').payload);
    const replies = await repliesTo(waId);
    expect(replies).toMatchObject([
      { type: 'text', preview: 'Our prices: see the catalogue', purpose: 'service', status: 'queued' },
    ]);
    expect(replies[0]?.body).toMatchObject({ text: { body: 'Our prices: see the catalogue' } });
    // The governor has the number's lane due.
    const lanes = await rows(t.pool, 'select 1 from send_lane where tenant_id = $1 and number_id = $2', [
      operator.tenantId,
      numberId,
    ]);
    expect(lanes.length).toBe(1);
  });

  it('a webhook delivered twice is answered once', async () => {
    const waId = newCustomer();
    const { payload } = say(waId, 'price please');
    await deliver(t, payload);
    await deliver(t, payload);
    expect(await previews(waId)).toEqual(['Our prices: see the catalogue']);
  });

  it('a batch run again after a crash records no second reply', async () => {
    const waId = newCustomer();
    await deliver(t, say(waId, 'price?').payload);
    const [message] = await rows<{ id: string; number_id: string; contact_id: string; created_at: Date }>(
      t.pool,
      `select m.id::text, m.number_id::text, m.contact_id::text, m.created_at from message m
         join contact c on c.tenant_id = m.tenant_id and c.id = m.contact_id
        where m.tenant_id = $1 and c.wa_id = $2 and m.direction = 'in'`,
      [operator.tenantId, waId],
    );
    if (!message) throw new Error('the inbound message was not stored');
    // The same inbound message settled again, as a batch redone after its worker died would.
    for (let run = 0; run < 2; run += 1) {
      await withTransaction(t.pool, async (client) => {
        const batch = new AutoReplyBatch();
        batch.add({
          tenantId: operator.tenantId,
          numberId: message.number_id,
          contactId: message.contact_id,
          messageId: message.id,
          at: message.created_at,
          text: 'price?',
          previousInboundAt: null,
        });
        await batch.settle(client);
      });
    }
    expect(await previews(waId)).toEqual(['Our prices: see the catalogue']);
  });

  it('an opted-out contact gets nothing, and a stop word is never answered', async () => {
    const stopper = await textMaterial(t, operator, 'Sorry to see you go');
    await addRule(t, operator, stopper, { keywords: ['stop'], matchMode: 'contains', priority: 50 });
    const waId = newCustomer();
    await deliver(t, say(waId, 'STOP').payload);
    await deliver(t, say(waId, 'what is the price').payload);
    expect(await previews(waId)).toEqual([]);
    const [contact] = await rows<{ opted_out_at: Date | null }>(
      t.pool,
      'select opted_out_at from contact where tenant_id = $1 and wa_id = $2',
      [operator.tenantId, waId],
    );
    expect(contact?.opted_out_at).not.toBeNull();
    // Not even recorded: the drain leaves opted-out contacts out before matching.
    const recorded = await rows(
      t.pool,
      `select 1 from auto_reply r join contact c on c.tenant_id = r.tenant_id and c.id = r.contact_id
        where r.tenant_id = $1 and c.wa_id = $2`,
      [operator.tenantId, waId],
    );
    expect(recorded).toEqual([]);
  });

  it('a cooldown keeps a rule from answering a contact twice in a row; other contacts are answered', async () => {
    const cool = await textMaterial(t, operator, 'Opening hours: 9 to 5');
    await addRule(t, operator, cool, { keywords: ['hours'], matchMode: 'exact', cooldownSeconds: 3600 });
    const waId = newCustomer();
    const another = newCustomer();
    await deliver(t, say(waId, 'hours', 30).payload, say(waId, 'hours', 20).payload);
    await deliver(t, say(waId, 'hours').payload, say(another, 'hours').payload);
    expect(await previews(waId)).toEqual(['Opening hours: 9 to 5']);
    expect(await previews(another)).toEqual(['Opening hours: 9 to 5']);
    // Without a cooldown the price rule answers each time.
    await deliver(t, say(waId, 'price', 10).payload);
    await deliver(t, say(waId, 'price').payload);
    expect(await previews(waId)).toHaveLength(3);
  });

  it('a rule outside its hours, switched off or of another number does not answer', async () => {
    const quiet = await textMaterial(t, operator, 'quiet');
    await addRule(t, operator, quiet, {
      keywords: ['later'],
      activeHours: {
        from: await localClock(t, operator.tenantId, 60),
        to: await localClock(t, operator.tenantId, 120),
      },
    });
    await addRule(t, operator, quiet, { keywords: ['off'], enabled: false });
    await addRule(t, operator, quiet, { keywords: ['there'], numberIds: [await addNumber(t, operator.tenantId)] });
    const waId = newCustomer();
    await deliver(t, say(waId, 'later').payload, say(waId, 'off').payload, say(waId, 'there').payload);
    expect(await previews(waId)).toEqual([]);
  });
});

describe('greetings in the drain', () => {
  it("greets a contact's first message, not the next, and again after the days of silence", async () => {
    const hello = await textMaterial(t, operator, 'Welcome!');
    await ok(t, operator, '/api/greeting/save', { materialId: hello, silenceDays: 2 });
    const waId = newCustomer();
    await deliver(t, say(waId, 'good morning', 60).payload);
    await deliver(t, say(waId, 'anyone there?', 30).payload);
    expect(await previews(waId)).toEqual(['Welcome!']);
    // Three days of silence: the conversation's last message moved back.
    await t.pool.query(
      `update conversation set last_inbound_at = now() - interval '3 days'
        where tenant_id = $1 and contact_id = (select id from contact where tenant_id = $1 and wa_id = $2)`,
      [operator.tenantId, waId],
    );
    await deliver(t, say(waId, 'back again').payload);
    expect(await previews(waId)).toEqual(['Welcome!', 'Welcome!']);
  });

  it('outside its hours the greeting sends its other material; a keyword wins over it', async () => {
    const inside = await textMaterial(t, operator, 'Hello, how can we help?');
    const outside = await textMaterial(t, operator, 'We are closed, back at 9');
    await ok(t, operator, '/api/greeting/save', {
      numberId,
      materialId: inside,
      outsideMaterialId: outside,
      activeHours: {
        from: await localClock(t, operator.tenantId, 60),
        to: await localClock(t, operator.tenantId, 120),
      },
    });
    const waId = newCustomer();
    await deliver(t, say(waId, 'hi').payload);
    expect(await previews(waId)).toEqual(['We are closed, back at 9']);
    const asker = newCustomer();
    await deliver(t, say(asker, 'price?').payload);
    expect(await previews(asker)).toEqual(['Our prices: see the catalogue']);
  });
});

describe('auto sequences', () => {
  it('sends the first step at once and the next at its time, once, and stops when the window closes', async () => {
    const first = await textMaterial(t, operator, 'Step one');
    const second = await textMaterial(t, operator, 'Step two');
    const third = await textMaterial(t, operator, 'Step three');
    const auto = await ok(t, operator, '/api/mater/add', {
      tp: 'auto',
      title: 'sequence',
      steps: [
        { materialId: first, delaySeconds: 0 },
        { materialId: second, delaySeconds: 60 },
        { materialId: third, delaySeconds: 60 },
      ],
    });
    await addRule(t, operator, auto.id, { keywords: ['tour'], priority: 20 });
    const waId = newCustomer();
    await deliver(t, say(waId, 'tour').payload);
    expect(await previews(waId)).toEqual(['Step one']);
    // Not yet due: the job sends nothing.
    await sendTenantSteps(t.context, operator.tenantId);
    expect(await previews(waId)).toEqual(['Step one']);
    const due = () =>
      t.pool.query(
        `update auto_reply set next_at = now() where tenant_id = $1 and status = 'pending' and material_id = $2`,
        [operator.tenantId, auto.id],
      );
    await due();
    // Run twice, as a retried job would: the cursor moved with the queueing, so once.
    await sendTenantSteps(t.context, operator.tenantId);
    await sendTenantSteps(t.context, operator.tenantId);
    expect(await previews(waId)).toEqual(['Step one', 'Step two']);
    // The customer's window closes before the last step: it is not sent.
    await t.pool.query(
      `update conversation set last_inbound_at = now() - interval '25 hours'
        where tenant_id = $1 and contact_id = (select id from contact where tenant_id = $1 and wa_id = $2)`,
      [operator.tenantId, waId],
    );
    await due();
    await sendTenantSteps(t.context, operator.tenantId);
    expect(await previews(waId)).toEqual(['Step one', 'Step two']);
    const [reply] = await rows<{ status: string; stop_reason: string; next_step: number }>(
      t.pool,
      'select status, stop_reason, next_step from auto_reply where tenant_id = $1 and material_id = $2',
      [operator.tenantId, auto.id],
    );
    expect(reply).toEqual({ status: 'stopped', stop_reason: 'window_closed', next_step: 2 });
  });
});

describe('a sequence whose material is deleted midway', () => {
  it('stops, and leaves no step waiting', async () => {
    const first = await textMaterial(t, operator, 'Part one');
    const auto = await ok(t, operator, '/api/mater/add', {
      tp: 'auto',
      title: 'short-lived',
      steps: [
        { materialId: first, delaySeconds: 0 },
        { materialId: first, delaySeconds: 60 },
      ],
    });
    const rule = await addRule(t, operator, auto.id, { keywords: ['brochure'], priority: 25 });
    const waId = newCustomer();
    await deliver(t, say(waId, 'brochure').payload);
    expect(await previews(waId)).toEqual(['Part one']);
    await ok(t, operator, '/api/keyword/del', { ids: [rule.id] });
    await ok(t, operator, '/api/mater/autodel', { ids: [auto.id] });
    await t.pool.query(`update auto_reply set next_at = now() where tenant_id = $1 and material_id = $2`, [
      operator.tenantId,
      auto.id,
    ]);
    await sendTenantSteps(t.context, operator.tenantId);
    expect(await previews(waId)).toEqual(['Part one']);
    const [reply] = await rows(
      t.pool,
      'select status, stop_reason from auto_reply where tenant_id = $1 and material_id = $2',
      [operator.tenantId, auto.id],
    );
    expect(reply).toEqual({ status: 'stopped', stop_reason: 'material_gone' });
  });
});

describe('image replies', () => {
  it("queues an image by the number's live media id at once; without one the job hands the file over, and a refusal stops the reply", async () => {
    const url = await uploadedUrl(t, operator, 'menu.png', 'image/png', renderCaptchaPng('4 + 4 = ?'));
    const image = await ok(t, operator, '/api/mater/add', { tp: 'img', title: 'menu', upload: url, text: 'Our menu' });
    await addRule(t, operator, image.id, { keywords: ['menu'], priority: 30 });
    const [upload] = await rows<{ id: string }>(
      t.pool,
      'select upload_id::text as id from material where tenant_id = $1 and id = $2',
      [operator.tenantId, image.id],
    );
    // The number's media store has not got the file: the reply waits for the job.
    const first = newCustomer();
    await deliver(t, say(first, 'menu').payload);
    expect(await previews(first)).toEqual([]);
    // The job cannot reach this number's Cloud API (a closed port): the reply stops, nothing is queued.
    await sendTenantSteps(t.context, operator.tenantId);
    expect(await previews(first)).toEqual([]);
    const [stopped] = await rows<{ status: string; stop_reason: string }>(
      t.pool,
      `select r.status, r.stop_reason from auto_reply r join contact c on c.tenant_id = r.tenant_id and c.id = r.contact_id
        where r.tenant_id = $1 and c.wa_id = $2`,
      [operator.tenantId, first],
    );
    expect(stopped).toEqual({ status: 'stopped', stop_reason: 'media_failed' });
    // Once the number has a live media id for the file, the drain queues the image with it at once.
    await t.pool.query(
      `insert into upload_media (tenant_id, upload_id, number_id, media_id, expires_at)
       values ($1, $2, $3, 'media-123', now() + interval '20 days')`,
      [operator.tenantId, upload?.id, numberId],
    );
    const second = newCustomer();
    await deliver(t, say(second, 'menu').payload);
    const [reply] = await repliesTo(second);
    expect(reply).toMatchObject({ type: 'image', preview: 'Our menu', purpose: 'service' });
    expect(reply?.body).toMatchObject({ image: { id: 'media-123', caption: 'Our menu' } });
  });
});

describe('the sweep', () => {
  it('forgets finished replies after 8 days and keeps pending and recent ones', async () => {
    const material = await textMaterial(t, operator, 'old');
    const insert = (status: string, age: string) =>
      t.pool.query<{ id: string }>(
        `insert into auto_reply (tenant_id, inbound_message_id, number_id, contact_id, kind, material_id, steps, status, next_at, created_at)
         values ($1, nextval('message_id_seq'), $2, 1, 'keyword', $3, 1, $4, case when $4 = 'pending' then now() + interval '1 day' end,
                 now() - $5::interval) returning id::text`,
        [operator.tenantId, numberId, material, status, age],
      );
    const old = (await insert('done', '9 days')).rows[0]?.id;
    const recent = (await insert('done', '2 days')).rows[0]?.id;
    const waiting = (await insert('pending', '9 days')).rows[0]?.id;
    await autoReplySweepJob.handle({}, {} as never, t.context);
    const left = await rows<{ id: string }>(t.pool, 'select id::text from auto_reply where id = any($1::bigint[])', [
      [old, recent, waiting],
    ]);
    expect(left.map((row) => row.id).sort()).toEqual([recent, waiting].sort());
  });
});
