/**
 * What a click keeps of its visitor (decision 0019): the user agent's class (mobile, desktop, bot,
 * other), the referrer, the UTM parameters, and a keyed hash of the address under a key that
 * changes every day. Nothing else of the browser is read (no fingerprinting).
 */
import { createHmac, randomFillSync } from 'node:crypto';
import type { LinkAgentClass } from '@ws/contract';
import { isbot } from 'isbot';

const MOBILE = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|HarmonyOS/i;
const DESKTOP = /Windows NT|Macintosh|X11|CrOS/;
/** Link-preview fetchers isbot's list may not name, and every agent-less request, count as bots. */
const PREVIEWERS =
  /WhatsApp\/|facebookexternalhit|TelegramBot|Slackbot|Discordbot|Twitterbot|LinkedInBot|SkypeUriPreview|Iframely|vkShare|redditbot|Embedly|Pinterest/i;

/** User agents repeat: each is classed once (bounded, forgotten as a whole when full). */
const CLASS_CACHE_SIZE = 10_000;
const classes = new Map<string, LinkAgentClass>();

export function agentClassOf(userAgent: string | undefined): LinkAgentClass {
  if (!userAgent) return 'bot';
  let known = classes.get(userAgent);
  if (known === undefined) {
    known =
      PREVIEWERS.test(userAgent) || isbot(userAgent)
        ? 'bot'
        : MOBILE.test(userAgent)
          ? 'mobile'
          : DESKTOP.test(userAgent)
            ? 'desktop'
            : 'other';
    if (classes.size >= CLASS_CACHE_SIZE) classes.clear();
    classes.set(userAgent, known);
  }
  return known;
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const UTM_MAX = 128;
export const REFERRER_MAX = 512;

/** The UTM parameters of the visit's query (only these five, each cut at 128 characters). */
export function utmOf(query: string): Record<string, string> {
  const utm: Record<string, string> = {};
  if (!query.includes('utm_')) return utm;
  const params = new URLSearchParams(query);
  for (const key of UTM_KEYS) {
    const value = params.get(key);
    if (value) utm[key] = value.slice(0, UTM_MAX).replaceAll('\0', '');
  }
  return utm;
}

export const referrerOf = (header: string | string[] | undefined): string =>
  typeof header === 'string' ? header.slice(0, REFERRER_MAX).replaceAll('\0', '') : '';

/**
 * The address's hash: HMAC-SHA256 under a key derived from the installation's secret and the UTC
 * day, cut to 16 hex digits. The same visitor matches within a day (counts, abuse review) but not
 * across days, and the address cannot be read back without the secret.
 */
export class AddressHasher {
  private day = '';
  private key: Buffer = Buffer.alloc(0);
  /** The day's hashes of addresses seen (many visits share one: carrier NAT, offices, floods); bounded. */
  private known = new Map<string, string>();
  constructor(private readonly secret: string) {}

  hash(address: string, at: Date): string {
    const day = at.toISOString().slice(0, 10);
    if (day !== this.day) {
      this.key = createHmac('sha256', this.secret).update(`link-address:${day}`).digest();
      this.day = day;
      this.known.clear();
    }
    let hash = this.known.get(address);
    if (hash === undefined) {
      hash = createHmac('sha256', this.key).update(address).digest('hex').slice(0, 16);
      if (this.known.size >= HASHES_KEPT) this.known.clear();
      this.known.set(address, hash);
    }
    return hash;
  }
}

const HASHES_KEPT = 50_000;

const REF_LETTERS = 'abcdefghijklmnopqrstuvwxyz234567';
/** The reference token's length: 8 of 32 letters (40 bits). */
export const REF_LENGTH = 8;
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A new reference token (random, from a refilled pool of bytes: no system call per click). */
export function newRef(): string {
  if (used + REF_LENGTH > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  let ref = '';
  for (let i = 0; i < REF_LENGTH; i += 1) ref += REF_LETTERS[(pool[used + i] as number) & 31];
  used += REF_LENGTH;
  return ref;
}

/** The token as the pre-filled text carries it, and as the first inbound message is read for it. */
export const refTag = (ref: string) => `#ref:${ref}`;
export const REF_PATTERN = /#ref:([a-z2-7]{8})(?![a-z0-9])/i;
