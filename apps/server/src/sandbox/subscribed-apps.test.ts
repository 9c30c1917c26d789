import { afterEach, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './test/kit.js';

let kit: TestSandbox | undefined;
afterEach(() => kit?.stop());

it("posts nothing of a business account's numbers until the app subscribes to its webhooks", async () => {
  kit = await startTestSandbox();
  const number = await kit.createNumber({ webhooks_subscribed: false });
  const path = `${number.waba_id}/subscribed_apps`;
  const write = (text: string) =>
    kit!.control('POST', '/inbound', {
      phone_number_id: number.phone_number_id,
      from: '447911123456',
      type: 'text',
      text,
    });

  expect((await kit.graph('GET', path)).body).toEqual({ data: [] });
  await write('before');
  await kit.control('POST', `/numbers/${number.phone_number_id}`, { quality_rating: 'RED' });
  await kit.settle();
  expect(kit.sink.counts.requests).toBe(0);

  expect(await kit.graph('POST', path)).toEqual({ status: 200, body: { success: true } });
  expect((await kit.graph('GET', path)).body.data).toEqual([
    { whatsapp_business_api_data: { id: expect.any(String), link: expect.any(String), name: expect.any(String) } },
  ]);
  await write('subscribed');
  await kit.settle();
  expect(kit.inbound().map((message) => message.text.body)).toEqual(['subscribed']);

  expect(await kit.graph('DELETE', path)).toEqual({ status: 200, body: { success: true } });
  await write('unsubscribed');
  await kit.settle();
  expect(kit.inbound().map((message) => message.text.body)).toEqual(['subscribed']);
});

it("answers another business account's subscription as a node that does not exist", async () => {
  kit = await startTestSandbox();
  const number = await kit.createNumber();
  const stranger = await kit.createNumber();
  expect((await kit.graph('POST', `${stranger.waba_id}/subscribed_apps`, { number })).status).toBe(400);
});
