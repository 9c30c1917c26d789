import type { Db } from '../../platform/db/pool.js';
import { selectVersions } from './auto-reply-repository.js';
import { KeywordMatcher } from './keyword-matcher.js';
import { type MatcherGreeting, selectMatcherGreetings, selectMatcherRules } from './rule-repository.js';

export interface TenantAutoReplies {
  matcher: KeywordMatcher;
  greetings: MatcherGreeting[];
  timeZone: string;
}

interface Cached {
  version: string;
  replies: TenantAutoReplies;
}

/** Compiled matchers by tenant, kept while the tenant's version (auto_reply_version) holds. */
const cache = new Map<string, Cached>();
/** Tenants kept at most: past it the oldest compiled one is dropped. */
const CACHED_TENANTS_MAX = 2000;

/**
 * The tenants' compiled rules and greetings, one query for their versions and, for any that
 * changed since this process compiled them (in any process: the version is bumped in the
 * change's transaction), one reload. Tenants without rules or greetings are absent.
 */
export async function autoRepliesOf(db: Db, tenantIds: readonly string[]): Promise<Map<string, TenantAutoReplies>> {
  const versions = await selectVersions(db, tenantIds);
  const found = new Map<string, TenantAutoReplies>();
  for (const [tenantId, { version, timeZone }] of versions) {
    let cached = cache.get(tenantId);
    if (cached?.version !== version) {
      // One after the other: in the drain, db is the batch's transaction (one connection).
      const rules = await selectMatcherRules(db, tenantId);
      const greetings = await selectMatcherGreetings(db, tenantId);
      cached = { version, replies: { matcher: new KeywordMatcher(rules), greetings, timeZone } };
      cache.delete(tenantId);
      cache.set(tenantId, cached);
      if (cache.size > CACHED_TENANTS_MAX) cache.delete(cache.keys().next().value as string);
    }
    found.set(tenantId, { ...cached.replies, timeZone });
  }
  return found;
}
