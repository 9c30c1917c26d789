/**
 * The redirect's links in memory, by slug (decision 0019). A link's state is read once and kept
 * for `ttlMs`; then the next visit reads it again (one read at a time per slug; visits meanwhile
 * use the state they have), keeping the round robin's running weights and the day's counts of
 * this process. A change made through this process is seen at once (`forget`); one made by another
 * api process, and a number's pause, within `ttlMs`. Unknown slugs are remembered as unknown for
 * the same time, so a flood of them costs one read per slug per period; the map is bounded.
 */
import type { Db } from '../../../platform/db/pool.js';
import { selectLinkState } from './link-state-repository.js';
import type { RoutedLink, RoutedTarget } from './pick-target.js';
import { refTag } from './visitor.js';

export interface LinkState extends RoutedLink {
  tenantId: string;
  linkId: string;
  slug: string;
  name: string;
  message: string;
  timeZone: string;
  /** The tenant's day the targets' `today` counts. */
  day: string;
  /** The pre-filled text before the reference token, URL-encoded (`?text=` of wa.me). */
  textPrefix: string;
}

interface Entry {
  state: LinkState | undefined;
  expiresAt: number;
  loading?: Promise<LinkState | undefined> | undefined;
  /** Bumped by `forget`: a read begun before it is not kept, and visits wait for the next read. */
  generation: number;
  changed: boolean;
}

const MAX_ENTRIES = 50_000;

export class LinkCache {
  private entries = new Map<string, Entry>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 2_000,
  ) {}

  /** The link's state, from memory when fresh; undefined for an unknown, deleted or disabled slug. */
  get(slug: string, now = Date.now()): LinkState | undefined | Promise<LinkState | undefined> {
    const entry = this.entries.get(slug);
    if (entry) {
      if (entry.expiresAt > now) return entry.state;
      // Expired and being read again: this visit uses the state there is (waits when there is none,
      // or when the link was changed).
      if (entry.loading) return entry.changed ? entry.loading : (entry.state ?? entry.loading);
    }
    return this.load(slug, entry);
  }

  /**
   * A changed link is read again by its next visit. Its state is kept until then, so the round
   * robin and the day's counts of this process (some still in the click buffer) carry over.
   */
  forget(slugs: readonly string[]): void {
    for (const slug of slugs) {
      const entry = this.entries.get(slug);
      if (!entry) continue;
      entry.generation += 1;
      entry.expiresAt = 0;
      entry.changed = true;
      entry.loading = undefined;
    }
  }

  private load(slug: string, previous: Entry | undefined): Promise<LinkState | undefined> {
    if (this.entries.size >= MAX_ENTRIES && !previous) this.entries.clear();
    const entry: Entry = previous ?? { state: undefined, expiresAt: 0, generation: 0, changed: false };
    const generation = entry.generation;
    const loading = selectLinkState(this.db, slug)
      .then((stored) => {
        const state = stored && merged(stored, entry.state);
        // Changed while it was read: this visit gets what was read, the next one reads it again.
        if (entry.generation === generation) {
          entry.state = state;
          entry.expiresAt = Date.now() + this.ttlMs;
          entry.changed = false;
        }
        return state;
      })
      .finally(() => {
        if (entry.generation === generation) entry.loading = undefined;
      });
    entry.loading = loading;
    this.entries.set(slug, entry);
    return loading;
  }
}

/**
 * The state read, carrying over what this process knows better: the round robin's running weights,
 * and the day's counts when they are ahead (its latest clicks may still wait in the click buffer).
 */
function merged(
  stored: NonNullable<Awaited<ReturnType<typeof selectLinkState>>>,
  before: LinkState | undefined,
): LinkState {
  const known = new Map((before?.day === stored.day ? before.targets : []).map((target) => [target.id, target]));
  const targets: RoutedTarget[] = stored.targets.map((target) => {
    const mine = known.get(target.id);
    return {
      id: target.id,
      numberId: target.number_id,
      digits: target.phone.replace(/\D/g, ''),
      weight: target.weight,
      dailyAim: target.daily_aim,
      windowStart: target.window_start,
      windowEnd: target.window_end,
      unavailable: target.unavailable,
      today: Math.max(target.today, mine?.today ?? 0),
      current: mine?.current ?? 0,
    };
  });
  return {
    tenantId: stored.tenant_id,
    linkId: stored.id,
    slug: stored.slug,
    name: stored.name,
    message: stored.message,
    textPrefix: encodeURIComponent(`${stored.message ? `${stored.message}\n\n` : ''}${refTag('')}`),
    timeZone: stored.time_zone,
    day: stored.day,
    rule: stored.rule,
    sticky: stored.sticky,
    targets,
    ...(before?.lastOpen ? { lastOpen: before.lastOpen } : {}),
  };
}
