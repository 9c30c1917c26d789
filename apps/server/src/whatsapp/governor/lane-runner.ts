import type pg from 'pg';
import type { Logger } from 'pino';
import type { TokenCipher } from '../crypto/token-cipher.js';
import { dueLanes, holdLanes, settleLane } from './lane-repository.js';
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
}

export interface LaneRunner {
  /** Lanes this process holds now (for tests and metrics). */
  owned(): string[];
  stop(): Promise<void>;
}

/** How long a lane's owner holds it without renewing: the take-over delay after a crash. */
const HOLD_SECONDS = 30;
// Advisory locks of send lanes: (namespace, number id). Two-int keys never meet one-bigint keys.
const LANE_LOCK_NAMESPACE = 727_274;

const laneKey = (tenantId: string, numberId: string) => `${tenantId}:${numberId}`;

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
  let lockClient: pg.PoolClient | undefined;
  let stopped = false;

  const connect = async () => {
    const client = await pool.connect();
    client.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      logger.error({ err: error }, 'send-lane lock connection lost; stopping its lanes');
      for (const lane of lanes.values()) lane.stop();
      lockClient = undefined;
      client.release(error);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await client.query('listen wa_send_wake; listen wa_contact_opt_out; listen wa_number_state');
    lockClient = client;
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
        if (lane.tenantId === event.tenantId) lane.contactOptedOut(event.contactId, event.channel ?? 'stop_keyword');
      }
    }
  };

  const wake = async (tenantId: string, numberId: string) => {
    const key = laneKey(tenantId, numberId);
    const existing = lanes.get(key);
    if (existing) return existing.poke();
    const client = lockClient;
    if (stopped || !client || lanes.size >= maxLanes) return;
    lanes.set(key, new SendLane(tenantId, numberId, options));
    try {
      const { rows } = await client.query('select pg_try_advisory_lock($1, $2::int) as locked', [
        LANE_LOCK_NAMESPACE,
        numberId,
      ]);
      if (!rows[0]?.locked) {
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
      if (lockClient === client) {
        await client
          .query('select pg_advisory_unlock($1, $2::int)', [LANE_LOCK_NAMESPACE, lane.numberId])
          .catch(() => undefined);
      }
    }
    // Work queued while this lane was letting go found the lock still held: take it again.
    if (dueAgain) void wake(lane.tenantId, lane.numberId);
  };

  const sweep = async () => {
    if (stopped || !lockClient) return;
    try {
      const owned = [...lanes.values()];
      await holdLanes(pool, owned, HOLD_SECONDS);
      for (const { tenantId, numberId } of await dueLanes(pool, 200)) await wake(tenantId, numberId);
    } catch (error) {
      logger.warn({ err: error }, 'send-lane sweep failed');
    }
  };

  await connect();
  const sweeper = setInterval(() => void sweep(), options.sweepMs ?? 2000);
  sweeper.unref();
  void sweep();

  return {
    owned: () => [...lanes.keys()],
    async stop() {
      stopped = true;
      clearInterval(sweeper);
      for (const lane of lanes.values()) lane.stop();
      while (running.size > 0) await Promise.allSettled([...running]);
      // Destroy rather than return the connection: its session still holds the lane locks.
      lockClient?.release(true);
      lockClient = undefined;
    },
  };
}
