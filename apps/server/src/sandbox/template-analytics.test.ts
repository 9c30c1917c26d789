import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, startTestSandbox, type TestSandbox, templateSend } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;
let promoId: string;
let at: number;
const DAY = 86_400;

beforeEach(async () => {
  kit = await startTestSandbox({
    behaviour: { deliver: 1, read: 0.5, reply: 0, stop: 0, block: 0, tapButton: 1, joinGroup: 0, fail: 0 },
  });
  at = Date.UTC(2026, 10, 20, 10);
  kit.running.sandbox.clock.now = () => at;
  number = await kit.createNumber({ throughput_level: 'HIGH' });
  const promo = await kit.control('POST', '/templates', {
    waba_id: number.waba_id,
    name: 'promo',
    status: 'APPROVED',
    components: [
      { type: 'BODY', text: 'Hi {{1}}' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Tell me more' }] },
    ],
  });
  promoId = promo.body.id;
});
afterEach(() => kit.stop());

const send = (to: string) =>
  kit.graph('POST', `${number.phone_number_id}/messages`, { body: templateSend(to), number });

const analytics = (query: string) => kit.graph('GET', `${number.waba_id}/template_analytics?${query}`, { number });
const day0 = Date.UTC(2026, 10, 20) / 1000;

describe('GET /{waba-id}/template_analytics', () => {
  it("counts what the sandbox sent, delivered and read of a template and the buttons tapped, per day, in Meta's shape", async () => {
    for (let index = 0; index < 10; index++) await send(`1650555400${index}`);
    await kit.settle();
    at += DAY * 1000;
    await send('16505554100');
    await kit.settle();
    const read = kit.statuses().filter((status) => status.status === 'read');
    const readDay0 = read.filter((status) => Number(status.timestamp) < day0 + DAY).length;
    const reply = await analytics(
      `start=${day0}&end=${day0 + 2 * DAY}&granularity=DAILY&template_ids=[${promoId}]&metric_types=["SENT","DELIVERED","READ","CLICKED"]`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(1);
    expect(reply.body.data[0]).toMatchObject({ granularity: 'DAILY', product_type: 'cloud_api' });
    const [first, second] = reply.body.data[0].data_points;
    expect(first).toEqual({
      template_id: promoId,
      start: day0,
      end: day0 + DAY,
      sent: 10,
      delivered: 10,
      read: readDay0,
      clicked: readDay0 > 0 ? [{ type: 'quick_reply_button', button_content: 'Tell me more', count: readDay0 }] : [],
    });
    expect(readDay0).toBeGreaterThan(0);
    expect(second).toMatchObject({ start: day0 + DAY, end: day0 + 2 * DAY, sent: 1, delivered: 1 });
  });

  it('answers only the metrics asked for, with zeros on days without sends', async () => {
    const reply = await analytics(
      `start=${day0}&end=${day0 + DAY}&granularity=daily&template_ids=${promoId}&metric_types=SENT`,
    );
    expect(reply.body.data[0].data_points).toEqual([{ template_id: promoId, start: day0, end: day0 + DAY, sent: 0 }]);
  });

  it('refuses bad parameters with 100 naming them, and templates of another account like unknown ones', async () => {
    const other = await kit.createNumber();
    const foreign = await kit.control('POST', '/templates', {
      waba_id: other.waba_id,
      name: 'theirs',
      status: 'APPROVED',
    });
    const cases: [string, RegExp][] = [
      [`end=${day0}&granularity=DAILY&template_ids=[${promoId}]`, /^start: /],
      [`start=${day0}&end=${day0 + DAY}&granularity=HOURLY&template_ids=[${promoId}]`, /^granularity: /],
      [`start=${day0}&end=${day0 + DAY}&granularity=DAILY`, /^template_ids: /],
      [
        `start=${day0}&end=${day0 + DAY}&granularity=DAILY&template_ids=[${promoId}]&metric_types=["VIEWS"]`,
        /^metric_types/,
      ],
      [`start=${day0 + DAY}&end=${day0}&granularity=DAILY&template_ids=[${promoId}]`, /^end: /],
      [`start=${day0}&end=${day0 + 100 * DAY}&granularity=DAILY&template_ids=[${promoId}]`, /^start: at most 90 days/],
      [`start=${day0}&end=${day0 + DAY}&granularity=DAILY&template_ids=[${foreign.body.id}]`, /^template_ids: /],
    ];
    for (const [query, details] of cases) {
      const reply = await analytics(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.error_data.details, query).toMatch(details);
    }
    const stranger = await kit.graph('GET', `${number.waba_id}/template_analytics?start=${day0}`, { number: other });
    expect(stranger.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});
