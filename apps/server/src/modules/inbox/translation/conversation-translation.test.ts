/**
 * Two-way translation of a conversation, through HTTP against the sandbox's simulated provider:
 * the customer's language detected as messages arrive (sticky, overridable), messages translated
 * once and kept, metered, failures shown and retried, replies translated before they go (or sent
 * as typed when the agent says so), the tenant's consent, and seats and tenants apart.
 */
import { calls } from '@ws/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../sandbox/index.js';
import { refusesStrangers } from '../../../test/refuses-strangers.js';
import { useTenants } from '../../../test/tenants.js';
import { useTestApp } from '../../../test/test-app.js';
import { seedTemplate } from '../../../test/whatsapp-fixtures.js';
import { rows, WEBHOOK_ENV } from '../../../whatsapp/webhooks/test-support.js';
import { customersWrite, eventsSince, lastEventId, postAs, useOneConversation } from '../test-support.js';
import { translateNewMessages } from './translate-job.js';

const env: Record<string, string> = { ...WEBHOOK_ENV };
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appSecret: 'inbox-translation-secret-0123', webhookUrl: null });
  env.SANDBOX_PORT = String(sandbox.port);
});
afterAll(() => sandbox.stop());

const t = useTestApp(env);
const tenants = useTenants(t, 'inboxtranslate');
const { a: operator, b: other, seat: agent } = tenants;
const shared = useOneConversation(t, tenants);
const post = postAs(t);

const providerDown = (unavailable: boolean) => sandbox.control('POST', '/config', { translation: { unavailable } });

async function conversation() {
  const [row] = await rows<{ language: string | null; language_source: string | null; translate: boolean }>(
    t.pool,
    'select language, language_source, translate from conversation where id = $1',
    [shared.conversationId],
  );
  return row;
}

const write = (text: string) => customersWrite(t, shared.number, [{ waId: shared.waId, text }]);

