import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { WEBHOOK_PATH } from './routes.js';
import { signWebhookBody } from './signature.js';
import { APP_SECRET, metaExamples, postWebhook, rows, VERIFY_TOKEN, WEBHOOK_ENV } from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const example = metaExamples['Text Message']!;

const handshake = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: WEBHOOK_PATH, query });

describe('webhook verification handshake', () => {
  it('echoes the challenge as plain text when the verify token matches', async () => {
    const reply = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': VERIFY_TOKEN,
      'hub.challenge': '1158201444',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toBe('1158201444');
  });

  it('refuses a wrong or missing token, another mode, or no challenge', async () => {
    const refused: Record<string, string>[] = [
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'not-the-token', 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': `${VERIFY_TOKEN}x`, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.challenge': '1' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN },
    ];
    for (const query of refused) {
      const reply = await handshake(query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(403);
      expect(reply.body).not.toContain(VERIFY_TOKEN);
    }
  });
});

describe('webhook signature', () => {
  it('answers 401 without a signature and stores nothing', async () => {
    const before = await rows(t.pool, 'select id from webhook_event');
    const reply = await postWebhook(t, example, null);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toContain('X-Hub-Signature-256');
    expect(await rows(t.pool, 'select id from webhook_event')).toEqual(before);
  });

  it('answers 403 for a signature made with another secret, of another body, or malformed', async () => {
    const text = JSON.stringify(example);
    const wrong = [
      signWebhookBody(text, 'another-secret-0123456789'),
      signWebhookBody(`${text} `, APP_SECRET),
      signWebhookBody(text, APP_SECRET).replace('sha256=', 'sha1='),
      'sha256=zz',
      `${signWebhookBody(text, APP_SECRET)}00`,
    ];
    for (const signature of wrong) {
      const reply = await postWebhook(t, text, signature);
      expect(reply.statusCode, signature).toBe(403);
    }
    expect(await rows(t.pool, 'select id from webhook_event')).toEqual([]);
  });

  it('checks the exact bytes: a body re-serialised differently from what was signed is refused', async () => {
    const text = JSON.stringify(example, null, 2);
    expect((await postWebhook(t, JSON.stringify(example), signWebhookBody(text, APP_SECRET))).statusCode).toBe(403);
    expect((await postWebhook(t, text, signWebhookBody(text, APP_SECRET))).statusCode).toBe(200);
  });
});

describe('webhook signature over non-ASCII text', () => {
  const text = JSON.stringify(example).replace(/"body":"[^"]*"/, `"body":"J'ai mangé des pâtes 😀 你好"`);
  const escaped = text.replace(/[^\0-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);

  it('accepts raw UTF-8 signed over its escaped-unicode form, as Meta signs', async () => {
    expect(text).toContain('😀');
    expect(escaped).toContain('\\ud83d\\ude00');
    expect(escaped).toContain('\\u00e9');
    const reply = await postWebhook(t, text, signWebhookBody(escaped, APP_SECRET));
    expect(reply.statusCode).toBe(200);
    const stored = await rows<{ payload: string }>(t.pool, 'select payload from webhook_event where payload = $1', [
      text,
    ]);
    expect(stored).toHaveLength(1);
  });

  it('still accepts a signature over the raw bytes, and refuses a wrong one', async () => {
    expect((await postWebhook(t, text, signWebhookBody(text, APP_SECRET))).statusCode).toBe(200);
    expect((await postWebhook(t, text, signWebhookBody(escaped, 'another-secret-0123456789'))).statusCode).toBe(403);
    const upperCase = escaped.replace(/\\u([0-9a-f]{4})/g, (_all, hex: string) => `\\u${hex.toUpperCase()}`);
    expect((await postWebhook(t, text, signWebhookBody(upperCase, APP_SECRET))).statusCode).toBe(403);
  });
});

describe('webhook intake', () => {
  it('stores a signed event as sent and queues one drain job for a burst', async () => {
    const text = JSON.stringify(metaExamples['Order Message'], null, 1);
    const replies = await Promise.all([1, 2, 3].map(() => postWebhook(t, text)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    const stored = await rows<{ payload: string; processed_at: Date | null }>(
      t.pool,
      'select payload, processed_at from webhook_event where payload = $1',
      [text],
    );
    expect(stored).toHaveLength(3);
    expect(stored[0]!.processed_at).toBeNull();
    const jobs = await rows(
      t.pool,
      `select key from graphile_worker._private_jobs where key = 'whatsapp_webhooks_drain'`,
    );
    expect(jobs).toHaveLength(1);
  });

  it('takes any content type: the body is what was signed', async () => {
    const text = JSON.stringify(example);
    const reply = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'text/plain', 'x-hub-signature-256': signWebhookBody(text, APP_SECRET) },
      payload: text,
    });
    expect(reply.statusCode).toBe(200);
  });

  it('answers 400 for a signed body that is not JSON or not a WhatsApp Business Account webhook', async () => {
    const bodies: [string, string][] = [
      ['{"object": "whatsapp_business_account", "entry": [', 'JSON'],
      ['', 'JSON'],
      ['[]', 'body'],
      ['{"object": "page", "entry": []}', 'object'],
      ['{"object": "whatsapp_business_account"}', 'entry'],
      ['{"object": "whatsapp_business_account", "entry": [{"id": "1"}]}', 'entry.0.changes'],
      ['{"object": "whatsapp_business_account", "entry": [{"id": "1", "changes": [{"field": "messages"}]}]}', 'value'],
    ];
    for (const [body, named] of bodies) {
      const reply = await postWebhook(t, body, signWebhookBody(body, APP_SECRET));
      expect(reply.statusCode, body).toBe(400);
      expect(reply.json().message, body).toContain(named);
    }
  });

  it('accepts an unknown field at intake: it is kept and reported when processed', async () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'calls', value: {} }] }],
    };
    expect((await postWebhook(t, body)).statusCode).toBe(200);
  });
});
