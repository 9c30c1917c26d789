/**
 * The connector against the sandbox, in process: every client method, every message type, and
 * Meta's errors surfacing as typed errors with the right code and retry decision. If this passes,
 * the connector and the sandbox agree on the Cloud API contract.
 */
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import type { SendMessage } from '../meta/send-message.js';
import { type CloudApiClient, createCloudApiClient } from './client.js';
import { MetaApiError } from './errors.js';
import { retryDecision } from './retry-policy.js';
import { closeCloudApiAgents } from './transport.js';

interface NumberView {
  phone_number_id: string;
  waba_id: string;
  access_token: string;
  pending_code: string | null;
}

let running: RunningSandbox;
let client: CloudApiClient;
let number: NumberView;
const PRODUCT = 'whatsapp' as const;

async function control<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const reply = await running.control(method, path, body);
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
  return reply.body as T;
}

let lastCustomer = 16505550000;
/** A customer nobody has written to yet, so pair rate and windows start fresh. */
function newCustomer(): string {
  lastCustomer += 1;
  return String(lastCustomer);
}

/** The customer writes first, which opens the 24-hour window; returns the inbound message id. */
async function openWindow(waId: string): Promise<string> {
  const inbound = await control<{ message_id: string }>('POST', '/inbound', {
    phone_number_id: number.phone_number_id,
    from: waId,
    type: 'text',
    text: 'Hello, is the shop open?',
  });
  return inbound.message_id;
}

async function metaError(promise: Promise<unknown>, code: number): Promise<MetaApiError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(MetaApiError);
  expect((error as MetaApiError).code).toBe(code);
  return error as MetaApiError;
}

const clientFor = (accessToken: string) =>
  createCloudApiClient({ baseUrl: running.url, version: 'v23.0', accessToken });
const template = (to: string, name = 'order_update'): SendMessage => ({
  messaging_product: PRODUCT,
  to,
  type: 'template',
  template: {
    name,
    language: { code: 'en_US' },
    components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ann' }] }],
  },
});

beforeAll(async () => {
  running = await startSandbox({
    appSecret: 'contract-test-app-secret',
    webhookUrl: null,
    behaviour: { reply: 0, stop: 0, block: 0, fail: 0, joinGroup: 0, tapButton: 0 },
  });
  number = await control<NumberView>('POST', '/numbers', { official_business_account: true });
  client = clientFor(number.access_token);
  await control('POST', '/templates', {
    waba_id: number.waba_id,
    name: 'order_update',
    category: 'UTILITY',
    status: 'APPROVED',
  });
});
afterAll(async () => {
  await closeCloudApiAgents();
  await running?.stop();
});

