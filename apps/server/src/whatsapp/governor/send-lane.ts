import type pg from 'pg';
import type { Logger } from 'pino';
import { fundSends, UNFUNDED_REFUSAL } from '../../modules/wallet/fund-sends.js';
import { voidHoldsOf } from '../../modules/wallet/void-holds.js';
import { withRedoableTransaction } from '../../platform/db/pool.js';
import type { TokenCipher } from '../crypto/token-cipher.js';
import { loadSendingNumber, pauseNumber, type SendingNumber } from '../numbers/number-repository.js';
import {
  claimSends,
  fetchDueSends,
  nextDueAt,
  optOutAfterError,
  type QueuedSend,
  recordOutcomes,
  reserveReach,
  type SendOutcome,
} from './lane-repository.js';
import type { LaneTransport } from './lane-transport.js';
import { PairRate } from './pair-rate.js';
import { contentRefusal, countsTowardLimit, numberRefusal, purposeOf } from './rules.js';
import { TokenBucket } from './token-bucket.js';

export interface LaneDependencies {
  pool: pg.Pool;
  cipher: TokenCipher;
  transport: LaneTransport;
  logger: Logger;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The lane keeps its number while the next deferred message is due within this long. */
  lingerMs?: number;
  /**
   * With nothing due soon, the lane keeps its number this long for new work (a poke) before it
   * lets go; 0 (the default): it lets go at once.
   */
  idleMs?: number;
}

const LINGER_MS = 10_000;
const MAX_IN_FLIGHT = 64;
const MAX_ATTEMPTS = 8;
const FLUSH_EVERY = 200;
const INTERRUPTED = 'interrupted while sending: the request may have reached Meta';

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The send lane of one number, run by the one worker that holds its lock. It drains the
 * number's queue in priority order: each message passes the rules (in memory, on facts fetched
 * with the batch), the portfolio's messaging limit (one reservation per batch), the pair rate and
 * the number's token bucket, and is claimed just before it goes out, so an interrupted send is
 * never repeated. A send that may have reached Meta without an answer saying so is `unknown`, never
 * sent again: the status webhooks settle it by its callback data. Outcomes are written in batches.
 */
