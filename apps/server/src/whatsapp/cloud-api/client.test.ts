import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessage } from '../meta/send-message.js';
import { type CloudApiClient, createCloudApiClient } from './client.js';
import { MetaApiError, MetaTransportError } from './errors.js';
import fixtures from './fixtures/meta-send-message-examples.json' with { type: 'json' };
import { type Answer, type RecordedRequest, startGraphServer, type TestServer } from './test-servers.js';
import { CloudApiConfigError, closeCloudApiAgents } from './transport.js';

const PN = '106540352242922';
const WABA = '102290129340398';
const GROUP = 'Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjM0MDQ2OTQyMzM4MjAZD';
const TOKEN = 'EAAtest-token';

let server: TestServer;
let client: CloudApiClient;
/** What the server answers next; each test sets it. */
let nextAnswer: (request: RecordedRequest) => Answer = () => ({ json: { success: true } });
const last = () => server.requests.at(-1)!;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => Promise.reject(new Error('resolved')),
    (error: unknown) => error,
  );

beforeAll(async () => {
  server = await startGraphServer((request) => nextAnswer(request));
  client = createCloudApiClient({ baseUrl: server.url, version: 'v23.0', accessToken: TOKEN });
});
afterAll(async () => {
  await closeCloudApiAgents();
  await server.close();
});

const sent = { messaging_product: 'whatsapp', contacts: [{ input: '16505551234', wa_id: '16505551234' }] };

