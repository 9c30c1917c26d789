import { createServer } from 'node:net';
import { ProxyAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessage } from '../meta/send-message.js';
import { createCloudApiClient } from './client.js';
import { MetaApiError, MetaReplyError, MetaTransportError, transportErrorFrom } from './errors.js';
import { retryDecision } from './retry-policy.js';
import { type Answer, startConnectProxy, startGraphServer, startSilentProxy, type TestServer } from './test-servers.js';
import { CloudApiConfigError, closeCloudApiAgents, dispatcherFor, proxyAgent } from './transport.js';

const PN = '106540352242922';
const text: SendMessage = { messaging_product: 'whatsapp', to: '16505551234', type: 'text', text: { body: 'hi' } };
const accepted = { json: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.P1' }] } };

let server: TestServer;
let nextAnswer: Answer = accepted;

beforeAll(async () => {
  server = await startGraphServer(() => nextAnswer);
});
afterAll(async () => {
  await closeCloudApiAgents();
  await server.close();
});

const client = () => createCloudApiClient({ baseUrl: server.url, version: 'v23.0', accessToken: 'T' });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => Promise.reject(new Error('resolved')),
    (e) => e,
  );

describe("Meta's error envelope", () => {
  it('becomes a MetaApiError with status, code, subcode, title, details and trace id', async () => {
    nextAnswer = {
      status: 400,
      json: {
        error: {
          message: '(#131047) Re-engagement message',
          type: 'OAuthException',
          code: 131047,
          error_subcode: 2494010,
          error_data: { messaging_product: 'whatsapp', details: 'More than 24 hours have passed' },
          fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
        },
      },
    };
    const error = await failure(client().sendMessage(PN, text));
    expect(error).toBeInstanceOf(MetaApiError);
    expect(error).toMatchObject({
      httpStatus: 400,
      code: 131047,
      subcode: 2494010,
      title: 'Re-engagement message',
      details: 'More than 24 hours have passed',
      traceId: 'Az8or2yhqkZfEZ-_4Qn_Bam',
      endpoint: `POST ${PN}/messages`,
    });
    expect(retryDecision(error, 0)).toMatchObject({ retry: false, kind: 'window' });
  });

  it('is an error even when it comes with status 200, and a code as a string is read as a number', async () => {
    nextAnswer = {
      status: 200,
      json: { error: { message: 'Invalid OAuth access token', code: '190', is_transient: false } },
    };
    const error = await failure(client().getPhoneNumber(PN));
    expect(error).toMatchObject({
      name: 'MetaApiError',
      httpStatus: 200,
      code: 190,
      title: 'Invalid OAuth access token',
    });
  });
});

describe('replies that are not what Meta sends', () => {
  it('a proxy error page (HTML, 502) is a MetaReplyError that retries', async () => {
    nextAnswer = { status: 502, text: '<html>Bad gateway</html>' };
    const error = await failure(client().sendMessage(PN, text));
    expect(error).toBeInstanceOf(MetaReplyError);
    expect(error).toMatchObject({ httpStatus: 502, problem: 'not-json', detail: '<html>Bad gateway</html>' });
    expect(retryDecision(error, 0, { random: () => 0 })).toEqual({ retry: true, delayMs: 250, kind: 'transient' });
  });

  it('a 200 that is not JSON is refused', async () => {
    nextAnswer = { status: 200, text: 'ok' };
    expect(await failure(client().sendMessage(PN, text))).toMatchObject({
      name: 'MetaReplyError',
      problem: 'not-json',
    });
  });

  it('a send reply without a message id is refused', async () => {
    nextAnswer = { json: { messaging_product: 'whatsapp', messages: [] } };
    const error = await failure(client().sendMessage(PN, text));
    expect(error).toMatchObject({ problem: 'unexpected-shape', detail: 'messages.0.id: missing' });
    expect(retryDecision(error, 0)).toMatchObject({ retry: false, kind: 'unexpected' });
  });

  it('a lookup reply without url names the field', async () => {
    nextAnswer = { json: { id: 'm1', mime_type: 'image/png' } };
    const error = await failure(client().getMedia('m1'));
    expect(error).toMatchObject({ name: 'MetaReplyError', problem: 'unexpected-shape', endpoint: 'GET m1' });
    expect((error as MetaReplyError).detail).toMatch(/^url: /);
  });

  it('an error status without envelope is refused', async () => {
    nextAnswer = { status: 404, json: { nothing: 'here' } };
    expect(await failure(client().deleteGroup('g1'))).toMatchObject({ name: 'MetaReplyError', httpStatus: 404 });
  });
});

