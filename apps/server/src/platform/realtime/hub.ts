/**
 * One api process's side of the realtime channel: ONE dedicated connection LISTENs for the
 * publishers' wake-ups and reads the event table past this process's cursor, and each event read
 * is handed to the local sockets whose receiver may see it. Every process reads the same table,
 * so they all deliver the same events in the same order; a client may reconnect to any of them.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { Scope } from '../auth/scope.js';
import type { Pool } from '../db/pool.js';
import { after, lastPosition, type Position, readAfter, START, type StoredEvent } from './event-repository.js';
import { REALTIME_CHANNEL } from './publish.js';

/** A signed-in socket as the hub sees it. */
export interface Receiver {
  /** Whose events it may receive (the same Scope as the HTTP calls'). */
  scope: Scope;
  sessionId: string;
  /** Takes one encoded `event` message at its position in the delivery order. */
  deliver(frame: Buffer, position: Position): void;
  /** Ends the socket (revoked session, slow client, closing server). */
  close(code: number, reason: string): void;
}

/** Whether the receiver's scope covers the event: tenant (the caller's map), user, role, and a seat's contacts. */
export function mayReceive({ scope }: Receiver, event: StoredEvent): boolean {
  if (event.userIds && !event.userIds.includes(scope.userId)) return false;
  if (event.roles && !event.roles.includes(scope.role)) return false;
  // A seat sees what is addressed to it by name, or what concerns the contacts assigned to it.
  if (scope.assignee !== undefined && !event.userIds) return event.assigneeIds?.includes(scope.assignee) ?? false;
  return true;
}

/** The `event` message, built once per event from the stored JSON text and sent as it is to every receiver. */
export const encodeEvent = (event: StoredEvent): Buffer =>
  Buffer.from(
    `{"type":"event","id":"${event.id}","at":"${event.at}","event":{"type":${JSON.stringify(event.type)},"data":${event.payload}}}`,
  );

/** How long delivery may wait for an open transaction before the log says so. */
const HELD_WARNING_MS = 10_000;

export interface HubOptions {
  /** Rows per read. */
  batch?: number;
  /** Wake-ups closer than this are folded into one read (ms). */
  debounceMs?: number;
  /** How soon to look again while rows wait for a running transaction to end (ms). */
  heldRetryMs?: number;
  /** A read even without a wake-up, for notifications lost while the connection was down (ms). */
  safetyPollMs?: number;
}