describe('sending every message type', () => {
  let imageId: string;
  beforeAll(async () => {
    imageId = (await client.uploadMedia(number.phone_number_id, { data: Buffer.from('PNG'), mimeType: 'image/png' }))
      .id;
  });

  const media = (kind: 'audio' | 'video' | 'document' | 'sticker', extension: string) =>
    ({ [kind]: { link: `https://media.example.com/file.${extension}` } }) as Record<string, object>;
  const kinds: [string, (to: string, inbound: string) => Record<string, unknown>][] = [
    ['text with preview', () => ({ type: 'text', text: { body: 'See https://shop.example.com', preview_url: true } })],
    [
      'a reply (context)',
      (_to, inbound) => ({ type: 'text', context: { message_id: inbound }, text: { body: 'Yes!' } }),
    ],
    ['image by uploaded id', () => ({ type: 'image', image: { id: imageId, caption: 'Today' } })],
    ['image by link', () => ({ type: 'image', image: { link: 'https://media.example.com/a.jpg' } })],
    ['audio', () => ({ type: 'audio', ...media('audio', 'ogg') })],
    ['video', () => ({ type: 'video', ...media('video', 'mp4') })],
    [
      'document',
      () => ({ type: 'document', document: { link: 'https://media.example.com/menu.pdf', filename: 'menu.pdf' } }),
    ],
    ['sticker', () => ({ type: 'sticker', ...media('sticker', 'webp') })],
    ['location', () => ({ type: 'location', location: { latitude: 22.54, longitude: 114.06, name: 'Shop' } })],
    ['reaction', (_to, inbound) => ({ type: 'reaction', reaction: { message_id: inbound, emoji: '👍' } })],
    [
      'contacts card',
      () => ({
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Shop Desk', first_name: 'Shop' },
            phones: [{ phone: '+1 650 555 0100', type: 'WORK' }],
          },
        ],
      }),
    ],
    [
      'interactive buttons',
      () => ({
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Pick up or delivery?' },
          action: { buttons: [{ type: 'reply', reply: { id: 'pickup', title: 'Pick up' } }] },
        },
      }),
    ],
    [
      'interactive list',
      () => ({
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'Our breads' },
          action: { button: 'Menu', sections: [{ title: 'Bread', rows: [{ id: 'sour', title: 'Sourdough' }] }] },
        },
      }),
    ],
    [
      'interactive call to action',
      () => ({
        type: 'interactive',
        interactive: {
          type: 'cta_url',
          body: { text: 'Order online' },
          action: { name: 'cta_url', parameters: { display_text: 'Open shop', url: 'https://shop.example.com' } },
        },
      }),
    ],
    ['template', (to) => template(to) as Record<string, unknown>],
  ];

  it.each(kinds)('%s is accepted and logged as sent', async (_kind, content) => {
    const to = newCustomer();
    const inbound = await openWindow(to);
    const body = {
      messaging_product: PRODUCT,
      recipient_type: 'individual',
      to,
      ...content(to, inbound),
    } as SendMessage;
    const sent = await client.sendMessage(number.phone_number_id, body);
    expect(sent.messageId).toMatch(/^wamid\./);
    expect(sent.waId).toBe(to);
    const log = await control<{ id: string; type: string; body: unknown }[]>('GET', `/messages?to=${to}`);
    expect(log.at(-1)).toMatchObject({ id: sent.messageId, type: body.type, body: { to } });
  });

  it('marks an inbound message read with the typing indicator', async () => {
    const inbound = await openWindow(newCustomer());
    await expect(
      client.markAsRead(number.phone_number_id, inbound, { typingIndicator: true }),
    ).resolves.toBeUndefined();
  });
});

describe("Meta's errors, typed", () => {
  it('190: a bad token', async () => {
    const error = await metaError(clientFor('not-a-token-of-any-number').getPhoneNumber(number.phone_number_id), 190);
    expect(error.httpStatus).toBe(401);
    expect(retryDecision(error, 0)).toMatchObject({ retry: false, kind: 'auth' });
  });

  it('100: an unknown object', async () => {
    const error = await metaError(client.getMedia('999999999999999'), 100);
    expect(retryDecision(error, 0)).toMatchObject({ retry: false, kind: 'invalid' });
  });

  it('131047: free-form text outside the 24-hour window', async () => {
    const text: SendMessage = { messaging_product: PRODUCT, to: newCustomer(), type: 'text', text: { body: 'Hi' } };
    const error = await metaError(client.sendMessage(number.phone_number_id, text), 131047);
    expect(error.details).toBeTruthy();
    expect(retryDecision(error, 0)).toMatchObject({ retry: false, kind: 'window' });
  });

  it('132001: a template that does not exist', async () => {
    const error = await metaError(
      client.sendMessage(number.phone_number_id, template(newCustomer(), 'no_such_template')),
      132001,
    );
    expect(retryDecision(error, 0)).toMatchObject({ retry: false, kind: 'template' });
  });

  it('131056: more than a burst of 45 messages to the same customer within 6 s', async () => {
    const to = newCustomer();
    // The sandbox's clock stands still, so the whole burst falls within its 6 seconds.
    const clock = vi.spyOn(running.sandbox.clock, 'now').mockReturnValue(running.sandbox.clock.now());
    try {
      for (let index = 0; index < 45; index++) await client.sendMessage(number.phone_number_id, template(to));
      const error = await metaError(client.sendMessage(number.phone_number_id, template(to)), 131056);
      expect(retryDecision(error, 0)).toEqual({ retry: true, delayMs: 1000, kind: 'pair-rate' });
    } finally {
      clock.mockRestore();
    }
  });

  it("130429: more than a number's throughput in one second", async () => {
    const busy = await control<NumberView>('POST', '/numbers', {
      waba_id: number.waba_id,
      throughput_level: 'STANDARD',
    });
    const busyClient = clientFor(busy.access_token);
    // The sandbox's clock stands still, so its token bucket cannot refill while the burst goes out.
    const clock = vi.spyOn(running.sandbox.clock, 'now').mockReturnValue(running.sandbox.clock.now());
    try {
      for (let i = 0; i < 80; i += 1) await busyClient.sendMessage(busy.phone_number_id, template(newCustomer()));
      const error = await metaError(busyClient.sendMessage(busy.phone_number_id, template(newCustomer())), 130429);
      expect(error.httpStatus).toBe(429);
      expect(retryDecision(error, 0)).toMatchObject({ retry: true, kind: 'rate' });
    } finally {
      clock.mockRestore();
    }
  });
});

