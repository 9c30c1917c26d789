import { calls } from '@ws/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  type RecordedRequest,
  startFakeProvider,
} from '../../platform/translation/test/fake-provider.js';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { translationCachePruneJob } from './cache-prune-job.js';

/** A LibreTranslate that counts what it is asked: the cache is proven by requests that never come. */
function libreTranslate(request: RecordedRequest) {
  if (request.path === '/languages') return { json: ['en', 'es', 'zh-Hans'].map((code) => ({ code, name: code })) };
  if (request.path === '/translate') {
    const q: string[] = request.json.q;
    return {
      json: {
        translatedText: q.map((text) => `[${request.json.target}] ${text}`),
        detectedLanguage: q.map(() => ({ confidence: 92, language: 'es' })),
      },
    };
  }
  return { status: 404, json: { error: 'Not Found' } };
}

const env: Record<string, string> = { TRANSLATION_PROVIDER: 'libretranslate' };
let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider(libreTranslate);
  env.TRANSLATION_URL = fake.url;
});
afterAll(() => fake.close());

const t = useTestApp(env);
const tenants = useTenants(t, 'translate');

const translate = (token: string, body: object, headers: Record<string, string> = {}) =>
  t.post('/api/translate/text', { token, body, headers });
const allow = (token: string, allowed = true) => t.post('/api/translate/settings', { token, body: { allowed } });
const providerCalls = () => fake.requests.filter((request) => request.path === '/translate').length;

async function usageOf(tenantId: string) {
  const { rows } = await t.pool.query(
    'select target_language, provider, characters::int, texts::int, cached_texts::int from translation_usage where tenant_id = $1',
    [tenantId],
  );
  return rows;
}

