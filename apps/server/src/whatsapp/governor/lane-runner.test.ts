import type pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, queueTemplate, seedContact, seedNumber, seedTemplate } from '../../test/whatsapp-fixtures.js';
import { type LaneRunner, startLaneRunner } from './lane-runner.js';
import type { LaneTransport } from './lane-transport.js';

const app = useTestApp();
const logger = pino({ level: 'silent' });

interface Delivery {
  to: string;
  at: number;
  runner: string;
}

function recordingTransport(name: string, log: Delivery[]): LaneTransport {
  return {
    async send(_number, message) {
      log.push({ to: message.to ?? `recipient:${message.recipient}`, at: Date.now(), runner: name });
      return `wamid.${name}.${log.length}`;
    },
    verdict: () => ({ kind: 'failed', code: null, title: 'unexpected', optedOut: false, pauseNumber: null }),
  };
}

/** A lane runner of its own (as another worker process would have), recording what it sends. */
function startRecordingRunner(name: string, log: Delivery[]): Promise<LaneRunner> {
  return startLaneRunner({
    pool: app.pool,
    cipher: app.context.whatsapp.tokenCipher,
    transport: recordingTransport(name, log),
    logger,
    sweepMs: 100,
    reconnectMs: 50,
  });
}

/** The pool's clients taken and not given back yet, and the lock connections among them (they listen). */
function watchPoolClients(pool: pg.Pool) {
  const outstanding = new Set<pg.PoolClient>();
  const taken = (client: pg.PoolClient) => outstanding.add(client);
  const given = (_error: unknown, client: pg.PoolClient) => outstanding.delete(client);
  pool.on('acquire', taken);
  pool.on('release', given);
  return {
    outstanding,
    lockClients: () => [...outstanding].filter((client) => client.listenerCount('notification') > 0),
    stop() {
      pool.off('acquire', taken);
      pool.off('release', given);
    },
  };
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('send lanes across workers', () => {
  it('lets one of two workers drive a number, at the number’s rate, each message once', async () => {
    const tenantId = await createTenant(app.pool);
    const { numberId } = await seedNumber(app.pool, app.context.whatsapp, tenantId, { throughputPerSecond: 5 });
    const templateId = await seedTemplate(app.pool, tenantId, numberId, { name: 'news' });
    const contacts: string[] = [];
    for (let i = 0; i < 20; i += 1)
      contacts.push(await seedContact(app.pool, tenantId, { waId: `44800${i}`, consent: true }));

    const log: Delivery[] = [];
    const runners: LaneRunner[] = [];
    for (const name of ['first', 'second']) {
      runners.push(await startRecordingRunner(name, log));
    }
    try {
      await queueTemplate(app.pool, tenantId, numberId, { id: templateId, name: 'news' }, contacts);
      await until(async () => log.length >= 20, 20_000);
      // Both heard the wake-up; the lock let only one of them own the lane.
      expect(new Set(log.map((delivery) => delivery.runner)).size).toBe(1);
      expect(new Set(log.map((delivery) => delivery.to)).size).toBe(20);
      // 5 a second after a burst of 5: 20 messages take at least 3 s.
      expect(log[19]!.at - log[0]!.at).toBeGreaterThanOrEqual(2900);
      for (const delivery of log) {
        const inOneSecond = log.filter((other) => other.at >= delivery.at && other.at < delivery.at + 1000);
        expect(inOneSecond.length).toBeLessThanOrEqual(10);
      }
      await until(async () => {
        const { rows } = await app.pool.query(
          "select count(*)::int as n from message where status = 'accepted' and tenant_id = $1",
          [tenantId],
        );
        return rows[0].n === 20;
      }, 5000);
    } finally {
      for (const runner of runners) await runner.stop();
    }
  });

  it('hands a lane to the other worker when its owner stops', async () => {
    const tenantId = await createTenant(app.pool);
    const { numberId } = await seedNumber(app.pool, app.context.whatsapp, tenantId, { throughputPerSecond: 2 });
    const templateId = await seedTemplate(app.pool, tenantId, numberId, { name: 'news' });
    const contacts: string[] = [];
    for (let i = 0; i < 8; i += 1)
      contacts.push(await seedContact(app.pool, tenantId, { waId: `44810${i}`, consent: true }));
    const log: Delivery[] = [];
    const first = await startRecordingRunner('first', log);
    await queueTemplate(app.pool, tenantId, numberId, { id: templateId, name: 'news' }, contacts);
    await until(async () => log.length >= 2, 10_000);
    await first.stop();
    const second = await startRecordingRunner('second', log);
    try {
      await until(async () => log.length >= 8, 15_000);
      expect(new Set(log.map((delivery) => delivery.to)).size).toBe(8);
      expect(log.some((delivery) => delivery.runner === 'second')).toBe(true);
    } finally {
      await second.stop();
    }
  });

  // A pool client released twice throws; thrown from a connection's 'error' event, that is an uncaught exception.
  describe('its lock connection is released exactly once', () => {
    const connectionLost = () => new Error('terminating connection due to administrator command');

    it('when the connection fails after the runner stopped (the server ending it during teardown)', async () => {
      const clients = watchPoolClients(app.pool);
      try {
        const runner = await startRecordingRunner('stopping', []);
        const [lockClient] = clients.lockClients();
        expect(lockClient).toBeDefined();
        await runner.stop();
        expect(clients.outstanding.has(lockClient as pg.PoolClient)).toBe(false);
        expect(() => lockClient?.emit('error', connectionLost())).not.toThrow();
      } finally {
        clients.stop();
      }
    });

    it('when the connection fails twice and the runner then stops', async () => {
      const clients = watchPoolClients(app.pool);
      try {
        const runner = await startRecordingRunner('failing', []);
        const [lockClient] = clients.lockClients();
        expect(() => lockClient?.emit('error', connectionLost())).not.toThrow();
        expect(() => lockClient?.emit('error', connectionLost())).not.toThrow();
        await runner.stop();
        expect(clients.outstanding.has(lockClient as pg.PoolClient)).toBe(false);
      } finally {
        clients.stop();
      }
    });

    it('when the server ends it: the runner takes a new one, and after stop holds none, not even later', async () => {
      const clients = watchPoolClients(app.pool);
      try {
        const runner = await startRecordingRunner('reconnecting', []);
        const [first] = clients.lockClients();
        const { rows } = await (first as pg.PoolClient).query<{ pid: number }>('select pg_backend_pid() as pid');
        await app.pool.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await until(async () => clients.lockClients().some((client) => client !== first), 5000);
        expect(clients.outstanding.has(first as pg.PoolClient)).toBe(false);

        // Lost again, and stopped before the new connection is made.
        const [second] = clients.lockClients();
        second?.emit('error', connectionLost());
        await runner.stop();
        // Past the reconnect delay: nothing was opened behind the stopped runner's back.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(clients.lockClients().length).toBe(0);
      } finally {
        clients.stop();
      }
    });
  });
});
