/**
 * One visit of `/l/{slug}` (decision 0019): the link from memory, the visitor classed, a target
 * picked for a human, the click buffered, and the answer: a 302 to `https://wa.me/<digits>?text=…`
 * on phones (and anything not a desktop or a bot), the bridge page with the QR code on desktops,
 * the preview page for bots and link previews, a 503 page when nobody is open, a 404 page for an
 * unknown slug. The destination is always one of the link's listed numbers: nothing the visitor
 * sends (query, headers) changes it, except a sticky link's cookie naming one of those numbers.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { Pool } from '../../../platform/db/pool.js';
import { loadStoredSecret } from '../../../platform/stored-secret.js';
import { onLinksChanged } from '../link-changes.js';
import { localClock } from '../tenant-clock.js';
import { ClickBuffer, type ClickBufferOptions } from './click-buffer.js';
import { LinkCache, type LinkState } from './link-cache.js';
import { bridgePage, busyPage, notFoundPage, pageLanguageOf, previewPage } from './pages.js';
import { pickTarget } from './pick-target.js';
import { AddressHasher, agentClassOf, newRef, referrerOf, utmOf } from './visitor.js';

export interface Visit {
  slug: string;
  /** The query string without `?` (only UTM parameters are read from it). */
  query: string;
  headers: IncomingHttpHeaders;
  address: string;
}

export interface VisitAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{2,63}$/;
const STICKY_DAYS = 30;
const HTML = 'text/html; charset=utf-8';
const NO_STORE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' };

/** A day's clock in the tenant's zone, read at most once a second per zone. */
class Clocks {
  private cached = new Map<string, { until: number; day: string; minute: number }>();
  of(timeZone: string, now: number) {
    let clock = this.cached.get(timeZone);
    if (!clock || clock.until <= now) {
      const local = localClock(timeZone, new Date(now));
      clock = { ...local, until: now - (now % 1000) + 1000 };
      this.cached.set(timeZone, clock);
    }
    return clock;
  }
}

export class LinkRedirect {
  readonly cache: LinkCache;
  readonly clicks: ClickBuffer;
  private readonly clocks = new Clocks();
  private hasher: AddressHasher | undefined;
  private hasherLoading: Promise<AddressHasher> | undefined;
  private readonly stopListening: () => void;

  constructor(
    private readonly pool: Pool,
    logger: Logger,
    options: { ttlMs?: number; clicks?: ClickBufferOptions } = {},
  ) {
    this.cache = new LinkCache(pool, options.ttlMs);
    this.clicks = new ClickBuffer(pool, logger, options.clicks);
    this.stopListening = onLinksChanged((slugs) => this.cache.forget(slugs));
  }

  /** Answers a visit; synchronous when the link and the address key are in memory (the usual case). */
  visit(visit: Visit): VisitAnswer | Promise<VisitAnswer> {
    const slug = visit.slug.toLowerCase();
    const language = pageLanguageOf(visit.headers['accept-language']);
    if (!SLUG.test(slug)) return notFound(language);
    const state = this.cache.get(slug);
    const hasher = this.hasher;
    if (state instanceof Promise || !hasher) {
      return Promise.all([state, this.addressHasher()]).then(([loaded, ready]) =>
        loaded ? this.answer(loaded, ready, visit, language) : notFound(language),
      );
    }
    return state ? this.answer(state, hasher, visit, language) : notFound(language);
  }

  /** A HEAD of the link (checkers, some previewers): whether it exists, with no click and no pick. */
  async head(slug: string): Promise<number> {
    const lower = slug.toLowerCase();
    return SLUG.test(lower) && (await this.cache.get(lower)) ? 200 : 404;
  }

  /** Writes the buffered clicks (tests, shutdown). */
  flush(): Promise<void> {
    return this.clicks.flush();
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.clicks.flush();
  }

  private addressHasher(): Promise<AddressHasher> {
    this.hasherLoading ??= loadStoredSecret(this.pool, 'link_address_key').then(
      (secret) => {
        this.hasher = new AddressHasher(secret);
        return this.hasher;
      },
      (error: unknown) => {
        // The database was not there: the next visit tries again.
        this.hasherLoading = undefined;
        throw error;
      },
    );
    return this.hasherLoading;
  }

  private answer(
    state: LinkState,
    hasher: AddressHasher,
    visit: Visit,
    language: 'zh' | 'en',
  ): VisitAnswer | Promise<VisitAnswer> {
    const now = Date.now();
    const clock = this.clocks.of(state.timeZone, now);
    if (clock.day !== state.day) {
      state.day = clock.day;
      for (const target of state.targets) target.today = 0;
    }
    const agentClass = agentClassOf(visit.headers['user-agent']);
    const bot = agentClass === 'bot';
    const pick = bot ? undefined : pickTarget(state, clock.minute, returningTarget(visit.headers.cookie, state.linkId));
    const ref = pick ? newRef() : null;
    const clickedAt = new Date(now);
    this.clicks.add({
      tenantId: state.tenantId,
      linkId: state.linkId,
      clickedAt,
      day: clock.day,
      targetId: pick?.target.id ?? null,
      numberId: pick?.target.numberId ?? null,
      choice: pick?.choice ?? 'none',
      ref,
      agentClass,
      bot,
      addressHash: hasher.hash(visit.address, clickedAt),
      referrer: referrerOf(visit.headers.referer),
      utm: utmOf(visit.query),
    });
    if (bot)
      return { status: 200, headers: { 'content-type': HTML, ...NO_STORE }, body: previewPage(language, state.name) };
    if (!pick || !ref) {
      return {
        status: 503,
        headers: { 'content-type': HTML, 'retry-after': '300', ...NO_STORE },
        body: busyPage(language, state.name),
      };
    }
    const waUrl = `https://wa.me/${pick.target.digits}?text=${state.textPrefix}${ref}`;
    const headers: Record<string, string> = { ...NO_STORE };
    if (state.sticky) {
      headers['set-cookie'] =
        `wsl_${state.linkId}=${pick.target.id}; Max-Age=${STICKY_DAYS * 86_400}; Path=/l/; HttpOnly; SameSite=Lax`;
    }
    if (agentClass === 'desktop') {
      return bridgePage(language, state.name, waUrl).then((body) => ({
        status: 200,
        headers: { ...headers, 'content-type': HTML },
        body,
      }));
    }
    return { status: 302, headers: { ...headers, location: waUrl }, body: '' };
  }
}

const notFound = (language: 'zh' | 'en'): VisitAnswer => ({
  status: 404,
  headers: { 'content-type': HTML, ...NO_STORE },
  body: notFoundPage(language),
});

/** The target a sticky link's cookie names (only ever one of the link's own targets is accepted). */
function returningTarget(cookie: string | undefined, linkId: string): string | undefined {
  if (!cookie) return undefined;
  const match = new RegExp(`(?:^|;\\s*)wsl_${linkId}=(\\d{1,19})`).exec(cookie);
  return match?.[1];
}
