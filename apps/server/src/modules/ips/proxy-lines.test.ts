import { isProxyHost, proxyUrlOf } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { parseProxyLines } from './proxy-lines.js';

describe('bulk proxy lines', () => {
  it('reads every accepted form', () => {
    const parsed = parseProxyLines(
      [
        '1.2.3.4:8080',
        ' proxy.example.com:3128:user:pa:ss ',
        '[::1]:1080',
        '[2001:db8::1]:1080:v6user:v6pass',
        'HTTPS://a%3Ab:c%2Fd@Secure.Example.com:443/',
        'host.example:80:onlyuser',
      ].join('\r\n'),
      'http',
    );
    expect(parsed.map((line) => line.address)).toEqual([
      { protocol: 'http', host: '1.2.3.4', port: 8080, username: '', password: null },
      { protocol: 'http', host: 'proxy.example.com', port: 3128, username: 'user', password: 'pa:ss' },
      { protocol: 'http', host: '::1', port: 1080, username: '', password: null },
      { protocol: 'http', host: '2001:db8::1', port: 1080, username: 'v6user', password: 'v6pass' },
      undefined,
      { protocol: 'http', host: 'host.example', port: 80, username: 'onlyuser', password: null },
    ]);
    // A decoded user name with a colon cannot be a proxy user name.
    expect(parsed[4]?.problem?.en).toMatch(/^username: /);
    expect(parsed.map((line) => line.text)).toEqual([
      '1.2.3.4:8080',
      'proxy.example.com:3128:user:***',
      '[::1]:1080',
      '[2001:db8::1]:1080:v6user:***',
      'HTTPS://a%3Ab:***@Secure.Example.com:443/',
      'host.example:80:onlyuser',
    ]);
    const https = parseProxyLines('https://user:secret@secure.example.com:443', 'http')[0];
    expect(https?.address).toEqual({
      protocol: 'https',
      host: 'secure.example.com',
      port: 443,
      username: 'user',
      password: 'secret',
    });
  });

  it('names what is wrong with a line', () => {
    const problems = parseProxyLines(
      ['a b:80', '1.2.3.4', '1.2.3.4:0', '1.2.3.4:80x', '999.1.1.1:80', 'ftp://x:1', 'http://x:1:2'].join('\n'),
      'http',
    ).map((line) => [line.line, line.problem?.en.split(':')[0]]);
    expect(problems).toEqual([
      [1, 'host'],
      [2, 'port'],
      [3, 'port'],
      [4, 'port'],
      [5, 'host'],
      [6, 'only http'],
      [7, 'port'],
    ]);
  });
});

describe('proxy hosts and URLs', () => {
  it('accepts host names and addresses only', () => {
    for (const host of ['a.b', 'localhost', 'x-1.example.com', '10.0.0.1', '::1', 'fe80::1']) {
      expect(isProxyHost(host), host).toBe(true);
    }
    for (const host of ['', 'a..b', '-a.b', 'a_b.c', '1.2.3', '256.0.0.1', 'a/b', 'a:b', `${'a'.repeat(64)}.com`]) {
      expect(isProxyHost(host), host).toBe(false);
    }
  });

  it('builds the URL undici takes, credentials escaped, IPv6 in brackets', () => {
    const base = { protocol: 'http' as const, port: 3128 };
    expect(proxyUrlOf({ ...base, host: 'p.example', username: '', password: 'ignored' })).toBe('http://p.example:3128');
    expect(proxyUrlOf({ ...base, host: '::1', username: 'u@x', password: 'p:w/' })).toBe(
      'http://u%40x:p%3Aw%2F@[::1]:3128',
    );
    expect(proxyUrlOf({ ...base, protocol: 'https', host: '1.2.3.4', username: 'u', password: null })).toBe(
      'https://u@1.2.3.4:3128',
    );
  });
});