export class RealtimeHub {
  private readonly byTenant = new Map<string, Set<Receiver>>();
  private cursor: Position = START;
  private cursorId: string | null = null;
  private client: pg.Client | undefined;
  private stopped = false;
  private reading: Promise<void> | undefined;
  private again = false;
  private wake: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  private reconnectDelay = 100;
  private readonly options: Required<HubOptions>;
  /** Events fanned out since start, for the benchmark and the logs. */
  delivered = 0;
  /** The last read found newer events waiting for a running transaction to end. */
  held = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly logger: Logger,
    options: HubOptions = {},
  ) {
    this.options = { batch: 2000, debounceMs: 2, heldRetryMs: 20, safetyPollMs: 2000, ...options };
  }

  static fromPool(pool: Pool, logger: Logger, options?: HubOptions): RealtimeHub {
    return new RealtimeHub(pool.options, logger, options);
  }

  /** Connects, LISTENs and starts after the last event already committed. */
  async start(): Promise<void> {
    await this.connect();
    const last = await lastPosition(this.requireClient());
    this.cursor = last;
    this.cursorId = last.known ? last.id.toString() : null;
    this.poll = setInterval(() => this.schedule(0), this.options.safetyPollMs);
    this.poll.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.wake);
    for (const receivers of this.byTenant.values()) {
      for (const receiver of receivers) receiver.close(1001, 'server closing');
    }
    this.byTenant.clear();
    await this.reading?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }

  /** Where live delivery stands: events up to here are read, later ones go to receivers added now. */
  position(): { position: Position; lastId: string | null } {
    return { position: this.cursor, lastId: this.cursorId };
  }

  add(receiver: Receiver): void {
    let receivers = this.byTenant.get(receiver.scope.tenantId);
    if (!receivers) {
      receivers = new Set();
      this.byTenant.set(receiver.scope.tenantId, receivers);
    }
    receivers.add(receiver);
  }

  remove(receiver: Receiver): void {
    const receivers = this.byTenant.get(receiver.scope.tenantId);
    receivers?.delete(receiver);
    if (receivers?.size === 0) this.byTenant.delete(receiver.scope.tenantId);
  }

  *receivers(): Iterable<Receiver> {
    for (const receivers of this.byTenant.values()) yield* receivers;
  }

  get size(): number {
    let count = 0;
    for (const receivers of this.byTenant.values()) count += receivers.size;
    return count;
  }

  /** A read soon: wake-ups within the debounce window share it; one arriving during a read causes one more. */
  private schedule(delay = this.options.debounceMs): void {
    if (this.stopped || !this.client) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    if (this.wake) return;
    this.wake = setTimeout(() => {
      this.wake = undefined;
      this.reading = this.readAll().finally(() => {
        this.reading = undefined;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        }
      });
    }, delay);
  }

  private async readAll(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      for (;;) {
        const { events, held, barrier } = await readAfter(client, this.cursor, this.options.batch);
        for (const event of events) this.fanOut(event);
        const last = events.at(-1);
        if (last) {
          this.cursor = { xid: last.xid, id: last.id };
          this.cursorId = last.id.toString();
        }
        if (events.length < this.options.batch) {
          this.held = held;
          this.reportHeld(held, barrier);
          if (held) setTimeout(() => this.schedule(0), this.options.heldRetryMs).unref();
          return;
        }
      }
    } catch (error) {
      // The connection's own error handler reconnects; the cursor is kept, so nothing is lost.
      if (!this.stopped) this.logger.warn({ err: error }, 'realtime read failed');
    }
  }

  private heldSince: number | undefined;
  private warnedAt = 0;

  /** Says in the log when an open transaction has held delivery back for long (decision 0011). */
  private reportHeld(held: boolean, barrier: string): void {
    if (!held) {
      this.heldSince = undefined;
      return;
    }
    const now = Date.now();
    this.heldSince ??= now;
    if (now - this.heldSince > HELD_WARNING_MS && now - this.warnedAt > HELD_WARNING_MS) {
      this.warnedAt = now;
      this.logger.warn(
        { transaction: barrier, heldMs: now - this.heldSince },
        'realtime delivery waits for a transaction that is still open',
      );
    }
  }

  private fanOut(event: StoredEvent): void {
    const receivers = this.byTenant.get(event.tenantId);
    if (!receivers) return;
    const position = { xid: event.xid, id: event.id };
    let frame: Buffer | undefined;
    const revoked = event.type === 'session.revoked' ? (JSON.parse(event.payload) as { session_id: string }) : null;
    for (const receiver of receivers) {
      if (!mayReceive(receiver, event)) continue;
      if (revoked && revoked.session_id !== receiver.sessionId) continue;
      frame ??= encodeEvent(event);
      receiver.deliver(frame, position);
      this.delivered += 1;
      if (revoked) receiver.close(4401, 'session revoked');
    }
  }

  private requireClient(): pg.Client {
    if (!this.client) throw new Error('realtime hub not connected');
    return this.client;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('notification', () => this.schedule());
    client.on('error', (error) => {
      if (this.stopped) return;
      this.logger.warn({ err: error }, 'realtime connection lost; reconnecting');
      void this.reconnect(client);
    });
    await client.connect();
    await client.query(`listen ${REALTIME_CHANNEL}`);
    this.client = client;
    this.reconnectDelay = 100;
  }

  private async reconnect(broken: pg.Client): Promise<void> {
    if (this.client !== broken) return;
    this.client = undefined;
    await broken.end().catch(() => undefined);
    while (!this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, this.reconnectDelay).unref());
      try {
        await this.connect();
        // What was committed while the connection was down is read now.
        this.schedule(0);
        return;
      } catch (error) {
        this.reconnectDelay = Math.min(this.reconnectDelay * 2, 5000);
        this.logger.warn({ err: error }, 'realtime reconnect failed');
      }
    }
  }

  /** Whether the cursor has passed `position` (tests and the socket's catch-up use it). */
  hasRead(position: Position): boolean {
    return !after(position, this.cursor);
  }
}
