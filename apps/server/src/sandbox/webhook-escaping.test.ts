import { afterEach, expect, it } from 'vitest';
import { WhatsAppAPI } from 'whatsapp-api-js';
import { startTestSandbox, TEST_APP_SECRET, type TestSandbox } from './test/kit.js';

let kit: TestSandbox | undefined;
afterEach(() => kit?.stop());

// DEL too: JSON allows it raw, whatsapp-api-js escapes it before checking.
const CHINESE = '你好，我想了解一下价格 😀\u007f';

it('sends non-ASCII escaped as Meta does, so a third-party verifier (whatsapp-api-js) accepts its webhooks', async () => {
  kit = await startTestSandbox();
  const number = await kit.createNumber();
  const sent = await kit.control('POST', '/inbound', {
    phone_number_id: number.phone_number_id,
    from: '8613800138000',
    type: 'text',
    text: CHINESE,
  });
  expect(sent.status).toBe(200);
  await kit.settle();
  const [webhook] = kit.sink.received.filter(({ raw }) => raw.includes('"messages":'));
  expect(webhook).toBeDefined();
  const { raw, signature } = webhook!;
  expect(raw).toMatch(/^[\0-~]*$/);
  expect(raw).toContain('\\u4f60\\u597d');
  expect(raw).toContain('\\ud83d\\ude00');
  const [message] = kit.inbound();
  expect(message?.text.body).toBe(CHINESE);

  const verifier = new WhatsAppAPI({ token: 'unused', appSecret: TEST_APP_SECRET, v: 'v23.0' });
  expect(await verifier.verifyRequestSignature(raw, signature)).toBe(true);
  expect(await verifier.verifyRequestSignature(raw.replace('\\u4f60', '\\u4f61'), signature)).toBe(false);
});
