import http from 'node:http';
import https from 'node:https';
import { signWebhookBody } from '../whatsapp/webhooks/signature.js';
import { ByteWriter } from './byte-writer.js';
import type { SandboxLogger } from './types.js';

/** Meta puts at most this many updates (statuses) in one webhook request. */
export const MAX_UPDATES_PER_REQUEST = 1000;

/** The number a webhook change is about, as it appears in `metadata`. */
export interface WebhookSender {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

export interface OutboxOptions {
  /** Where to post; null drops every event (a sandbox without a product behind it). */
  url: string | null;
  appSecret: string;
  logger: SandboxLogger;
  /** Read on every use, so `POST /_sandbox/config` takes effect at once. */
  timing: () => { flushMs: number; retryBaseMs: number; retryMaxMs: number };
  maxInFlight?: number;
  batchSize?: number;
}

interface Delivery {
  body: Buffer;
  signature: string;
  attempts: number;
}

/**
 * A number's statuses waiting for the next request, written as JSON bytes one after another
 * (comma separated). The writer is reused from one flush to the next.
 */
interface StatusBatch {
  sender: WebhookSender;
  metadataJson: string;
  out: ByteWriter;
  count: number;
  /** Where each further run of `batchSize` statuses starts: one request holds at most one run. */
  cuts: number[];
}

/** A part of a request body: a run of one number's statuses, or another change. */
type Piece = { batch: StatusBatch; start: number; end: number } | { json: string };

const BODY_HEAD = '{"object":"whatsapp_business_account","entry":[';
const STATUSES_HEAD = '{"value":{"messaging_product":"whatsapp","metadata":';

/** Any other change waiting, serialized as `{"value":…,"field":…}`. */
interface PendingChange {
  wabaId: string;
  json: string;
}

/**
 * Signed webhook posts to the product, batched the way Meta batches under load: whatever
 * happened within a short flush interval goes in one request (entries per business account,
 * statuses of a number together in one change), at most 1000 updates a request; a request is
 * sent early once 1000 are waiting. A post that is not answered 200 is retried with exponential
 * backoff, as Meta does.
 */
export class WebhookOutbox {
  private readonly batches = new Map<string, StatusBatch>();
  private changes: PendingChange[] = [];
  private waiting = 0;
  private readonly ready: Delivery[] = [];
  private inFlight = 0;
  private backingOff = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly target: URL | null;
  private readonly agent: http.Agent;
  private readonly maxInFlight: number;
  private readonly batchSize: number;
  private stopped = false;
  readonly stats = { requests: 0, statuses: 0, events: 0, failedAttempts: 0, dropped: 0 };