async function messages(token = agent.token, language?: string) {
  const reply = await t.get('/api/inbox/messages', {
    token,
    query: { conversationId: shared.conversationId, ...(language ? { language } : {}) },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.records as {
    id: string;
    created_at: string;
    direction: string;
    preview: string;
    translation: Record<string, unknown> | null;
  }[];
}

/** The eager translation jobs the drain queued for the tenant, run now as the worker would. */
async function runQueuedTranslations(): Promise<number> {
  const queued = await rows<{ payload: { tenantId: string; conversationIds: string[] } }>(
    t.pool,
    `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
      where k.id = j.task_id and k.identifier = 'inbox_translate' returning j.payload`,
  );
  let translated = 0;
  for (const { payload } of queued) {
    translated += await translateNewMessages(t.context, payload.tenantId, payload.conversationIds);
  }
  return translated;
}

async function usage() {
  return rows<{ target_language: string; provider: string; characters: number; texts: number; cached_texts: number }>(
    t.pool,
    `select target_language, provider, characters::int, texts::int, cached_texts::int from translation_usage
      where tenant_id = $1 order by target_language`,
    [operator.tenantId],
  );
}

describe("the customer's language", () => {
  it('is detected from their messages, kept through short ones, and follows a switch', async () => {
    // useOneConversation's customer wrote "Hola, ¿tienen envío?": Spanish.
    expect(await conversation()).toMatchObject({ language: 'es', language_source: 'detected', translate: false });
    await write('ok 👍');
    expect(await conversation()).toMatchObject({ language: 'es', language_source: 'detected' });
    const since = await lastEventId(t);
    await write('Bonjour, je voudrais savoir quand ma commande arrivera');
    expect(await conversation()).toMatchObject({ language: 'fr', language_source: 'detected' });
    const told = await eventsSince(t, operator.tenantId, 'conversation.translation', since);
    expect(told.map((event) => event.payload)).toEqual([
      expect.objectContaining({ language: 'fr', language_source: 'detected', translate: false }),
    ]);
    expect(told[0]?.assignee_ids).toContain(agent.userId);
    expect(told[0]?.assignee_ids).not.toContain(shared.colleague.userId);
  });

  it('set by an agent wins over detection until cleared, which detects again', async () => {
    const since = await lastEventId(t);
    const set = await post('/api/inbox/language', agent.token, {
      conversationId: shared.conversationId,
      language: 'pt',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ language: 'pt', language_source: 'manual' });
    const told = await eventsSince(t, operator.tenantId, 'conversation.translation', since);
    expect(told.map((event) => event.payload)).toEqual([
      expect.objectContaining({ conversation_id: shared.conversationId, language: 'pt', language_source: 'manual' }),
    ]);
    await write('Hola, quisiera saber dónde está mi pedido');
    expect(await conversation()).toMatchObject({ language: 'pt', language_source: 'manual' });
    const cleared = await post('/api/inbox/language', agent.token, {
      conversationId: shared.conversationId,
      language: null,
    });
    expect(cleared.body.data).toMatchObject({ language: 'es', language_source: 'detected' });
  });
});

describe('incoming messages', () => {
  it('are translated once turning translation on, kept, shown with the original, and metered', async () => {
    const since = await lastEventId(t);
    const on = await post('/api/inbox/translation', agent.token, {
      conversationId: shared.conversationId,
      translate: true,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.translate).toBe(true);
    expect(await runQueuedTranslations()).toBeGreaterThan(0);
    const [spanish] = (await messages()).filter((m) => m.preview === 'Hola, quisiera saber dónde está mi pedido');
    expect(spanish?.translation).toEqual({
      message_id: spanish?.id,
      language: 'zh',
      state: 'ok',
      text: '⟦zh-Hans⟧ Hola, quisiera saber dónde está mi pedido',
      original: false,
      source_language: 'es',
      provider: 'sandbox',
      simulated: true,
      error: null,
    });
    const translated = await eventsSince(t, operator.tenantId, 'message.translated', since);
    expect(translated.length).toBeGreaterThan(0);
    expect(translated.every((event) => event.assignee_ids?.includes(agent.userId))).toBe(true);
    // To the conversation's agent, never to a colleague serving the number whose conversation it is not.
    expect(translated.some((event) => event.assignee_ids?.includes(shared.colleague.userId))).toBe(false);
    const metered = await usage();
    expect(metered).toEqual([expect.objectContaining({ target_language: 'zh', provider: 'sandbox' })]);
    expect(metered[0]?.characters).toBeGreaterThan(0);
  });

  it('are never translated twice: a new message is, the others are answered from what was kept', async () => {
    const before = (await usage())[0];
    await write('¿Y cuánto cuesta el envío a Sevilla?');
    expect(await runQueuedTranslations()).toBe(1);
    const all = await messages();
    const keys = all.filter((m) => m.direction === 'in').map((m) => ({ messageId: m.id, createdAt: m.created_at }));
    const again = await post('/api/inbox/translate', agent.token, {
      conversationId: shared.conversationId,
      messages: keys,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.length).toBeGreaterThan(0);
    const after = (await usage())[0];
    expect(after?.texts).toBe((before?.texts ?? 0) + 1);
    expect(await runQueuedTranslations()).toBe(0);
  });

  it("show 'missing' for another reader's language, translated on demand", async () => {
    const [newest] = (await messages(agent.token, 'en')).filter((m) => m.direction === 'in');
    expect(newest?.translation).toMatchObject({ state: 'missing', language: 'en', text: null });
    const reply = await post('/api/inbox/translate', agent.token, {
      conversationId: shared.conversationId,
      language: 'en',
      messages: [{ messageId: newest?.id, createdAt: newest?.created_at }],
    });
    expect(reply.body.data).toEqual([
      expect.objectContaining({ state: 'ok', language: 'en', text: `⟦en⟧ ${newest?.preview}` }),
    ]);
  });

  it('that fail show the failure, in zh and en, and translate on retry', async () => {
    await providerDown(true);
    await write('Necesito cambiar la dirección de entrega, por favor');
    await runQueuedTranslations();
    const [failed] = (await messages()).filter((m) => m.preview.startsWith('Necesito'));
    expect(failed?.translation).toMatchObject({ state: 'failed', text: null });
    expect(failed?.translation?.error).toMatch(/^texts: 翻译服务 sandbox/);
    const [inEnglish] = (await messages(agent.token)).filter((m) => m.id === failed?.id);
    expect(inEnglish?.translation?.state).toBe('failed');
    const key = { messageId: failed?.id, createdAt: failed?.created_at };
    const stillDown = await post(
      '/api/inbox/translate',
      agent.token,
      { conversationId: shared.conversationId, messages: [key] },
      'en',
    );
    expect(stillDown.body.data[0]).toMatchObject({ state: 'failed' });
    expect(stillDown.body.data[0].error).toMatch(/^texts: the translation provider sandbox/);
    await providerDown(false);
    const retried = await post('/api/inbox/translate', agent.token, {
      conversationId: shared.conversationId,
      messages: [key],
    });
    expect(retried.body.data[0]).toMatchObject({ state: 'ok', text: `⟦zh-Hans⟧ ${failed?.preview}` });
  });
});

describe('replies', () => {
  it("go in the customer's language, the agent's words kept and shown", async () => {
    const text = '好的，我们明天发货，单号 A-7781 请查收 https://example.com/t/7781';
    const sent = await post('/api/inbox/send', agent.token, {
      conversationId: shared.conversationId,
      content: { type: 'text', text },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.translation).toEqual({
      original: text,
      text: `⟦es⟧ ${text}`,
      language: 'es',
      provider: 'sandbox',
      simulated: true,
    });
    const [stored] = await rows<{ body: { text: { body: string } } }>(
      t.pool,
      'select body from message where tenant_id = $1 and id = $2',
      [operator.tenantId, sent.body.data.message_id],
    );
    expect(stored?.body.text.body).toBe(`⟦es⟧ ${text}`);
    const [shown] = (await messages()).filter((m) => m.id === sent.body.data.message_id);
    expect(shown?.translation).toMatchObject({ state: 'ok', original: true, text, language: 'zh' });
  });

  it('are never sent untranslated silently: a 409 naming sendOriginal, then as typed when asked', async () => {
    await providerDown(true);
    const body = { conversationId: shared.conversationId, content: { type: 'text', text: '请稍等，我帮您查一下物流' } };
    const countBefore = await rows(t.pool, "select 1 from message where tenant_id = $1 and direction = 'out'", [
      operator.tenantId,
    ]);
    const zh = await post('/api/inbox/send', agent.token, body);
    expect(zh.status).toBe(409);
    expect(zh.body.message).toMatch(/^sendOriginal: 消息未能翻译成客户的语言，未发送/);
    const en = await post('/api/inbox/send', agent.token, body, 'en');
    expect(en.body.message).toMatch(/^sendOriginal: the message could not be translated/);
    const countAfter = await rows(t.pool, "select 1 from message where tenant_id = $1 and direction = 'out'", [
      operator.tenantId,
    ]);
    expect(countAfter).toHaveLength(countBefore.length);
    const asTyped = await post('/api/inbox/send', agent.token, { ...body, sendOriginal: true });
    expect(asTyped.status, JSON.stringify(asTyped.body)).toBe(200);
    expect(asTyped.body.data.translation ?? null).toBeNull();
    await providerDown(false);
  });

  it('templates are never machine-translated: they go in their approved language, variables as typed', async () => {
    expect(await conversation()).toMatchObject({ translate: true, language: 'es' });
    const templateId = await seedTemplate(t.pool, operator.tenantId, shared.number.numberId, {
      name: 'order_update',
      category: 'UTILITY',
    });
    const sent = await post('/api/inbox/send-template', agent.token, {
      conversationId: shared.conversationId,
      templateId,
      variables: ['您的订单已发货'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.translation ?? null).toBeNull();
    const [stored] = await rows<{ body: Record<string, any> }>(
      t.pool,
      'select body from message where tenant_id = $1 and id = $2',
      [operator.tenantId, sent.body.data.message_id],
    );
    expect(stored?.body.template.language).toEqual({ code: 'en_US' });
    expect(stored?.body.template.components[0].parameters).toEqual([{ type: 'text', text: '您的订单已发货' }]);
    const kept = await rows(t.pool, 'select 1 from message_translation where message_id = $1', [
      sent.body.data.message_id,
    ]);
    expect(kept).toEqual([]);
  });
});

describe('consent and access', () => {
  it('cannot be turned on while the tenant does not allow sending customer text, which the reply says', async () => {
    const off = await post('/api/inbox/translation', agent.token, {
      conversationId: shared.conversationId,
      translate: false,
    });
    expect(off.body.data.translate).toBe(false);
    expect((await post('/api/translate/settings', operator.token, { allowed: false })).status).toBe(200);
    const refused = await post('/api/inbox/translation', agent.token, {
      conversationId: shared.conversationId,
      translate: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^allowed: 本租户未允许将客户文本发送给翻译服务/);
    const onDemand = await post('/api/inbox/translate', agent.token, {
      conversationId: shared.conversationId,
      messages: [{ messageId: '1', createdAt: '2026-01-01T00:00:00Z' }],
    });
    expect(onDemand.status).toBe(403);
    expect((await post('/api/translate/settings', operator.token, { allowed: true })).status).toBe(200);
  });

  it('keeps to the caller: another tenant and a colleague seat are told the conversation does not exist', async () => {
    const body = { conversationId: shared.conversationId, translate: true };
    for (const token of [other.token, shared.colleague.token]) {
      const toggle = await post('/api/inbox/translation', token, body);
      expect(toggle.status).toBe(404);
      expect(toggle.body.message).toMatch(/^conversationId: /);
      const language = await post('/api/inbox/language', token, {
        conversationId: shared.conversationId,
        language: 'en',
      });
      expect(language.status).toBe(404);
      const translate = await post('/api/inbox/translate', token, {
        conversationId: shared.conversationId,
        messages: [{ messageId: '1', createdAt: '2026-01-01T00:00:00Z' }],
      });
      expect(translate.status).toBe(404);
    }
    expect(await conversation()).toMatchObject({ translate: false });
  });

  it('refuses strangers and bad input, naming the field', async () => {
    const ref = { conversationId: '1' };
    await refusesStrangers(t, tenants, calls.inboxTranslation, {
      valid: () => ({ ...ref, translate: true }),
      bad: [[{ ...ref, translate: 'yes' }, 'translate']],
    });
    await refusesStrangers(t, tenants, calls.inboxLanguage, {
      valid: () => ({ ...ref, language: 'es' }),
      bad: [[{ ...ref, language: 'klingon' }, 'language']],
    });
    await refusesStrangers(t, tenants, calls.inboxTranslate, {
      valid: () => ({ ...ref, messages: [{ messageId: '1', createdAt: '2026-01-01T00:00:00Z' }] }),
      bad: [
        [{ ...ref, messages: [] }, 'messages'],
        [{ ...ref, messages: [{ messageId: '1', createdAt: 'yesterday' }] }, 'messages.0.createdAt'],
      ],
    });
  });
});
