import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp, withTestApp } from '../../test/test-app.js';

/**
 * The product as installed: no TRANSLATION_* variable, the sandbox on. The real LibreTranslate
 * client talks to the sandbox's emulation, consent defaults to on (nothing leaves the machine),
 * replies say `simulated`, and the meter runs under the provider name `sandbox`.
 */
const env: Record<string, string> = {};
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appSecret: 'translation-defaults-secret-0123', webhookUrl: null });
  env.SANDBOX_PORT = String(sandbox.port);
});
afterAll(() => sandbox.stop());

const t = useTestApp(env);
const tenants = useTenants(t, 'translate_defaults');

describe('the embedded default', () => {
  it('is on for a new tenant, because the simulated provider sends nothing out', async () => {
    const settings = await t.get('/api/translate/settings', { token: tenants.a.token });
    expect(settings.body.data).toMatchObject({
      allowed: true,
      allowed_is_default: true,
      provider: 'sandbox',
      simulated: true,
    });
  });

  it('translates through the sandbox with a marked pseudo-translation, cached and metered', async () => {
    const body = { texts: ['谢谢，订单 A-77 什么时候发货？'], target: 'es' };
    const first = await t.post('/api/translate/text', { token: tenants.seat.token, body });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      provider: 'sandbox',
      simulated: true,
      target: 'es',
      translations: [
        {
          text: '⟦es⟧ 谢谢，订单 A-77 什么时候发货？',
          detected_source: 'zh',
          cached: false,
          characters: expect.any(Number),
        },
      ],
    });
    const again = await t.post('/api/translate/text', { token: tenants.a.token, body });
    expect(again.body.data.translations[0]).toMatchObject({
      text: '⟦es⟧ 谢谢，订单 A-77 什么时候发货？',
      cached: true,
    });
    const { rows } = await t.pool.query(
      'select provider, target_language, texts::int, cached_texts::int from translation_usage where tenant_id = $1',
      [tenants.a.tenantId],
    );
    expect(rows).toEqual([{ provider: 'sandbox', target_language: 'es', texts: 2, cached_texts: 1 }]);
  });

  it('can still be refused by the tenant', async () => {
    await t.post('/api/translate/settings', { token: tenants.b.token, body: { allowed: false } });
    const refused = await t.post('/api/translate/text', {
      token: tenants.b.token,
      body: { texts: ['Hola'], target: 'zh' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^allowed: /);
  });

  it("lists the sandbox's languages as supported", async () => {
    const reply = await t.get('/api/translate/languages', { token: tenants.a.token });
    expect(reply.body.data.languages.every((language: { supported: boolean }) => language.supported)).toBe(true);
  });
});

describe('translation turned off', () => {
  it('answers 503 naming TRANSLATION_PROVIDER, and lists no language as supported', async () => {
    await withTestApp({ TRANSLATION_PROVIDER: 'off' }, async (app) => {
      const operator = await app.registerOperator();
      const reply = await app.post('/api/translate/text', {
        token: operator.access_token,
        body: { texts: ['Hola'], target: 'zh' },
        headers: { 'accept-language': 'en' },
      });
      expect(reply.status).toBe(503);
      expect(reply.body.message).toMatch(/^translation: .*TRANSLATION_PROVIDER=off/);
      const languages = await app.get('/api/translate/languages', { token: operator.access_token });
      expect(languages.body.data.provider).toBe('off');
      expect(languages.body.data.languages.some((language: { supported: boolean }) => language.supported)).toBe(false);
      const settings = await app.get('/api/translate/settings', { token: operator.access_token });
      expect(settings.body.data).toMatchObject({ allowed: false, provider: 'off', simulated: false });
    });
  });
});