describe('sendMessage', () => {
  const examples = fixtures.examples as Record<string, Record<string, unknown>>;
  const messages = Object.entries(examples).filter(([, body]) => !('status' in body));

  it.each(messages)('%s goes to POST /v23.0/{phone-number-id}/messages as is', async (_name, body) => {
    nextAnswer = () => ({ json: { ...sent, messages: [{ id: 'wamid.A1', message_status: 'accepted' }] } });
    const result = await client.sendMessage(PN, body as SendMessage);
    expect(result).toEqual({ messageId: 'wamid.A1', waId: '16505551234', messageStatus: 'accepted' });
    expect(last()).toMatchObject({ method: 'POST', url: `/v23.0/${PN}/messages`, json: body });
    expect(last().headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' });
  });

  it('sends to a group and reads a reply without contacts', async () => {
    nextAnswer = () => ({ json: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.G1' }] } });
    const message: SendMessage = {
      messaging_product: 'whatsapp',
      recipient_type: 'group',
      to: GROUP,
      type: 'text',
      text: { body: 'Welcome, everyone' },
    };
    expect(await client.sendMessage(PN, message)).toEqual({
      messageId: 'wamid.G1',
      waId: undefined,
      messageStatus: undefined,
    });
    expect(last().json).toMatchObject({ recipient_type: 'group', to: GROUP });
  });

  it('reuses one kept-alive connection for consecutive sends', async () => {
    nextAnswer = () => ({ json: { ...sent, messages: [{ id: 'wamid.K' }] } });
    const before = server.connections();
    for (let i = 0; i < 5; i += 1) await client.sendMessage(PN, examples['Send Text Message'] as SendMessage);
    expect(server.connections() - before).toBe(0);
  });
});

/** One call, the request it must make, the reply it gets and the typed result it must give. */
type Case = [
  name: string,
  call: (client: CloudApiClient) => Promise<unknown>,
  request: { method: string; url: string; json?: unknown },
  reply: unknown,
  result: unknown,
];

const cases: Case[] = [
  [
    'markAsRead with typing indicator',
    (c) => c.markAsRead(PN, 'wamid.IN1', { typingIndicator: true }),
    {
      method: 'POST',
      url: `/v23.0/${PN}/messages`,
      json: {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: 'wamid.IN1',
        typing_indicator: { type: 'text' },
      },
    },
    { success: true },
    undefined,
  ],
  [
    'getMedia',
    (c) => c.getMedia('1013859600285441', { phoneNumberId: PN }),
    { method: 'GET', url: `/v23.0/1013859600285441?phone_number_id=${PN}` },
    {
      messaging_product: 'whatsapp',
      url: 'https://lookaside.example/m',
      mime_type: 'image/jpeg',
      sha256: 'abc',
      file_size: '2048',
      id: '1013859600285441',
    },
    { url: 'https://lookaside.example/m', mime_type: 'image/jpeg', file_size: 2048, id: '1013859600285441' },
  ],
  [
    'deleteMedia',
    (c) => c.deleteMedia('1013859600285441'),
    { method: 'DELETE', url: '/v23.0/1013859600285441' },
    { success: true },
    undefined,
  ],
  [
    'listTemplates, a page with more after it',
    (c) => c.listTemplates(WABA, { limit: 2, fields: ['name', 'status'] }),
    { method: 'GET', url: `/v23.0/${WABA}/message_templates?fields=name%2Cstatus&limit=2` },
    {
      data: [{ id: '1', name: 'hello_world', language: 'en_US', status: 'APPROVED', category: 'UTILITY' }],
      paging: { cursors: { before: 'B', after: 'A1' }, next: 'https://graph.facebook.com/next' },
    },
    { data: [{ id: '1', name: 'hello_world', status: 'APPROVED' }], nextCursor: 'A1' },
  ],
  [
    'listTemplates, the last page',
    (c) => c.listTemplates(WABA, { after: 'A1' }),
    {
      method: 'GET',
      url: expect.stringMatching(/message_templates\?fields=id%2Cname.*&after=A1$/) as unknown as string,
    },
    { data: [], paging: { cursors: { before: 'B', after: 'A2' } } },
    { data: [], nextCursor: null },
  ],
  [
    'createTemplate',
    (c) =>
      c.createTemplate(WABA, {
        name: 'group_invite',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Join us: {{1}}' }],
      }),
    { method: 'POST', url: `/v23.0/${WABA}/message_templates`, json: { name: 'group_invite', category: 'UTILITY' } },
    { id: '594425479261596', status: 'PENDING', category: 'UTILITY' },
    { id: '594425479261596', status: 'PENDING', category: 'UTILITY' },
  ],
  [
    'deleteTemplate by name and hsm_id',
    (c) => c.deleteTemplate(WABA, { name: 'old promo', hsmId: '123' }),
    { method: 'DELETE', url: `/v23.0/${WABA}/message_templates?name=old%20promo&hsm_id=123` },
    { success: true },
    undefined,
  ],
  [
    'subscribeApp',
    (c) => c.subscribeApp(WABA),
    { method: 'POST', url: `/v23.0/${WABA}/subscribed_apps` },
    { success: true },
    undefined,
  ],
  [
    'subscribedApps',
    (c) => c.subscribedApps(WABA),
    { method: 'GET', url: `/v23.0/${WABA}/subscribed_apps` },
    { data: [{ whatsapp_business_api_data: { id: '670843887433847', link: 'https://x', name: 'Jaspers Market' } }] },
    [{ whatsapp_business_api_data: { id: '670843887433847', link: 'https://x', name: 'Jaspers Market' } }],
  ],
  [
    'getPhoneNumber',
    (c) => c.getPhoneNumber(PN),
    {
      method: 'GET',
      url: `/v23.0/${PN}?fields=id%2Cdisplay_phone_number%2Cverified_name%2Cquality_rating%2Cthroughput%2Cmessaging_limit_tier%2Cwhatsapp_business_manager_messaging_limit%2Cname_status%2Cstatus%2Ccode_verification_status`,
    },
    {
      id: PN,
      quality_rating: 'GREEN',
      throughput: { level: 'STANDARD' },
      messaging_limit_tier: 'TIER_1K',
      whatsapp_business_manager_messaging_limit: 'TIER_2K',
      name_status: 'APPROVED',
    },
    {
      id: PN,
      quality_rating: 'GREEN',
      throughput: { level: 'STANDARD' },
      whatsapp_business_manager_messaging_limit: 'TIER_2K',
    },
  ],
  [
    'listPhoneNumbers',
    (c) => c.listPhoneNumbers(WABA, { fields: ['display_phone_number'] }),
    { method: 'GET', url: `/v23.0/${WABA}/phone_numbers?fields=display_phone_number` },
    { data: [{ id: PN, display_phone_number: '+1 555-078-3881' }] },
    { data: [{ id: PN, display_phone_number: '+1 555-078-3881' }], nextCursor: null },
  ],
  [
    'requestCode',
    (c) => c.requestCode(PN, { codeMethod: 'VOICE', language: 'zh_CN' }),
    { method: 'POST', url: `/v23.0/${PN}/request_code`, json: { code_method: 'VOICE', language: 'zh_CN' } },
    { success: true },
    undefined,
  ],
  [
    'verifyCode',
    (c) => c.verifyCode(PN, '123456'),
    { method: 'POST', url: `/v23.0/${PN}/verify_code`, json: { code: '123456' } },
    { success: true },
    undefined,
  ],
  [
    'register',
    (c) => c.register(PN, { pin: '654321' }),
    { method: 'POST', url: `/v23.0/${PN}/register`, json: { messaging_product: 'whatsapp', pin: '654321' } },
    { success: true },
    undefined,
  ],
  [
    'deregister',
    (c) => c.deregister(PN),
    { method: 'POST', url: `/v23.0/${PN}/deregister` },
    { success: true },
    undefined,
  ],
  [
    'getBusinessProfile',
    (c) => c.getBusinessProfile(PN, ['about', 'websites']),
    { method: 'GET', url: `/v23.0/${PN}/whatsapp_business_profile?fields=about%2Cwebsites` },
    { data: [{ about: 'Fresh bread daily', websites: ['https://bakery.example'], messaging_product: 'whatsapp' }] },
    { about: 'Fresh bread daily', websites: ['https://bakery.example'] },
  ],
  [
    'updateBusinessProfile',
    (c) => c.updateBusinessProfile(PN, { about: 'Open 7-19', vertical: 'RETAIL' }),
    {
      method: 'POST',
      url: `/v23.0/${PN}/whatsapp_business_profile`,
      json: { messaging_product: 'whatsapp', about: 'Open 7-19', vertical: 'RETAIL' },
    },
    { success: true },
    undefined,
  ],
  [
    'createGroup',
    (c) => c.createGroup(PN, { subject: 'Bread lovers', joinApprovalMode: 'approval_required' }),
    {
      method: 'POST',
      url: `/v23.0/${PN}/groups`,
      json: { messaging_product: 'whatsapp', subject: 'Bread lovers', join_approval_mode: 'approval_required' },
    },
    { messaging_product: 'whatsapp', request_id: '784D93D0C468593037EA0B1ECA245D9C' },
    { request_id: '784D93D0C468593037EA0B1ECA245D9C' },
  ],
  [
    'listGroups',
    (c) => c.listGroups(PN, { limit: 10 }),
    { method: 'GET', url: `/v23.0/${PN}/groups?limit=10` },
    {
      data: { groups: [{ id: GROUP, subject: 'Bread lovers', created_at: 1750269342 }] },
      paging: { cursors: { after: 'G2' }, next: 'x' },
    },
    { data: [{ id: GROUP, subject: 'Bread lovers', created_at: 1750269342 }], nextCursor: 'G2' },
  ],
  [
    'getGroup',
    (c) => c.getGroup(GROUP, ['subject', 'participants']),
    { method: 'GET', url: `/v23.0/${GROUP}?fields=subject%2Cparticipants` },
    { id: GROUP, subject: 'Bread lovers', participants: [{ wa_id: '16505551234' }] },
    { id: GROUP, participants: [{ wa_id: '16505551234' }] },
  ],
  [
    'getGroupInviteLink',
    (c) => c.getGroupInviteLink(GROUP),
    { method: 'GET', url: `/v23.0/${GROUP}/invite_link` },
    { messaging_product: 'whatsapp', invite_link: 'https://chat.whatsapp.com/AbC' },
    'https://chat.whatsapp.com/AbC',
  ],
  [
    'resetGroupInviteLink',
    (c) => c.resetGroupInviteLink(GROUP),
    { method: 'POST', url: `/v23.0/${GROUP}/invite_link`, json: { messaging_product: 'whatsapp' } },
    { messaging_product: 'whatsapp', invite_link: 'https://chat.whatsapp.com/New' },
    'https://chat.whatsapp.com/New',
  ],
  [
    'listJoinRequests',
    (c) => c.listJoinRequests(GROUP),
    { method: 'GET', url: `/v23.0/${GROUP}/join_requests` },
    { data: [{ join_request_id: 'J1', wa_id: '16505551234', creation_timestamp: '1750269342' }] },
    { data: [{ join_request_id: 'J1', wa_id: '16505551234', creation_timestamp: 1750269342 }], nextCursor: null },
  ],
  [
    'approveJoinRequests',
    (c) => c.approveJoinRequests(GROUP, ['J1', 'J2']),
    {
      method: 'POST',
      url: `/v23.0/${GROUP}/join_requests`,
      json: { messaging_product: 'whatsapp', join_requests: ['J1', 'J2'] },
    },
    { approved_join_requests: ['J1'], failed_join_requests: [{ join_request_id: 'J2', errors: [{ code: 131009 }] }] },
    { approved_join_requests: ['J1'], failed_join_requests: [{ join_request_id: 'J2' }] },
  ],
  [
    'rejectJoinRequests',
    (c) => c.rejectJoinRequests(GROUP, ['J3']),
    {
      method: 'DELETE',
      url: `/v23.0/${GROUP}/join_requests`,
      json: { messaging_product: 'whatsapp', join_requests: ['J3'] },
    },
    { rejected_join_requests: ['J3'] },
    { rejected_join_requests: ['J3'] },
  ],
  [
    'removeGroupParticipants',
    (c) => c.removeGroupParticipants(GROUP, ['16505551234']),
    {
      method: 'DELETE',
      url: `/v23.0/${GROUP}/participants`,
      json: { messaging_product: 'whatsapp', participants: [{ user: '16505551234' }] },
    },
    { success: true },
    { success: true },
  ],
  [
    'deleteGroup',
    (c) => c.deleteGroup(GROUP),
    { method: 'DELETE', url: `/v23.0/${GROUP}` },
    { success: true },
    undefined,
  ],
];

describe('the other calls', () => {
  it.each(cases)('%s: request and typed reply', async (_name, call, request, reply, result) => {
    nextAnswer = () => ({ json: reply });
    const value = await call(client);
    if (result === undefined || typeof result === 'string') expect(value).toEqual(result);
    else expect(value).toMatchObject(result as object);
    expect(last()).toMatchObject(request);
    expect(last().headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('media transfer', () => {
  it('uploads a file as multipart form data', async () => {
    nextAnswer = () => ({ json: { id: '4490709327384033' } });
    const data = Buffer.from('%PDF-1.4 sample');
    const result = await client.uploadMedia(PN, { data, mimeType: 'application/pdf', filename: 'menu.pdf' });
    expect(result).toEqual({ id: '4490709327384033' });
    expect(last()).toMatchObject({ method: 'POST', url: `/v23.0/${PN}/media` });
    expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = last().body.toString('utf8');
    expect(form).toMatch(/name="messaging_product"\r\n\r\nwhatsapp\r\n/);
    expect(form).toMatch(/name="type"\r\n\r\napplication\/pdf\r\n/);
    expect(form).toMatch(
      /name="file"; filename="menu.pdf"\r\nContent-Type: application\/pdf\r\n\r\n%PDF-1.4 sample\r\n/,
    );
  });

  it('downloads a looked-up URL with the bearer token, as a stream', async () => {
    nextAnswer = () => ({ text: 'JPEGDATA', contentType: 'image/jpeg' });
    const result = await client.downloadMedia(`${server.url}/media/abc?ext=1`);
    // The stand-in sends its body chunked: no size (the contract test sees the sandbox's).
    expect(result).toMatchObject({ contentType: 'image/jpeg', contentLength: undefined });
    expect(result.body).toBeInstanceOf(Readable);
    expect(await buffer(result.body)).toEqual(Buffer.from('JPEGDATA'));
    expect(last()).toMatchObject({ method: 'GET', url: '/media/abc?ext=1' });
    expect(last().headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('fails a download with the errors of any other call', async () => {
    const url = `${server.url}/media/gone`;
    const envelope = { error: { message: 'Media not found', type: 'OAuthException', code: 100, error_subcode: 33 } };
    nextAnswer = () => ({ status: 404, json: envelope });
    const gone = await failure(client.downloadMedia(url));
    expect(gone).toBeInstanceOf(MetaApiError);
    expect(gone).toMatchObject({ httpStatus: 404, code: 100, subcode: 33, endpoint: 'GET /media/gone' });

    nextAnswer = () => ({ status: 502, text: '<html>Bad gateway</html>' });
    expect(await failure(client.downloadMedia(url))).toMatchObject({
      name: 'MetaReplyError',
      httpStatus: 502,
      problem: 'not-json',
    });

    nextAnswer = () => ({ destroy: true });
    expect(await failure(client.downloadMedia(url))).toBeInstanceOf(MetaTransportError);
    await expect(client.downloadMedia('ftp://example.com/x')).rejects.toBeInstanceOf(CloudApiConfigError);
  });
});