describe('transport failures', () => {
  it('a refused connection cannot have reached Meta', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createCloudApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      version: 'v23.0',
      accessToken: 'T',
    });
    const error = await failure(unreachable.sendMessage(PN, text));
    expect(error).toBeInstanceOf(MetaTransportError);
    expect(error).toMatchObject({ failure: 'refused', mayHaveReachedMeta: false, systemCode: 'ECONNREFUSED' });
    expect(retryDecision(error, 0)).toMatchObject({ retry: true, kind: 'transient' });
  });

  it('a connection dropped before the answer may have reached Meta', async () => {
    nextAnswer = { destroy: true };
    const error = await failure(client().sendMessage(PN, text));
    expect(error).toMatchObject({ name: 'MetaTransportError', failure: 'reset', mayHaveReachedMeta: true });
  });

  it.each([
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', false],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', true],
    ['UND_ERR_BODY_TIMEOUT', 'timeout', true],
    ['ECONNRESET', 'reset', true],
    ['ENOTFOUND', 'dns', false],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls', false],
  ])('%s is a %s failure (may have reached Meta: %s)', (code, kind, reached) => {
    const error = transportErrorFrom('POST x', Object.assign(new Error(code), { code }));
    expect(error).toMatchObject({ failure: kind, mayHaveReachedMeta: reached, systemCode: code });
  });
});

describe('connection set-up', () => {
  it('keeps a path prefix of the base URL', async () => {
    nextAnswer = accepted;
    const prefixed = createCloudApiClient({ baseUrl: `${server.url}/graph/`, version: 'v24.0', accessToken: 'T' });
    await prefixed.sendMessage(PN, text);
    expect(server.requests.at(-1)?.url).toBe(`/graph/v24.0/${PN}/messages`);
  });

  it.each([
    [{ baseUrl: 'not a url' }, 'baseUrl'],
    [{ version: '23' }, 'version'],
    [{ proxyUrl: 'socks5://127.0.0.1:1080' }, 'proxyUrl'],
  ])('refuses %j naming %s', (override, field) => {
    const make = () => createCloudApiClient({ baseUrl: server.url, version: 'v23.0', accessToken: 'T', ...override });
    expect(make).toThrow(CloudApiConfigError);
    expect(make).toThrow(new RegExp(`^${field}:`));
  });

  it('shares one agent for direct numbers and one ProxyAgent per proxy URL', () => {
    expect(dispatcherFor(undefined)).toBe(dispatcherFor(null));
    expect(dispatcherFor(undefined)).not.toBeInstanceOf(ProxyAgent);
    const proxied = dispatcherFor('http://127.0.0.1:3128');
    expect(proxied).toBeInstanceOf(ProxyAgent);
    expect(dispatcherFor('http://127.0.0.1:3128')).toBe(proxied);
    expect(dispatcherFor('http://127.0.0.1:3129')).not.toBe(proxied);
  });

  it("sends a proxied number's calls through its egress proxy, with the proxy's credentials", async () => {
    const authorization = `Basic ${Buffer.from('egress:s3cret').toString('base64')}`;
    const proxy = await startConnectProxy(authorization);
    try {
      const proxyUrl = proxy.url.replace('http://', 'http://egress:s3cret@');
      const viaProxy = createCloudApiClient({ baseUrl: server.url, version: 'v23.0', accessToken: 'T', proxyUrl });
      nextAnswer = accepted;
      expect(await viaProxy.sendMessage(PN, text)).toMatchObject({ messageId: 'wamid.P1' });
      expect(proxy.tunnels).toEqual([{ target: server.url.replace('http://', ''), authorization }]);
    } finally {
      await closeCloudApiAgents();
      await proxy.close();
    }
  });

  it('a proxy that refuses the tunnel is a proxy failure that never reached Meta', async () => {
    const proxy = await startConnectProxy('Basic wrong');
    try {
      const viaProxy = createCloudApiClient({
        baseUrl: server.url,
        version: 'v23.0',
        accessToken: 'T',
        proxyUrl: proxy.url,
      });
      const error = await failure(viaProxy.sendMessage(PN, text));
      expect(error).toMatchObject({ name: 'MetaTransportError', failure: 'proxy', mayHaveReachedMeta: false });
    } finally {
      await closeCloudApiAgents();
      await proxy.close();
    }
  });

  it('a proxy that never answers CONNECT fails the call in bounded time as a retryable connect timeout', async () => {
    const proxy = await startSilentProxy();
    const agent = proxyAgent(proxy.url, { connectMs: 300 });
    const requestsBefore = server.requests.length;
    try {
      const error = await failure(
        agent.request({ origin: server.url, path: `/v23.0/${PN}/messages`, method: 'POST', body: '{}' }),
      );
      // It got as far as asking for the tunnel: the silence came after the TCP connection.
      expect(proxy.received()).toEqual([expect.stringMatching(/^CONNECT 127\.0\.0\.1:\d+ HTTP\/1\.1\r\n/)]);
      const transportError = transportErrorFrom(`POST ${PN}/messages`, error);
      expect(transportError).toMatchObject({
        failure: 'timeout',
        mayHaveReachedMeta: false,
        systemCode: 'UND_ERR_CONNECT_TIMEOUT',
      });
      expect(retryDecision(transportError, 0)).toMatchObject({ retry: true, kind: 'transient' });
      expect(server.requests.length).toBe(requestsBefore);
    } finally {
      await agent.destroy();
      await proxy.close();
    }
  });
});
