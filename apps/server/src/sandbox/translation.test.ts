import { TRANSLATION_LANGUAGES } from '@ws/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibreTranslate } from '../platform/translation/providers/libretranslate.js';
import type { Translator } from '../platform/translation/translator.js';
import { SANDBOX_TRANSLATE_PATH } from '../platform/translation/translator-from-config.js';
import { type RunningSandbox, startSandbox } from './index.js';

let running: RunningSandbox;
let translator: Translator;

beforeAll(async () => {
  running = await startSandbox({ port: 0, appSecret: 'sandbox-translation-secret-0123', webhookUrl: null });
  translator = createLibreTranslate(
    { baseUrl: `${running.url}${SANDBOX_TRANSLATE_PATH}`, timeoutMs: 5000 },
    { provider: 'sandbox', simulated: true },
  );
});
afterAll(async () => {
  await translator.close();
  await running.stop();
});

const post = (path: string, body: unknown) =>
  fetch(`${running.url}${SANDBOX_TRANSLATE_PATH}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe("the sandbox's LibreTranslate emulation", () => {
  it("answers the product's own LibreTranslate client with a marked pseudo-translation", async () => {
    const results = await translator.translate({
      texts: ['Hola, quisiera saber dónde está mi pedido', 'Su pedido ORD-2024-7 sale hoy: https://t.example/7'],
      source: 'auto',
      target: 'zh',
    });
    expect(results).toEqual([
      { text: '⟦zh-Hans⟧ Hola, quisiera saber dónde está mi pedido', detectedSource: 'es', billedCharacters: 41 },
      {
        // Protected spans went as HTML and came back intact.
        text: '⟦zh-Hans⟧ Su pedido ORD-2024-7 sale hoy: https://t.example/7',
        detectedSource: 'es',
        billedCharacters: expect.any(Number),
      },
    ]);
  });

  it('is deterministic and keeps a given source', async () => {
    const once = await translator.translate({ texts: ['谢谢你的帮助'], source: 'zh', target: 'es' });
    const again = await translator.translate({ texts: ['谢谢你的帮助'], source: 'zh', target: 'es' });
    expect(once).toEqual(again);
    expect(once[0]).toEqual({ text: '⟦es⟧ 谢谢你的帮助', detectedSource: 'zh', billedCharacters: 6 });
  });

  it('detects for real, lists every product language, and refuses what LibreTranslate refuses', async () => {
    expect(await translator.detect('Bonjour, je voudrais savoir quand ma commande arrivera')).toMatchObject({
      language: 'fr',
    });
    expect(await translator.languages()).toEqual([...TRANSLATION_LANGUAGES]);
    const unknown = await post('/translate', { q: 'Hello', source: 'en', target: 'xx' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'xx is not supported' });
    const missing = await post('/translate', { target: 'es' });
    expect(missing.status).toBe(400);
    expect((await post('/nothing', {})).status).toBe(404);
  });

  it('fails every translation while the control call says the provider is down', async () => {
    const down = await running.control('POST', '/config', { translation: { unavailable: true } });
    expect(down.status).toBe(200);
    await expect(translator.translate({ texts: ['Hola'], source: 'es', target: 'en' })).rejects.toMatchObject({
      provider: 'sandbox',
      failure: 'failed',
      httpStatus: 503,
    });
    await running.control('POST', '/config', { translation: { unavailable: false } });
    expect(await translator.translate({ texts: ['Hola'], source: 'es', target: 'en' })).toHaveLength(1);
  });
});
