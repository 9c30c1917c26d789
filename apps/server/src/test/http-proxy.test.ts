import { ProxyAgent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphServer, type TestServer } from '../whatsapp/cloud-api/test-servers.js';
import { type HttpProxy, startHttpProxy } from './http-proxy.js';

let target: TestServer;
let proxy: HttpProxy;
beforeAll(async () => {
  target = await startGraphServer((recorded) => ({ json: { path: recorded.url } }));
  proxy = await startHttpProxy({ username: 'u', password: 'p w' });
});
afterAll(async () => {
  await proxy.close();
  await target.close();
});

const through = async (uri: string, proxyTunnel: boolean) => {
  const agent = new ProxyAgent({ uri, proxyTunnel });
  try {
    const reply = await request(`${target.url}/v1/x?y=1`, { dispatcher: agent });
    return { status: reply.statusCode, body: await reply.body.json() };
  } finally {
    await agent.close();
  }
};

describe('the test forward proxy', () => {
  it('forwards absolute-URI requests and tunnels CONNECT, counting them', async () => {
    expect(await through(proxy.urlWithCredentials, false)).toEqual({ status: 200, body: { path: '/v1/x?y=1' } });
    expect(await through(proxy.urlWithCredentials, true)).toEqual({ status: 200, body: { path: '/v1/x?y=1' } });
    expect(proxy.requests).toEqual([
      { kind: 'forward', target: `${target.url}/v1/x?y=1`, authorized: true },
      { kind: 'connect', target: target.url.replace('http://', ''), authorized: true },
    ]);
    expect(target.requests.every((recorded) => recorded.headers['proxy-authorization'] === undefined)).toBe(true);
  });

  it('asks for credentials it was given', async () => {
    // undici turns the proxy's 407 into an error in both modes.
    await expect(through(proxy.url, false)).rejects.toThrow(/407/);
    await expect(through(proxy.url, true)).rejects.toThrow(/407/);
    expect(proxy.passed()).toBe(2);
  });
});
