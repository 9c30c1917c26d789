import type pg from 'pg';
import type { Logger } from 'pino';
import type { TokenCipher } from '../crypto/token-cipher.js';
import { dueLanes, holdLanes, listenForLaneEvents, settleLane, tryLockLane, unlockLane } from './lane-repository.js';
import type { LaneTransport } from './lane-transport.js';
import { SendLane } from './send-lane.js';

export interface LaneRunnerOptions {
  pool: pg.Pool;
  cipher: TokenCipher;
  transport: LaneTransport;
  logger: Logger;
  /** Lanes this process runs at once. */
  maxLanes?: number;
  /** How often due lanes are looked for, besides the wake-ups. */
  sweepMs?: number;
  /** How long after losing its lock connection the runner opens a new one. */
  reconnectMs?: number;
  /** How long a lane with nothing queued keeps its number for new work (SendLane's `idleMs`). */
  idleMs?: number;
}

export interface LaneRunner {
  /** Lanes this process holds now (for tests and metrics). */
  owned(): string[];
  stop(): Promise<void>;
}

/** How long a lane's owner holds it without renewing: the take-over delay after a crash. */
const HOLD_SECONDS = 30;
/**
 * How long an idle lane waits for new work before it lets its number go. Replies and campaign
 * slices arrive in bursts a drain batch or a dispatcher step apart; a lane that let go between them
 * paid, for each burst, the lock and its release, the hold, the number's reload and the settling:
 * six statements of the fifteen a burst of a few messages cost (bench/README.md, keyword replies).
 */
const IDLE_MS = 1000;

const laneKey = (tenantId: string, numberId: string) => `${tenantId}:${numberId}`;

/** The connection that holds the lane locks and listens, and the one way to release it. */
interface LockConnection {
  client: pg.PoolClient;
  letGo(error?: Error): void;
}

/**
 * The send lanes of one worker process. A lane is owned through a session advisory lock on one
 * dedicated connection, so two processes never drive one number, and a process that dies loses
 * its locks with its connection. Lanes are woken by NOTIFY (new work, resume) and by a sweep of
 * due lanes; opt-outs and number changes reach the running lanes the same way.
 */
export async function startLaneRunner(options: LaneRunnerOptions): Promise<LaneRunner> {
  const { pool, logger } = options;
  const maxLanes = options.maxLanes ?? 500;
  const lanes = new Map<string, SendLane>();
  const running = new Set<Promise<void>>();
  const reconnectMs = options.reconnectMs ?? 1000;
  let lock: LockConnection | undefined;
  let connecting: Promise<void> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let stopped = false;

  /**
   * Opens the lock connection. Its client is released once, by `letGo`, whichever comes first:
   * stop, a connection error, a failed set-up. pg can still emit errors after that (the server's
   * "terminating connection" arriving while the client ends): they concern nobody any more.
   */
  const connect = async () => {
    const client = await pool.connect();
    let released = false;
    const letGo = (error?: Error) => {
      if (released) return;
      released = true;
      if (lock?.client === client) lock = undefined;
      // Destroy rather than return the connection: its session may still hold lane locks.
      client.release(error ?? true);
    };
    client.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      if (released) return;
      logger.error({ err: error }, 'send-lane lock connection lost; stopping its lanes');
      for (const lane of lanes.values()) lane.stop();
      letGo(error);
      reconnectSoon();
    });
    try {
      await listenForLaneEvents(client);
    } catch (error) {
      letGo();
      throw error;
    }
    if (released) throw new Error('send-lane lock connection lost while listening');
    if (stopped) letGo();
    else lock = { client, letGo };
  };

  const reconnectSoon = () => {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (stopped) return;
      connecting = connect()
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'could not reopen the send-lane lock connection; trying again');
          reconnectSoon();
        })
        .finally(() => {
          connecting = undefined;
        });
    }, reconnectMs);
    reconnectTimer.unref();
  };

  const onNotification = (channel: string, payload: string) => {
    let event: { tenantId?: string; numberId?: string; contactId?: string; channel?: string };
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    if (!event.tenantId) return;
    if (channel === 'wa_send_wake' && event.numberId) void wake(event.tenantId, event.numberId);
    if (channel === 'wa_number_state' && event.numberId)
      lanes.get(laneKey(event.tenantId, event.numberId))?.numberChanged();
    if (channel === 'wa_contact_opt_out' && event.contactId) {
      for (const lane of lanes.values()) {
        if (lane.tenantId === event.tenantId) lane.contactOptedOut(event.contactId, event.channel ?? 'keyword');
      }
    }
  };

  // The lock connection runs one statement at a time (pg refuses overlapping ones from version 9):
  // lanes woken at once and lanes letting go take turns on it.
  let lockTurn: Promise<unknown> = Promise.resolve();
  const onLockConnection = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = lockTurn.then(work, work);
    lockTurn = turn.catch(() => undefined);
    return turn;
  };

  const wake = async (tenantId: string, numberId: string) => {
    const key = laneKey(tenantId, numberId);
    const existing = lanes.get(key);
    if (existing) return existing.poke();
    const client = lock?.client;
    if (stopped || !client || lanes.size >= maxLanes) return;
    lanes.set(key, new SendLane(tenantId, numberId, { ...options, idleMs: options.idleMs ?? IDLE_MS }));
    try {
      if (!(await onLockConnection(() => tryLockLane(client, numberId)))) {
        lanes.delete(key);
        return;
      }
    } catch (error) {
      lanes.delete(key);
      logger.warn({ err: error, numberId }, 'could not lock a send lane');
      return;
    }
    const lane = lanes.get(key) as SendLane;
    const work = drive(lane, client);
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  const drive = async (lane: SendLane, client: pg.PoolClient) => {
    let dueAgain = false;
    try {
      await holdLanes(pool, [lane], HOLD_SECONDS);
      const { paused } = await lane.run();
      const due = await settleLane(pool, lane.tenantId, lane.numberId, paused);
      dueAgain = !paused && due !== null && due.getTime() <= Date.now();
    } catch (error) {
      logger.error({ err: error, numberId: lane.numberId }, 'send lane failed; another pass will retry');
      await settleLane(pool, lane.tenantId, lane.numberId, false).catch(() => undefined);
    } finally {
      lanes.delete(laneKey(lane.tenantId, lane.numberId));
      if (lock?.client === client) {
        await onLockConnection(() => unlockLane(client, lane.numberId)).catch(() => undefined);
      }
    }
    // Work queued while this lane was letting go found the lock still held: take it again.
    if (dueAgain) void wake(lane.tenantId, lane.numberId);
  };

  const sweep = async () => {
    if (stopped || !lock) return;
    try {
      const owned = [...lanes.values()];
      await holdLanes(pool, owned, HOLD_SECONDS);
      for (const { tenantId, numberId } of await dueLanes(pool, 200)) await wake(tenantId, numberId);
    } catch (error) {
      logger.warn({ err: error }, 'send-lane sweep failed');
    }
  };

  try {
    await connect();
  } catch (error) {
    // No runner comes of this: nothing may reconnect behind the caller's back.
    stopped = true;
    clearTimeout(reconnectTimer);
    throw error;
  }
  const sweeper = setInterval(() => void sweep(), options.sweepMs ?? 2000);
  sweeper.unref();
  void sweep();

  return {
    owned: () => [...lanes.keys()],
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      for (const lane of lanes.values()) lane.stop();
      while (running.size > 0) await Promise.allSettled([...running]);
      // A connection being opened now lets itself go when it sees `stopped`.
      await connecting;
      lock?.letGo();
    },
  };
}
