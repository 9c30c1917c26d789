import { describe, expect, it } from 'vitest';
import { allCalls } from './calls.js';
import { languageFrom } from './messages.js';
import { PageRequest, toPage } from './paging.js';

describe('languageFrom', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR,en;q=0.5', 'en'],
    ['en;q=0.3,zh;q=0.9', 'zh'],
    ['de', 'zh'],
  ])('%s → %s', (header, language) => {
    expect(languageFrom(header)).toBe(language);
  });
});

describe('paging', () => {
  it('defaults to page 1 of 10 and refuses other sizes', () => {
    expect(PageRequest.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(PageRequest.safeParse({ pageSize: 25 }).success).toBe(false);
  });

  it('computes the list reply', () => {
    expect(toPage(['a'], 31, { page: 4, pageSize: 10 })).toEqual({
      total: 31,
      size: 10,
      current: 4,
      pages: 4,
      records: ['a'],
    });
    expect(toPage([], 0, { page: 1, pageSize: 10 }).pages).toBe(0);
  });
});

describe('the call catalogue', () => {
  it('has unique ids and unique method+path pairs', () => {
    const ids = allCalls.map((call) => call.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = allCalls.map((call) => `${call.method} ${call.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps every path under /api', () => {
    for (const call of allCalls) expect(call.path).toMatch(/^\/api\//);
  });

  it('tags every call with a domain name fit for a URL (the API reference serves a document per tag)', () => {
    for (const call of allCalls) expect(call.tag, call.id).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
