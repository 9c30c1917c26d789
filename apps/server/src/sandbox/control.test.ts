import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from './index.js';
import { startTestSandbox, TEST_APP_SECRET, type TestSandbox } from './test/kit.js';

const kits: TestSandbox[] = [];
afterEach(async () => {
  await Promise.all(kits.splice(0).map((kit) => kit.stop()));
});
async function sandbox(options = {}) {
  const kit = await startTestSandbox(options);
  kits.push(kit);
  return kit;
}

describe('control calls', () => {
  it('create and list numbers with their credentials, with optional fields', async () => {
    const kit = await sandbox();
    const created = await kit.control('POST', '/numbers', {
      phone_number_id: '106540352242922',
      waba_id: '419561257915477',
      display_phone_number: '15550783881',
      access_token: 'EAAS-sandbox-token-for-tests',
      verified_name: 'Acme',
      quality_rating: 'YELLOW',
      throughput_level: 'HIGH',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      phone_number_id: '106540352242922',
      waba_id: '419561257915477',
      display_phone_number: '15550783881',
      access_token: 'EAAS-sandbox-token-for-tests',
      verified_name: 'Acme',
      quality_rating: 'YELLOW',
      throughput: { level: 'HIGH' },
      throughput_per_second: 1000,
      messaging_limit_tier: 'TIER_10K',
      status: 'CONNECTED',
    });
    const generated = await kit.control('POST', '/numbers', {});
    expect(generated.body.access_token).toMatch(/^EAAS\w{100,}/);
    const listed = await kit.control('GET', '/numbers');
    expect(listed.body.map((entry: { phone_number_id: string }) => entry.phone_number_id)).toEqual([
      '106540352242922',
      generated.body.phone_number_id,
    ]);
    const again = await kit.control('POST', '/numbers', { phone_number_id: '106540352242922' });
    expect(again.status).toBe(409);
  });

  it('answer bad input with a 400 naming the field', async () => {
    const kit = await sandbox();
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/numbers', { quality_rating: 'BLUE' }, /^quality_rating: /],
      ['POST', '/numbers', { colour: 'red' }, /colour/],
      ['POST', '/customers', { wa_id: '1', behaviour: { reply: 2 } }, /wa_id: .*; behaviour\.reply: /],
      ['POST', '/config', { delays: { readMs: -1 } }, /^delays\.readMs: /],
      ['POST', '/inbound', { from: '16505550000', type: 'text' }, /^phone_number_id: /],
      ['POST', '/clock', { advance_ms: 'soon' }, /^advance_ms: /],
      ['POST', '/templates', { name: 'x' }, /^waba_id: /],
    ];
    for (const [method, route, body, message] of cases) {
      const reply = await kit.control(method, route, body);
      expect(reply.status, `${route} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.body.error.message).toMatch(message);
    }
    const notJson = await fetch(`${kit.running.url}/_sandbox/numbers`, {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect((await kit.control('GET', '/nothing-here')).status).toBe(404);
    expect((await kit.control('POST', '/numbers/404040404040404', { status: 'BANNED' })).status).toBe(404);
  });

  it('set customers with behaviour overrides and read them back', async () => {
    const kit = await sandbox();
    const one = await kit.control('POST', '/customers', { wa_id: '16505550200', name: 'Ana', behaviour: { reply: 1 } });
    expect(one.body).toMatchObject({ wa_id: '16505550200', name: 'Ana', behaviour: { reply: 1 } });
    const many = await kit.control('POST', '/customers', {
      customers: [{ wa_id: '16505550201' }, { wa_id: '16505550200', behaviour: { read: 0 } }],
    });
    expect(many.body).toHaveLength(2);
    const read = await kit.control('GET', '/customers?wa_id=16505550200');
    expect(read.body).toEqual([expect.objectContaining({ name: 'Ana', behaviour: { reply: 1, read: 0 } })]);
  });

  it('post inbound messages of every kind the product handles', async () => {
    const kit = await sandbox();
    const number = await kit.createNumber();
    const base = { phone_number_id: number.phone_number_id, from: '16505550210', name: 'Bruno' };
    const kinds = [
      { type: 'text', text: 'Hello' },
      { type: 'location', location: { latitude: 52.5, longitude: 13.4, name: 'Office' } },
      { type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } },
      { type: 'button', button: { payload: 'YES', text: 'Yes' }, context_message_id: 'wamid.Y' },
      { type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'a', title: 'A' } } },
      { type: 'audio' },
      { type: 'unsupported' },
    ];
    for (const kind of kinds) expect((await kit.control('POST', '/inbound', { ...base, ...kind })).status).toBe(200);
    await kit.settle();
    // Webhooks go out in parallel, so they may land in any order: every kind arrives, once.
    const types = (list: Record<string, unknown>[]) => list.map((message) => String(message.type)).sort();
    expect(types(kit.inbound())).toEqual(types(kinds));
    expect(kit.inbound().find((message) => message.type === 'button')).toMatchObject({
      context: { id: 'wamid.Y', from: number.display_phone_number },
    });
    const missing = await kit.control('POST', '/inbound', { ...base, type: 'location' });
    expect(missing.body.error.message).toMatch(/^location: /);
    expect(
      (await kit.control('POST', '/inbound', { ...base, phone_number_id: '1234567', type: 'text', text: 'x' })).status,
    ).toBe(404);
  });

  it('list what was sent, filtered by number and recipient, newest last, within the log limit', async () => {
    const kit = await sandbox({ messageLogLimit: 5 });
    const number = await kit.createNumber({ throughput_level: 'HIGH' });
    const other = await kit.createNumber({ waba_id: number.waba_id });
    for (const index of [1, 2, 3, 4]) {
      await kit.control('POST', '/inbound', {
        phone_number_id: number.phone_number_id,
        from: `1650555030${index}`,
        type: 'text',
        text: 'hi',
      });
      await kit.graph('POST', `${number.phone_number_id}/messages`, {
        number,
        body: {
          messaging_product: 'whatsapp',
          to: `1650555030${index}`,
          type: 'text',
          text: { body: `reply ${index}` },
        },
      });
    }
    const all = await kit.control('GET', `/messages?phone_number_id=${number.phone_number_id}`);
    expect(all.body.map((message: { to: string }) => message.to)).toEqual(['16505550303', '16505550304']);
    expect(all.body[1]).toMatchObject({
      direction: 'out',
      type: 'text',
      status: expect.any(String),
      body: { text: { body: 'reply 4' } },
    });
    const both = await kit.control('GET', '/messages?direction=all&limit=3');
    expect(both.body.map((message: { direction: string }) => message.direction)).toEqual(['out', 'in', 'out']);
    expect(
      (await kit.control('GET', `/messages?to=16505550304&phone_number_id=${other.phone_number_id}`)).body,
    ).toEqual([]);
    expect((await kit.control('GET', '/messages?limit=0')).status).toBe(400);
  });

  it('change the configuration, reset the world, and settle', async () => {
    const kit = await sandbox();
    const config = await kit.control('POST', '/config', { behaviour: { reply: 0.5 }, delays: { readMs: 1234 } });
    expect(config.body.behaviour.reply).toBe(0.5);
    expect((await kit.control('GET', '/config')).body.delays.readMs).toBe(1234);
    await kit.createNumber();
    expect((await kit.control('POST', '/reset')).body).toEqual({ success: true });
    expect((await kit.control('GET', '/numbers')).body).toEqual([]);
    expect((await kit.control('POST', '/settle', {})).body).toEqual({
      settled: true,
      pending_tasks: 0,
      pending_webhooks: 0,
    });
  });

  it('report a webhook the product will not take as not settled', async () => {
    const kit = await sandbox();
    const number = await kit.createNumber();
    kit.sink.answer = 500;
    await kit.control('POST', '/inbound', {
      phone_number_id: number.phone_number_id,
      from: '16505550220',
      type: 'text',
      text: 'hi',
    });
    const settle = await kit.control('POST', '/settle', { timeout_ms: 100 });
    expect(settle.body).toMatchObject({ settled: false, pending_webhooks: 1 });
    kit.sink.answer = 200;
    expect((await kit.control('POST', '/settle', { timeout_ms: 10_000 })).body.settled).toBe(true);
  });

  it('are callable in process', async () => {
    const kit = await sandbox();
    const created = await kit.running.control('POST', '/numbers', { verified_name: 'In Process' });
    expect(created).toMatchObject({ status: 201, body: { verified_name: 'In Process' } });
    expect((await kit.running.control('GET', '/numbers?x=1')).body).toHaveLength(1);
    expect((await kit.running.control('POST', '/numbers', { quality_rating: 'BLUE' })).status).toBe(400);
  });
});

describe('the state file', () => {
  it('keeps numbers, templates, customers and the log across a restart', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-state-'));
    const stateFile = path.join(dir, 'nested', 'state.json');
    try {
      const first = await startSandbox({ appSecret: TEST_APP_SECRET, webhookUrl: null, stateFile });
      const number = (await first.control('POST', '/numbers', { throughput_level: 'HIGH' })).body as any;
      await first.control('POST', '/templates', { waba_id: number.waba_id, name: 'kept', status: 'APPROVED' });
      await first.control('POST', '/inbound', {
        phone_number_id: number.phone_number_id,
        from: '16505550400',
        type: 'text',
        text: 'hi',
      });
      // The debounced write comes by itself, without a stop.
      for (let round = 0; round < 300 && !existsSync(stateFile); round++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(existsSync(stateFile)).toBe(true);
      await first.stop();

      const second = await startSandbox({ appSecret: TEST_APP_SECRET, webhookUrl: null, stateFile });
      try {
        expect((await second.control('GET', '/numbers')).body).toEqual([
          expect.objectContaining({ access_token: number.access_token }),
        ]);
        const reply = await fetch(`${second.url}/v23.0/${number.phone_number_id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${number.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: '16505550400',
            type: 'text',
            text: { body: 'still in the window' },
          }),
        });
        expect(reply.status).toBe(200);
        const templates = await second.control('GET', `/templates?waba_id=${number.waba_id}`);
        expect(templates.body).toEqual([expect.objectContaining({ name: 'kept', status: 'APPROVED' })]);
        const log = (await second.control('GET', '/messages?direction=all')) as any;
        expect(log.body.map((message: { direction: string }) => message.direction)).toEqual(['in', 'out']);
        const next = (await second.control('POST', '/numbers', {})) as any;
        expect(next.body.phone_number_id).not.toBe(number.phone_number_id);
      } finally {
        await second.stop();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