describe('media', () => {
  it('uploads, looks up, downloads with the token, deletes', async () => {
    const data = Buffer.from('%PDF-1.4 contract test');
    const { id } = await client.uploadMedia(number.phone_number_id, {
      data,
      mimeType: 'application/pdf',
      filename: 'a.pdf',
    });
    const info = await client.getMedia(id, { phoneNumberId: number.phone_number_id });
    expect(info).toMatchObject({ id, mime_type: 'application/pdf', file_size: data.length });
    const file = await client.downloadMedia(info.url);
    expect(file).toMatchObject({ contentType: 'application/pdf', contentLength: data.length });
    expect(await buffer(file.body)).toEqual(data);
    await client.deleteMedia(id);
    await metaError(client.getMedia(id), 100);
  });

  it('refuses a type Meta does not take (131053)', async () => {
    await metaError(
      client.uploadMedia(number.phone_number_id, { data: Buffer.from('x'), mimeType: 'application/x-msdownload' }),
      131053,
    );
  });
});

describe('templates', () => {
  it('creates, lists page by page, deletes by name', async () => {
    const created = await client.createTemplate(number.waba_id, {
      name: 'weekly_offer',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'This week: {{1}}' }],
    });
    expect(created).toMatchObject({ id: expect.any(String), status: 'PENDING', category: 'MARKETING' });
    const first = await client.listTemplates(number.waba_id, { limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const rest = await client.listTemplates(number.waba_id, { after: first.nextCursor! });
    const names = [...first.data, ...rest.data].map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['order_update', 'weekly_offer']));
    await client.deleteTemplate(number.waba_id, { name: 'weekly_offer' });
    expect((await client.listTemplates(number.waba_id, { name: 'weekly_offer' })).data).toEqual([]);
  });
});

