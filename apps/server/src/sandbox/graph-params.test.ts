import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NumberView, quietBehaviour, startTestSandbox, type TestSandbox, templateSend } from './test/kit.js';

let kit: TestSandbox;
let number: NumberView;

beforeEach(async () => {
  kit = await startTestSandbox({ behaviour: quietBehaviour });
  number = await kit.createNumber({ throughput_level: 'HIGH' });
  await kit.control('POST', '/templates', { waba_id: number.waba_id, name: 'promo', status: 'APPROVED' });
});
afterEach(() => kit.stop());

const templateObject = templateSend('').template;

/** A Graph call with a form-encoded body, as `curl -F`-less clients and some SDKs send. */
async function postForm(path: string, fields: Record<string, string>) {
  const response = await fetch(`${kit.running.url}/v23.0/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${number.access_token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: await response.json() };
}

describe('parameters given as JSON text, as the Graph API decodes them', () => {
  it('sends a template given as a JSON string inside a JSON body, and logs it decoded', async () => {
    const reply = await kit.graph('POST', `${number.phone_number_id}/messages`, {
      body: {
        messaging_product: 'whatsapp',
        to: '16505553001',
        type: 'template',
        template: JSON.stringify(templateObject),
      },
    });
    expect(reply.status).toBe(200);
    const log = await kit.control('GET', '/messages?to=16505553001');
    expect(log.body[0].body.template).toEqual(templateObject);
  });

  it('sends a form-encoded template and a form-encoded text, keeping the callback data a string', async () => {
    const callback = JSON.stringify({ recipient: 42 });
    const template = await postForm(`${number.phone_number_id}/messages`, {
      messaging_product: 'whatsapp',
      to: '16505553002',
      type: 'template',
      template: JSON.stringify(templateObject),
      biz_opaque_callback_data: callback,
    });
    expect(template.status).toBe(200);
    await kit.control('POST', '/inbound', {
      phone_number_id: number.phone_number_id,
      from: '16505553003',
      type: 'text',
      text: 'hi',
    });
    const text = await postForm(`${number.phone_number_id}/messages`, {
      messaging_product: 'whatsapp',
      to: '16505553003',
      type: 'text',
      text: JSON.stringify({ body: 'hello', preview_url: false }),
    });
    expect(text.status).toBe(200);
    await kit.settle();
    const sent = kit.statuses().find((status) => status.id === template.body.messages[0].id);
    expect(sent?.biz_opaque_callback_data).toBe(callback);
  });

  it('creates a template whose components come form-encoded', async () => {
    const reply = await postForm(`${number.waba_id}/message_templates`, {
      name: 'form_made',
      language: 'en_US',
      category: 'UTILITY',
      components: JSON.stringify([{ type: 'BODY', text: 'Your order {{1}} shipped' }]),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'PENDING', category: 'UTILITY' });
  });

  it('refuses JSON text that does not parse, naming the parameter (100)', async () => {
    const reply = await postForm(`${number.phone_number_id}/messages`, {
      messaging_product: 'whatsapp',
      to: '16505553004',
      type: 'template',
      template: '{"name": "promo",',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 100, error_data: { details: 'template: not valid JSON' } });
  });
});