  constructor(private readonly options: OutboxOptions) {
    this.target = options.url ? new URL(options.url) : null;
    this.maxInFlight = options.maxInFlight ?? 8;
    this.batchSize = options.batchSize ?? MAX_UPDATES_PER_REQUEST;
    const Agent = this.target?.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: this.maxInFlight });
  }

  /**
   * The writer of a status for the sender's next batch, or undefined once stopped: write exactly
   * one status JSON into it, then call `endStatus`.
   */
  beginStatus(sender: WebhookSender): ByteWriter | undefined {
    if (this.stopped) return undefined;
    let batch = this.batches.get(sender.phoneNumberId);
    if (!batch) {
      const metadata = { display_phone_number: sender.displayPhoneNumber, phone_number_id: sender.phoneNumberId };
      batch = { sender, metadataJson: JSON.stringify(metadata), out: new ByteWriter(), count: 0, cuts: [] };
      this.batches.set(sender.phoneNumberId, batch);
    }
    if (batch.count > 0) {
      if (batch.count % this.batchSize === 0) batch.cuts.push(batch.out.length);
      else batch.out.latin1(',');
    }
    batch.count++;
    return batch.out;
  }

  endStatus(): void {
    this.stats.statuses++;
    this.added();
  }

  /** Queues a message status given as its JSON text. */
  addStatus(sender: WebhookSender, statusJson: string): void {
    const out = this.beginStatus(sender);
    if (!out) return;
    out.jsonEscaped(statusJson);
    this.endStatus();
  }

  /** Queues any other change (inbound message, preference, account or group event). */
  addChange(wabaId: string, field: string, value: object): void {
    if (this.stopped) return;
    this.changes.push({ wabaId, json: JSON.stringify({ value, field }) });
    this.stats.events++;
    this.added();
  }

  private added(): void {
    this.waiting++;
    if (this.waiting >= this.batchSize) this.flush();
    else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        this.flush();
      }, this.options.timing().flushMs);
      this.flushTimer.unref();
    }
  }

  /**
   * Sends everything waiting now, in requests of at most 1000 updates, entries per business
   * account; status batches are copied into the request bodies and then reused.
   */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.waiting === 0) return;
    let entries = new Map<string, Piece[]>();
    let size = 0;
    const send = () => {
      if (size === 0) return;
      this.enqueue(this.requestBody(entries));
      entries = new Map();
      size = 0;
    };
    const add = (wabaId: string, piece: Piece, weight: number) => {
      if (size + weight > this.batchSize) send();
      const list = entries.get(wabaId);
      if (list) list.push(piece);
      else entries.set(wabaId, [piece]);
      size += weight;
    };
    for (const batch of this.batches.values()) {
      if (batch.count === 0) continue;
      const bounds = [0, ...batch.cuts, batch.out.length];
      for (let run = 0; run + 1 < bounds.length; run++) {
        const weight = Math.min(this.batchSize, batch.count - run * this.batchSize);
        add(batch.sender.wabaId, { batch, start: bounds[run] as number, end: bounds[run + 1] as number }, weight);
      }
    }
    for (const { wabaId, json } of this.changes) add(wabaId, { json }, 1);
    send();
    for (const batch of this.batches.values()) {
      batch.out.reset();
      batch.count = 0;
      batch.cuts.length = 0;
    }
    this.changes = [];
    this.waiting = 0;
  }

  private requestBody(entries: Map<string, Piece[]>): Buffer {
    let estimate = BODY_HEAD.length + 2;
    for (const [wabaId, pieces] of entries) {
      estimate += wabaId.length + 16;
      for (const piece of pieces) {
        estimate += 'json' in piece ? piece.json.length * 3 + 1 : piece.end - piece.start + 160;
      }
    }
    const out = new ByteWriter(estimate);
    out.latin1(BODY_HEAD);
    let firstEntry = true;
    for (const [wabaId, pieces] of entries) {
      if (!firstEntry) out.latin1(',');
      firstEntry = false;
      out.jsonEscaped(`{"id":${JSON.stringify(wabaId)},"changes":[`);
      for (let index = 0; index < pieces.length; index++) {
        const piece = pieces[index] as Piece;
        if (index > 0) out.latin1(',');
        if ('json' in piece) {
          out.jsonEscaped(piece.json);
          continue;
        }
        out.latin1(STATUSES_HEAD);
        out.jsonEscaped(piece.batch.metadataJson);
        out.latin1(',"statuses":[');
        out.append(piece.batch.out, piece.start, piece.end);
        out.latin1(']},"field":"messages"}');
      }
      out.latin1(']}');
    }
    out.latin1(']}');
    return out.view();
  }

  /** Nothing batched, queued, posting or waiting to be retried. */
  isIdle(): boolean {
    return this.waiting === 0 && this.ready.length === 0 && this.inFlight === 0 && this.backingOff === 0;
  }

  get pendingCount(): number {
    return this.waiting + this.ready.length + this.inFlight + this.backingOff;
  }

  /** Drops everything not yet delivered (a reset). */
  clear(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.batches.clear();
    this.changes = [];
    this.waiting = 0;
    this.ready.length = 0;
    this.backingOff = 0;
  }

  stop(): void {
    this.stopped = true;
    this.clear();
    this.agent.destroy();
  }

  private enqueue(body: Buffer): void {
    if (!this.target) {
      this.stats.dropped++;
      return;
    }
    this.ready.push({ body, signature: signWebhookBody(body, this.options.appSecret), attempts: 0 });
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.ready.length > 0) {
      this.post(this.ready.shift() as Delivery);
    }
  }

  private post(delivery: Delivery): void {
    const target = this.target as URL;
    this.inFlight++;
    let finished = false;
    const finish = (ok: boolean, reason: string) => {
      if (finished) return;
      finished = true;
      this.inFlight--;
      this.stats.requests++;
      if (!ok) this.retry(delivery, reason);
      this.pump();
    };
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      agent: this.agent,
      timeout: 20_000,
      headers: {
        'content-type': 'application/json',
        'content-length': delivery.body.length,
        'user-agent': 'facebookexternalua',
        'x-hub-signature-256': delivery.signature,
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => finish(response.statusCode === 200, `HTTP ${response.statusCode}`));
      response.on('error', (error) => finish(false, error.message));
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 20 s')));
    request.on('error', (error) => finish(false, error.message));
    request.end(delivery.body);
  }

  private retry(delivery: Delivery, reason: string): void {
    if (this.stopped) return;
    this.stats.failedAttempts++;
    delivery.attempts++;
    const { retryBaseMs, retryMaxMs } = this.options.timing();
    const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(delivery.attempts - 1, 20));
    if (delivery.attempts === 1 || delivery.attempts % 10 === 0) {
      this.options.logger.warn(
        { url: this.options.url, reason, attempts: delivery.attempts, retryInMs: delay },
        'sandbox: webhook not accepted; retrying',
      );
    }
    this.backingOff++;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.backingOff--;
      this.ready.push(delivery);
      this.pump();
    }, delay);
    timer.unref();
    this.retryTimers.add(timer);
  }
}