describe('the number', () => {
  it('reads its quality, throughput, limit and name fields, and the WABA lists it', async () => {
    const info = await client.getPhoneNumber(number.phone_number_id);
    expect(info).toMatchObject({
      id: number.phone_number_id,
      quality_rating: 'GREEN',
      throughput: { level: 'STANDARD' },
      messaging_limit_tier: expect.any(String),
      name_status: expect.any(String),
      status: 'CONNECTED',
    });
    const numbers = await client.listPhoneNumbers(number.waba_id);
    expect(numbers.data.map((n) => n.id)).toContain(number.phone_number_id);
  });

  it('business profile: update, then read back', async () => {
    await client.updateBusinessProfile(number.phone_number_id, {
      about: 'Fresh bread daily',
      websites: ['https://bakery.example'],
    });
    expect(await client.getBusinessProfile(number.phone_number_id)).toMatchObject({
      about: 'Fresh bread daily',
      websites: ['https://bakery.example'],
    });
  });

  it('registration: request code, verify, register with a PIN, deregister', async () => {
    const fresh = await control<NumberView>('POST', '/numbers', { waba_id: number.waba_id, registered: false });
    const own = clientFor(fresh.access_token);
    await own.requestCode(fresh.phone_number_id, { codeMethod: 'SMS', language: 'en_US' });
    const [view] = await control<NumberView[]>('GET', '/numbers').then((all) =>
      all.filter((n) => n.phone_number_id === fresh.phone_number_id),
    );
    const code = view!.pending_code!;
    await expect(own.verifyCode(fresh.phone_number_id, code === '000000' ? '111111' : '000000')).rejects.toBeInstanceOf(
      MetaApiError,
    );
    await own.verifyCode(fresh.phone_number_id, code);
    expect(await own.getPhoneNumber(fresh.phone_number_id)).toMatchObject({ code_verification_status: 'VERIFIED' });
    await own.register(fresh.phone_number_id, { pin: '246810' });
    expect(await own.getPhoneNumber(fresh.phone_number_id)).toMatchObject({ status: 'CONNECTED' });
    await own.deregister(fresh.phone_number_id);
    expect(await own.getPhoneNumber(fresh.phone_number_id)).toMatchObject({ status: 'DISCONNECTED' });
    await expect(own.register(fresh.phone_number_id, { pin: '999999' })).rejects.toBeInstanceOf(MetaApiError);
  });
});

describe('groups', () => {
  it('create, list, info, invite link, join requests, group message, removal, delete', async () => {
    const created = await client.createGroup(number.phone_number_id, {
      subject: 'Bread club',
      joinApprovalMode: 'approval_required',
    });
    expect(created.request_id).toBeTruthy();
    await running.settle({ fastForward: true });
    const groups = await client.listGroups(number.phone_number_id);
    const groupId = groups.data.find((group) => group.subject === 'Bread club')!.id;
    expect(await client.getGroup(groupId)).toMatchObject({
      id: groupId,
      subject: 'Bread club',
      join_approval_mode: 'approval_required',
    });

    const link = await client.getGroupInviteLink(groupId);
    const newLink = await client.resetGroupInviteLink(groupId);
    expect(newLink).not.toBe(link);

    const [ann, bob] = [newCustomer(), newCustomer()];
    for (const waId of [ann, bob]) await control('POST', '/join-group', { wa_id: waId, invite_link: newLink });
    const requests = await client.listJoinRequests(groupId);
    const idOf = (waId: string) => requests.data.find((request) => request.wa_id === waId)!.join_request_id;
    expect(await client.approveJoinRequests(groupId, [idOf(ann)])).toMatchObject({
      approved_join_requests: [idOf(ann)],
    });
    expect(await client.rejectJoinRequests(groupId, [idOf(bob)])).toMatchObject({
      rejected_join_requests: [idOf(bob)],
    });
    expect((await client.getGroup(groupId, ['participants'])).participants).toEqual([{ wa_id: ann }]);

    const groupText: SendMessage = {
      messaging_product: PRODUCT,
      recipient_type: 'group',
      to: groupId,
      type: 'text',
      text: { body: 'Welcome!' },
    };
    expect((await client.sendMessage(number.phone_number_id, groupText)).messageId).toMatch(/^wamid\./);

    await client.removeGroupParticipants(groupId, [ann]);
    expect((await client.getGroup(groupId, ['total_participant_count'])).total_participant_count).toBe(0);
    await client.deleteGroup(groupId);
    expect((await client.listGroups(number.phone_number_id)).data.map((group) => group.id)).not.toContain(groupId);
  });
});