export class SendLane {
  private number: SendingNumber | undefined;
  private numberStale = true;
  private readonly optedOut = new Map<string, string>();
  private readonly pairs = new PairRate();
  private bucket: TokenBucket | undefined;
  private readonly outcomes: SendOutcome[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private wake = new AbortController();
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(
    readonly tenantId: string,
    readonly numberId: string,
    private readonly deps: LaneDependencies,
  ) {
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? defaultSleep;
  }

  /** New work may have arrived: stop lingering. */
  poke(): void {
    this.wake.abort();
  }

  /** The number's state changed (pause, quality, throughput): reload it before the next send. */
  numberChanged(): void {
    this.numberStale = true;
    this.poke();
  }

  /** An opt-out took effect: no further message to this contact passes without re-checking. */
  contactOptedOut(contactId: string, channel: string): void {
    this.optedOut.set(contactId, channel);
  }

  stop(): void {
    this.stopping.abort();
    this.poke();
  }

  get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Drains until nothing is due soon, the number is paused, or stop(); returns whether it is paused. */
  async run(): Promise<{ paused: boolean }> {
    try {
      while (!this.stopped) {
        const number = await this.currentNumber();
        if (!number || numberRefusal(number)) return { paused: true };
        const limit = this.batchSize(number);
        const batch = await fetchDueSends(this.deps.pool, this.tenantId, this.numberId, limit);
        if (batch.length > 0) {
          await this.process(number, batch);
          await this.settle();
        }
        // A full batch leaves more behind, and a changed number (paused, say) is looked at again
        // first. After a partial one the next look is the linger's, which finds what was queued
        // meanwhile (due now, or soon): a second fetch would find the same.
        if (this.numberStale || batch.length === limit) continue;
        if (this.stopped || !(await this.lingerForWork())) break;
      }
      return { paused: false };
    } finally {
      await this.settle();
    }
  }

  private batchSize(number: SendingNumber): number {
    return Math.min(500, Math.max(20, number.throughputPerSecond * 2));
  }

  private async currentNumber(): Promise<SendingNumber | undefined> {
    if (this.numberStale) {
      this.numberStale = false;
      this.number = await loadSendingNumber(this.deps.pool, this.deps.cipher, this.tenantId, this.numberId);
      const rate = this.number?.throughputPerSecond ?? 1;
      if (!this.bucket) this.bucket = new TokenBucket(rate, rate, this.now());
      else this.bucket.setRate(rate, rate, this.now());
    }
    return this.number;
  }

  /**
   * Waits for the next deferred message if it is due soon, or else for a poke (new work) for up to
   * `idleMs`; false when the lane should go. Armed before the look at the queue: work queued after
   * it pokes this wait, work queued before it is seen by the look.
   */
  private async lingerForWork(): Promise<boolean> {
    this.wake = new AbortController();
    const woken = AbortSignal.any([this.wake.signal, this.stopping.signal]);
    const next = await nextDueAt(this.deps.pool, this.tenantId, this.numberId);
    if (next !== null && next - this.now() <= (this.deps.lingerMs ?? LINGER_MS)) {
      await this.sleep(Math.max(0, next - this.now()), woken);
      this.pairs.prune(this.now());
      return !this.stopped;
    }
    const idleMs = this.deps.idleMs ?? 0;
    if (idleMs <= 0) return false;
    await this.sleep(idleMs, woken);
    return !this.stopped && this.wake.signal.aborted;
  }

  private async process(number: SendingNumber, batch: QueuedSend[]): Promise<void> {
    const now = this.now();
    const passing: QueuedSend[] = [];
    const needSlots: QueuedSend[] = [];
    for (const send of batch) {
      if (send.interrupted) {
        // Its request may have gone before the owner stopped: never again, a webhook settles it.
        this.outcomes.push({ kind: 'unknown', id: send.id, createdAt: send.createdAt, reason: INTERRUPTED });
        continue;
      }
      const refusal = this.refusal(send, now);
      if (refusal) this.outcomes.push({ kind: 'refused', id: send.id, createdAt: send.createdAt, reason: refusal });
      else if (countsTowardLimit(send.facts, now)) needSlots.push(send);
      else passing.push(send);
    }
    if (needSlots.length > 0) {
      const contactIds = needSlots.map((send) => send.contactId as string);
      const grant = await reserveReach(this.deps.pool, this.tenantId, number.portfolioId, contactIds);
      for (const send of needSlots) {
        if (grant.granted.has(send.contactId as string)) passing.push(send);
        else this.defer(send, grant.nextFreeAt?.getTime() ?? now + 60_000);
      }
      const position = new Map(batch.map((send, index) => [send, index]));
      passing.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    }
    await this.pace(number, number.prepaid ? await this.fund(passing) : passing);
  }

  /**
   * A prepaid tenant's sends go when their estimated cost is held (one posting per batch), as
   * many in order as the wallet covers; of the rest, campaign sends wait with their campaign held,
   * and the others are refused.
   */
  private async fund(sends: QueuedSend[]): Promise<QueuedSend[]> {
    const { funded, refused } = await fundSends(
      this.deps.pool,
      this.tenantId,
      this.numberId,
      sends.map((send) => ({ id: send.id, to: send.facts.toGroup ? null : send.to, category: purposeOf(send.facts) })),
    );
    const refusing = new Set(refused);
    for (const send of sends) {
      if (refusing.has(send.id)) {
        this.outcomes.push({ kind: 'refused', id: send.id, createdAt: send.createdAt, reason: UNFUNDED_REFUSAL });
      }
    }
    return sends.filter((send) => funded.has(send.id));
  }

  private refusal(send: QueuedSend, now: number) {
    const channel = send.contactId ? this.optedOut.get(send.contactId) : undefined;
    if (channel && send.facts.contact && send.facts.contact.optedOutAt === null) {
      send.facts.contact = { ...send.facts.contact, optedOutAt: now, optOutChannel: channel };
    }
    return contentRefusal(send.facts, now);
  }

  private defer(send: QueuedSend, until: number): void {
    this.outcomes.push({ kind: 'deferred', id: send.id, createdAt: send.createdAt, until: new Date(until) });
  }

  /**
   * Pair rate and throughput, then claim a slice and send it; slices are about 200 ms of sending,
   * and never more than half the requests a lane keeps in flight. The slice's tokens and its room in
   * flight are taken before the claim, and every claimed send is handed to the transport at once:
   * a worker killed between the claim and the requests leaves those rows `unknown` for good (never
   * resent), so nothing may wait in between.
   */
  private async pace(number: SendingNumber, sends: QueuedSend[]): Promise<void> {
    const slice = Math.max(1, Math.min(Math.ceil(number.throughputPerSecond / 5), MAX_IN_FLIGHT / 2));
    for (let start = 0; start < sends.length && !this.stopped && !this.numberStale; start += slice) {
      const ready: QueuedSend[] = [];
      for (const send of sends.slice(start, start + slice)) {
        const now = this.now();
        const key = send.to ?? send.recipientUserId ?? send.id;
        // An opt-out that arrived since the batch was fetched takes effect here.
        const refusal = this.refusal(send, now);
        if (refusal) {
          this.outcomes.push({ kind: 'refused', id: send.id, createdAt: send.createdAt, reason: refusal });
          continue;
        }
        const wait = this.pairs.waitFor(key, now);
        if (wait > 0) {
          this.defer(send, now + wait);
          continue;
        }
        this.pairs.record(key, now);
        ready.push(send);
      }
      if (ready.length === 0) continue;
      // A lane told to stop leaves the slice unclaimed: it stays queued for the next owner.
      if (!(await this.takeTokens(ready.length))) break;
      await this.makeRoom(ready.length);
      const claimed = await claimSends(
        this.deps.pool,
        this.tenantId,
        this.numberId,
        ready.map((send) => send.id),
      );
      // What was paused or withdrawn since the batch was fetched stays behind.
      for (const send of ready) if (claimed.has(send.id)) this.dispatch(number, send);
      if (this.outcomes.length >= FLUSH_EVERY) await this.flush();
    }
  }

  /** False when the lane was stopped while waiting for them. */
  private async takeTokens(count: number): Promise<boolean> {
    const bucket = this.bucket as TokenBucket;
    for (let taken = 0; taken < count; taken++) {
      for (let wait = bucket.take(this.now()); wait > 0; wait = bucket.take(this.now())) {
        if (this.stopped) return false;
        await this.sleep(wait, this.stopping.signal);
      }
    }
    return true;
  }

  private async makeRoom(count: number): Promise<void> {
    while (this.inFlight.size + count > MAX_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  /** Starts the request without waiting: room for it was made before its claim. */
  private dispatch(number: SendingNumber, send: QueuedSend): void {
    const request = this.deliver(number, send).finally(() => this.inFlight.delete(request));
    this.inFlight.add(request);
  }

  private async deliver(number: SendingNumber, send: QueuedSend): Promise<void> {
    const message = {
      to: send.to,
      recipient: send.recipientUserId,
      toGroup: send.facts.toGroup,
      type: send.type,
      content: send.content,
      callbackData: send.callbackData,
    };
    if (message.to === null && message.recipient === null) {
      // A contact known only by the BSUID of another portfolio: no address this number may use.
      this.outcomes.push({
        kind: 'failed',
        id: send.id,
        createdAt: send.createdAt,
        errorCode: null,
        reason: 'no phone number, nor a user id of this number’s portfolio',
      });
      return;
    }
    try {
      const metaMessageId = await this.deps.transport.send(number, message);
      this.outcomes.push({ kind: 'sent', id: send.id, createdAt: send.createdAt, metaMessageId });
    } catch (error) {
      await this.failed(send, error);
    }
  }

  private async failed(send: QueuedSend, error: unknown): Promise<void> {
    const attempt = send.attempts + 1;
    const verdict = this.deps.transport.verdict(error, attempt);
    const now = this.now();
    if (verdict.kind === 'unknown') {
      this.outcomes.push({ kind: 'unknown', id: send.id, createdAt: send.createdAt, reason: verdict.title });
      return;
    }
    if (verdict.kind === 'retry' && attempt < MAX_ATTEMPTS) {
      if (verdict.pairRate) this.pairs.holdUntil(send.to ?? send.recipientUserId ?? send.id, now + verdict.delayMs);
      if (verdict.throughput) this.bucket?.drain(now);
      this.defer(send, now + verdict.delayMs);
      return;
    }
    const code = verdict.code;
    const reason = verdict.kind === 'retry' ? `gave up after ${attempt} attempts` : verdict.title;
    this.outcomes.push({ kind: 'failed', id: send.id, createdAt: send.createdAt, errorCode: code, reason });
    if (verdict.kind === 'retry') return;
    if (verdict.optedOut && send.contactId) {
      this.contactOptedOut(send.contactId, 'error_131050');
      await optOutAfterError(this.deps.pool, this.tenantId, send.contactId);
    }
    if (verdict.pauseNumber) {
      this.deps.logger.warn(
        { numberId: this.numberId, code, reason: verdict.pauseNumber },
        'pausing a number Meta refuses',
      );
      await pauseNumber(this.deps.pool, this.tenantId, this.numberId, verdict.pauseNumber);
      this.numberChanged();
    }
  }

  private async flush(): Promise<void> {
    const outcomes = this.outcomes.splice(0);
    if (outcomes.length === 0) return;
    // A prepaid message that will never go gives its hold back now (lost in a crash: at expiry).
    const unsent = this.number?.prepaid
      ? outcomes.filter((outcome) => outcome.kind === 'refused' || outcome.kind === 'failed').map((o) => o.id)
      : [];
    // Redoable: lost in a database crash, the claims (durable) make the sends `unknown`, and their
    // status webhooks settle them by callback data.
    await withRedoableTransaction(this.deps.pool, async (client) => {
      await recordOutcomes(client, this.tenantId, this.numberId, outcomes);
      await voidHoldsOf(client, this.tenantId, unsent, 'not sent');
    });
  }

  /** Waits for every request in flight, then writes what became of them. */
  private async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.flush();
  }
}
