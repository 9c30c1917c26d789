/**
 * An agent sends every kind of file through the sandbox: uploaded to the client, checked, handed
 * to the number's media store, sent by the governor's lane naming the media id, and shown in the
 * agent's history with its file readable. Another agent and another tenant cannot send into it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { multipart } from '../../test/multipart.js';
import { runSendLane, settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { type SignedIn, signedInSeat } from '../../test/tenants.js';
import { type SandboxNumber, seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { type MediaSample, mediaSamples } from './media-samples.js';
import { presence, serve, useInboxApp } from './test-support.js';

const { t, a: operator, b: stranger } = useInboxApp('sandboxmedia');
const CUSTOMER = '8613900000082';
let sandbox: RunningSandbox;
let numberId: string;
let made: SandboxNumber;
let agent: SignedIn;
let colleague: SignedIn;
let conversationId: string;

beforeAll(async () => {
  sandbox = await startSandboxFor(t, { behaviour: { ...quietBehaviour, read: 0 }, delays: instantDelays });
  ({ numberId, made } = await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, operator.tenantId));
  agent = await signedInSeat(t, operator.tenantId);
  colleague = await signedInSeat(t, operator.tenantId);
  await serve(t, operator, agent, [numberId]);
  await serve(t, operator, colleague, [numberId]);
  await presence(t, agent, 'online');
  await sandbox.control('POST', '/inbound', {
    phone_number_id: made.phone_number_id,
    from: CUSTOMER,
    type: 'text',
    text: '¿Me manda la factura?',
  });
  await settle();
  const inbox = await t.post('/api/inbox/list', { token: agent.token, body: { filters: { queue: 'mine' } } });
  conversationId = inbox.body.data.records[0].id;
});
afterAll(() => sandbox?.stop());

const settle = () => settleSandbox(t, sandbox);

async function upload(user: SignedIn, sample: MediaSample): Promise<string> {
  const form = multipart('file', sample.fileName, sample.type, sample.content);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/inbox/upload',
    headers: { ...form.headers, token: user.token },
    payload: form.payload,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.url;
}

const contentOf = (sample: MediaSample, url: string) =>
  sample.kind === 'audio'
    ? { type: 'audio', upload: url }
    : { type: sample.kind, upload: url, caption: sample.fileName };

describe('media replies through the sandbox', () => {
  it('sends an image, audio, video and documents by media id, and the history shows them with their files', async () => {
    const samples = await mediaSamples();
    for (const sample of samples) {
      const url = await upload(agent, sample);
      const sent = await t.post('/api/inbox/send', {
        token: agent.token,
        body: { conversationId, content: contentOf(sample, url) },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    await runSendLane(t, operator.tenantId, numberId);

    const out = sandbox.sandbox.store.messages.list().filter((message) => message.direction === 'out');
    expect(out).toHaveLength(samples.length);
    for (const [index, sample] of samples.entries()) {
      const body = JSON.parse(String(out[index]?.body));
      expect(body).toMatchObject({ to: CUSTOMER, type: sample.kind });
      const media = sandbox.sandbox.store.media.get(body[sample.kind].id);
      expect(media?.mimeType, sample.fileName).toBe(sample.type);
      expect(media?.data?.equals(sample.content), sample.fileName).toBe(true);
      if (sample.kind === 'document') expect(body.document.filename).toBe(sample.fileName);
      if (sample.kind === 'audio') expect(body.audio.caption).toBeUndefined();
    }

    await settle();
    const history = await t.get('/api/inbox/messages', { token: agent.token, query: { conversationId } });
    const records = history.body.data.records.filter((record: { direction: string }) => record.direction === 'out');
    expect(records.map((record: { type: string }) => record.type).reverse()).toEqual(samples.map((s) => s.kind));
    expect(records.every((record: { status: string }) => record.status === 'delivered')).toBe(true);
    const pdf = records.find((record: { preview?: string; body: Record<string, { filename?: string }> }) =>
      record.body.document?.filename?.endsWith('.pdf'),
    );
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/inbox/media?conversationId=${conversationId}&messageId=${pdf.id}&createdAt=${pdf.created_at}`,
      headers: { token: agent.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.rawPayload.toString('latin1')).toBe('%PDF-1.4\n%%EOF\n');
  });

  it("lets neither a colleague nor another tenant send a file into the agent's conversation", async () => {
    const [image] = await mediaSamples();
    if (!image) throw new Error('no sample');
    const before = sandbox.sandbox.store.media.size;
    const byColleague = await t.post('/api/inbox/send', {
      token: colleague.token,
      body: { conversationId, content: contentOf(image, await upload(colleague, image)) },
      headers: { 'accept-language': 'en' },
    });
    expect(byColleague.status).toBe(404);
    expect(byColleague.body.message).toMatch(/^conversationId: /);
    const byStranger = await t.post('/api/inbox/send', {
      token: stranger.token,
      body: { conversationId, content: contentOf(image, await upload(stranger, image)) },
    });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.message).toMatch(/^conversationId: /);
    const strangersFile = await t.post('/api/inbox/send', {
      token: agent.token,
      body: { conversationId, content: contentOf(image, await upload(stranger, image)) },
    });
    expect(strangersFile.status).toBe(404);
    expect(strangersFile.body.message).toMatch(/^content\.upload: /);
    expect(sandbox.sandbox.store.media.size).toBe(before);
  });
});
