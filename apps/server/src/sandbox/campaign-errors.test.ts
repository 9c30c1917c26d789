import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeValueSchemas } from '../whatsapp/meta/webhook-payload.js';
import { type NumberView, quietBehaviour, startTestSandbox, type TestSandbox, templateSend } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox({ behaviour: quietBehaviour });
  number = await kit.createNumber({ throughput_level: 'HIGH' });
  for (const [name, category] of [
    ['promo', 'MARKETING'],
    ['receipt', 'UTILITY'],
  ]) {
    await kit.control('POST', '/templates', { waba_id: number.waba_id, name, category, status: 'APPROVED' });
  }
});
afterEach(() => kit.stop());

const template = templateSend;
const send = (body: unknown) => kit.graph('POST', `${number.phone_number_id}/messages`, { body, number });
const statusesOf = (id: string) => kit.statuses().filter((status) => status.id === id);
const customer = (wa_id: string, behaviour: object) => kit.control('POST', '/customers', { wa_id, behaviour });

describe("Meta's refusals, per recipient", () => {
  it('fails a marketing template to a capped user by webhook with 131049, and not a utility one', async () => {
    await customer('16505551001', { marketingCap: 1 });
    const marketing = await send(template('16505551001'));
    const utility = await send(template('16505551001', 'receipt'));
    expect(marketing.status).toBe(200);
    await kit.settle();
    expect(statusesOf(marketing.body.messages[0].id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        recipient_id: '16505551001',
        errors: [
          {
            code: 131049,
            title: 'This message was not delivered to maintain healthy ecosystem engagement.',
            message: 'This message was not delivered to maintain healthy ecosystem engagement.',
            error_data: { details: expect.stringContaining('healthy ecosystem engagement') },
          },
        ],
      }),
    ]);
    expect(statusesOf(utility.body.messages[0].id).map((status) => status.status)).toEqual([
      'sent',
      'delivered',
      'read',
    ]);
  });

  it('fails any message of a spam-limited number by webhook with 131048', async () => {
    await customer('16505551002', { spamLimit: 1 });
    const reply = await send(template('16505551002', 'receipt'));
    await kit.settle();
    expect(statusesOf(reply.body.messages[0].id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        errors: [expect.objectContaining({ code: 131048, title: 'Spam rate limit hit' })],
      }),
    ]);
  });

  it('refuses a send at once with 4 or 80007, in the Graph error shape', async () => {
    await customer('16505551003', { appRateLimit: 1 });
    await customer('16505551004', { wabaRateLimit: 1 });
    const app = await send(template('16505551003'));
    const waba = await send(template('16505551004'));
    expect(app.status).toBe(400);
    expect(app.body.error).toMatchObject({
      code: 4,
      type: 'OAuthException',
      message: '(#4) Application request limit reached',
      error_data: { messaging_product: 'whatsapp', details: 'The app has reached its API call rate limit.' },
    });
    expect(waba.status).toBe(400);
    expect(waba.body.error).toMatchObject({ code: 80007, message: '(#80007) Rate limit issues' });
    const log = await kit.control('GET', '/messages');
    expect(log.body).toEqual([]);
  });

  it('holds a marketing template for quality assessment, then sends it', async () => {
    await customer('16505551005', { holdForQuality: 1 });
    const reply = await send(template('16505551005'));
    await kit.settle();
    const statuses = statusesOf(reply.body.messages[0].id);
    expect(statuses.map((status) => status.status)).toEqual([
      'held_for_quality_assessment',
      'sent',
      'delivered',
      'read',
    ]);
    expect(statuses[0]).not.toHaveProperty('pricing');
    for (const change of kit.sink.changes('messages')) {
      expect(changeValueSchemas.messages.safeParse(change.value).success).toBe(true);
    }
  });

  it('fails a held message with 132015 when its template is paused before the hold ends', async () => {
    await kit.control('POST', '/config', { delays: { qualityHoldMs: 60_000 } });
    await customer('16505551006', { holdForQuality: 1 });
    const reply = await send(template('16505551006'));
    const templates = await kit.control('GET', `/templates?waba_id=${number.waba_id}`);
    const promo = templates.body.find((one: { name: string }) => one.name === 'promo');
    await kit.running.settle({ fastForward: false, timeoutMs: 200 });
    await kit.control('POST', `/templates/${promo.id}`, { status: 'PAUSED' });
    await kit.settle();
    expect(statusesOf(reply.body.messages[0].id)).toEqual([
      expect.objectContaining({ status: 'held_for_quality_assessment' }),
      expect.objectContaining({ status: 'failed', errors: [expect.objectContaining({ code: 132015 })] }),
    ]);
  });
});

describe('a lost answer', () => {
  it('takes the send but answers 500 in the Graph shape; its statuses echo the callback data', async () => {
    await customer('16505551007', { lostReply: 1 });
    const reply = await send({ ...template('16505551007'), biz_opaque_callback_data: '4242' });
    expect(reply.status).toBe(500);
    expect(reply.body.error).toMatchObject({ code: 1, is_transient: true, type: 'OAuthException' });
    const log = await kit.control('GET', '/messages?to=16505551007');
    expect(log.body).toHaveLength(1);
    await kit.settle();
    const statuses = statusesOf(log.body[0].id);
    expect(statuses.map((status) => [status.status, status.biz_opaque_callback_data])).toEqual([
      ['sent', '4242'],
      ['delivered', '4242'],
      ['read', '4242'],
    ]);
  });
});

describe("Meta's refusals, as rates for everyone", () => {
  it('draws them per message from the configuration, the same for the same seed', async () => {
    await kit.control('POST', '/config', { behaviour: { marketingCap: 0.5 } });
    const codes = async () => {
      const ids: string[] = [];
      for (let index = 0; index < 40; index++)
        ids.push((await send(template(`165055520${String(index).padStart(2, '0')}`))).body.messages[0].id);
      await kit.settle();
      return ids.map((id) => statusesOf(id).at(-1)?.errors?.[0]?.code ?? 0);
    };
    const first = await codes();
    expect(first.filter((code) => code === 131049).length).toBeGreaterThan(5);
    expect(first.filter((code) => code === 0).length).toBeGreaterThan(5);
    await kit.control('POST', '/reset');
    number = await kit.createNumber({ throughput_level: 'HIGH' });
    await kit.control('POST', '/templates', { waba_id: number.waba_id, name: 'promo', status: 'APPROVED' });
    expect(await codes()).toEqual(first);
  });

  it('refuses a configuration outside 0..1, naming the field', async () => {
    const reply = await kit.control('POST', '/config', { behaviour: { spamLimit: 2 } });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/^behaviour\.spamLimit: /);
  });
});