describe('translation consent', () => {
  it('refuses translation until the tenant allows a real provider, naming the setting in zh and en', async () => {
    const settings = await t.get('/api/translate/settings', { token: tenants.a.token });
    expect(settings.body.data).toEqual({
      allowed: false,
      allowed_is_default: true,
      agent_language: 'zh',
      provider: 'libretranslate',
      simulated: false,
      updated_at: null,
    });
    const zh = await translate(tenants.a.token, { texts: ['Hola'], target: 'zh' });
    expect(zh.status).toBe(403);
    expect(zh.body.message).toMatch(/^allowed: 本租户未允许将客户文本发送给翻译服务（libretranslate）/);
    const en = await translate(tenants.a.token, { texts: ['Hola'], target: 'zh' }, { 'accept-language': 'en' });
    expect(en.body.message).toMatch(/^allowed: this tenant does not allow sending customer text/);
    expect(providerCalls()).toBe(0);
  });

  it('lets an operator, not a seat, change the settings; a seat reads them', async () => {
    expect((await allow(tenants.seat.token)).status).toBe(403);
    const edited = await t.post('/api/translate/settings', {
      token: tenants.a.token,
      body: { allowed: true, agentLanguage: 'en' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ allowed: true, allowed_is_default: false, agent_language: 'en' });
    const keepsLanguage = await allow(tenants.a.token);
    expect(keepsLanguage.body.data.agent_language).toBe('en');
    const seatView = await t.get('/api/translate/settings', { token: tenants.seat.token });
    expect(seatView.body.data).toMatchObject({ allowed: true, agent_language: 'en' });
    // Tenant B is untouched.
    expect((await t.get('/api/translate/settings', { token: tenants.b.token })).body.data.allowed).toBe(false);
  });
});

describe('translating', () => {
  const texts = ['Hola amigo, ¿cómo estás?', 'Su pedido ORD-1 está listo', 'Hola amigo, ¿cómo estás?'];

  it('translates through the provider once, then answers from the cache, and meters both', async () => {
    const before = providerCalls();
    const first = await translate(tenants.a.token, { texts, target: 'zh' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      provider: 'libretranslate',
      simulated: false,
      target: 'zh',
      translations: [
        { text: '[zh-Hans] Hola amigo, ¿cómo estás?', detected_source: 'es', cached: false, characters: 24 },
        {
          text: '[zh-Hans] Su pedido ORD-1 está listo',
          detected_source: 'es',
          cached: false,
          characters: expect.any(Number),
        },
        // The same text twice in one call is asked and billed once.
        { text: '[zh-Hans] Hola amigo, ¿cómo estás?', detected_source: 'es', cached: false, characters: 0 },
      ],
    });
    // One request for the plain texts, one for the text whose order number travels as markup.
    expect(providerCalls() - before).toBe(2);
    const billed = first.body.data.translations.reduce(
      (sum: number, item: { characters: number }) => sum + item.characters,
      0,
    );

    const second = await translate(tenants.a.token, { texts, target: 'zh' });
    expect(providerCalls() - before).toBe(2);
    expect(second.body.data.translations.map((item: { cached: boolean }) => item.cached)).toEqual([true, true, true]);
    expect(second.body.data.translations[1].text).toBe('[zh-Hans] Su pedido ORD-1 está listo');
    expect(await usageOf(tenants.a.tenantId)).toEqual([
      { target_language: 'zh', provider: 'libretranslate', characters: billed, texts: 6, cached_texts: 3 },
    ]);
    // The wallet's translation account is charged the billed characters once (issue 20); the cached call nothing.
    const ledger = await t.pool.query(
      `select kind, amount::int, quantity::int, category from ledger_transaction where tenant_id = $1`,
      [tenants.a.tenantId],
    );
    expect(ledger.rows).toEqual([{ kind: 'translation_usage', amount: -billed, quantity: billed, category: 'zh' }]);
    const wallet = await t.get('/api/vip/info', { token: tenants.a.token });
    expect(wallet.body.data.translation_chars).toBe(-billed);
    const used = await t.post('/api/consume/transuse', { token: tenants.a.token, body: {} });
    expect(used.body.data.records).toMatchObject([{ kind: 'translation_usage', quantity: billed, amount: -billed }]);
    const cachedRows = await t.pool.query('select count(*)::int as n from translation_cache where tenant_id = $1', [
      tenants.a.tenantId,
    ]);
    expect(cachedRows.rows[0].n).toBe(2);
  });

  it('answers texts already in the target language as they are, asking nobody', async () => {
    const before = providerCalls();
    const reply = await translate(tenants.b.token, { texts: ['Hola'], source: 'es', target: 'es' });
    expect(reply.body.data.translations).toEqual([
      { text: 'Hola', detected_source: 'es', cached: false, characters: 0 },
    ]);
    expect(providerCalls()).toBe(before);
  });

  it("lets a seat translate with its tenant's consent and cache", async () => {
    const before = providerCalls();
    const reply = await translate(tenants.seat.token, { texts: [texts[0]], target: 'zh' });
    expect(reply.status).toBe(200);
    expect(reply.body.data.translations[0].cached).toBe(true);
    expect(providerCalls()).toBe(before);
  });

  it("keeps each tenant's cache and meter to itself", async () => {
    await allow(tenants.b.token);
    const before = providerCalls();
    const reply = await translate(tenants.b.token, { texts: [texts[0]], target: 'zh' });
    expect(reply.body.data.translations[0]).toMatchObject({ cached: false, characters: 24 });
    expect(providerCalls() - before).toBe(1);
    expect(await usageOf(tenants.b.tenantId)).toEqual([
      { target_language: 'zh', provider: 'libretranslate', characters: 24, texts: 1, cached_texts: 0 },
    ]);
    expect((await usageOf(tenants.a.tenantId))[0].texts).toBe(7);
  });

  it('answers a provider failure as a clear error, never the original text, and caches and meters nothing', async () => {
    const usage = await usageOf(tenants.a.tenantId);
    fake.answer(() => ({ status: 500, json: { error: 'Argos crashed' } }));
    const failed = await translate(tenants.a.token, { texts: ['Buenas noches, gracias'], target: 'en' });
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('texts: 翻译服务 libretranslate 服务出错，未翻译：Argos crashed');
    expect(failed.body.data).toBeNull();
    const english = await translate(
      tenants.a.token,
      { texts: ['Buenas noches, gracias'], target: 'en' },
      { 'accept-language': 'en' },
    );
    expect(english.body.message).toBe(
      'texts: the translation provider libretranslate failed; nothing was translated: Argos crashed',
    );
    fake.answer(() => ({ status: 429, json: { error: 'Slowdown: 30 per 1 minute' } }));
    const throttled = await translate(tenants.a.token, { texts: ['Buenas noches, gracias'], target: 'en' });
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    fake.answer(libreTranslate);
    expect(await usageOf(tenants.a.tenantId)).toEqual(usage);
    const cached = await t.pool.query('select count(*)::int as n from translation_cache where tenant_id = $1', [
      tenants.a.tenantId,
    ]);
    expect(cached.rows[0].n).toBe(2);
  });

  it('caches and meters what the provider answered before a later request of the call failed', async () => {
    const [before] = await usageOf(tenants.a.tenantId);
    // The plain texts' request is answered; the one carrying an order number as markup fails.
    fake.answer((request) =>
      request.json?.format === 'html' ? { status: 500, json: { error: 'html failed' } } : libreTranslate(request),
    );
    const plain = 'Una frase sencilla y nueva';
    const failed = await translate(tenants.a.token, { texts: [plain, 'Pedido ORD-55 con código'], target: 'zh' });
    fake.answer(libreTranslate);
    expect(failed.status).toBe(503);
    const [after] = await usageOf(tenants.a.tenantId);
    expect(after.characters - before.characters).toBe(plain.length);
    expect(after.texts - before.texts).toBe(1);
    const again = await translate(tenants.a.token, { texts: [plain], target: 'zh' });
    expect(again.body.data.translations[0]).toMatchObject({ text: `[zh-Hans] ${plain}`, cached: true });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    await refusesStrangers(t, tenants, calls.translateText, {
      valid: () => ({ texts: ['Hola'], target: 'zh' }),
      bad: [
        [{ texts: [], target: 'zh' }, 'texts'],
        [{ texts: ['Hola'] }, 'target'],
        [{ texts: ['Hola'], target: 'xx' }, 'target'],
        [{ texts: ['Hola'], target: 'zh', source: 'klingon' }, 'source'],
        [{ texts: ['a'.repeat(5001)], target: 'zh' }, 'texts.0'],
        [{ texts: Array.from({ length: 51 }, () => 'a'), target: 'zh' }, 'texts'],
      ],
    });
    await refusesStrangers(t, tenants, calls.translateSettingsEdit, {
      valid: () => ({ allowed: true }),
      bad: [
        [{ allowed: 'yes' }, 'allowed'],
        [{ agentLanguage: 'xx' }, 'agentLanguage'],
      ],
    });
    await expectBadInput(
      (body) => t.post('/api/translate/text', { token: tenants.a.token, body, headers: { 'accept-language': 'en' } }),
      [[{ texts: ['Hola'], target: 'xx' }, /^target: .*[a-z]/]],
    );
  });
});

describe('consent and the provider it was given for', () => {
  it('does not carry a yes over to another provider', async () => {
    // As if B had said yes while the platform used DeepL, and the platform then moved.
    await t.pool.query(`update translation_setting set allowed_provider = 'deepl' where tenant_id = $1`, [
      tenants.b.tenantId,
    ]);
    const settings = await t.get('/api/translate/settings', { token: tenants.b.token });
    expect(settings.body.data).toMatchObject({ allowed: false, allowed_is_default: true, provider: 'libretranslate' });
    expect((await translate(tenants.b.token, { texts: ['Buenos días'], target: 'zh' })).status).toBe(403);
    await allow(tenants.b.token);
    expect((await translate(tenants.b.token, { texts: ['Buenos días'], target: 'zh' })).status).toBe(200);
  });
});

describe('detection and languages', () => {
  it('detects locally, without the provider or the consent, and answers undetermined for short texts', async () => {
    const before = fake.requests.length;
    const spanish = await t.post('/api/translate/detect', {
      token: tenants.seat.token,
      body: { text: 'Hola, quisiera saber dónde está mi pedido' },
    });
    expect(spanish.body.data).toMatchObject({ language: 'es', detected: 'es', reliable: true });
    const short = await t.post('/api/translate/detect', { token: tenants.b.token, body: { text: 'ok 👍' } });
    expect(short.body.data).toEqual({ language: null, detected: 'und', confidence: 0, reliable: false });
    expect(fake.requests.length).toBe(before);
    await expectBadInput(
      (body) => t.post('/api/translate/detect', { token: tenants.a.token, body }),
      [[{ text: '' }, 'text']],
    );
  });

  it("lists the product's languages with the provider's support", async () => {
    const reply = await t.get('/api/translate/languages', { token: tenants.seat.token });
    expect(reply.status).toBe(200);
    const supported = reply.body.data.languages.filter((language: { supported: boolean }) => language.supported);
    expect(supported.map((language: { code: string }) => language.code)).toEqual(['zh', 'en', 'es']);
    expect(reply.body.data).toMatchObject({ provider: 'libretranslate', simulated: false });
  });
});

describe('the cache prune job', () => {
  it('deletes translations older than TRANSLATION_CACHE_DAYS and keeps the rest', async () => {
    await t.pool.query(
      `update translation_cache set created_at = now() - interval '31 days'
        where tenant_id = $1 and translated_text like '%Su pedido%'`,
      [tenants.a.tenantId],
    );
    await translationCachePruneJob.handle(undefined, {} as never, t.context);
    const { rows } = await t.pool.query('select translated_text from translation_cache where tenant_id = $1', [
      tenants.a.tenantId,
    ]);
    expect(rows.map((row) => row.translated_text).sort()).toEqual([
      '[zh-Hans] Hola amigo, ¿cómo estás?',
      '[zh-Hans] Una frase sencilla y nueva',
    ]);
    // A pruned text is asked again.
    const before = providerCalls();
    await translate(tenants.a.token, { texts: ['Su pedido ORD-1 está listo'], target: 'zh' });
    expect(providerCalls() - before).toBe(1);
  });
});
