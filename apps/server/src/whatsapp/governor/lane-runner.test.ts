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
      log.push({ to: message.to, at: Date.now(), runner: name });
      return `wamid.${name}.${log.length}`;
    },
    verdict: () => ({ retry: false, code: null, title: 'unexpected', optedOut: false, pauseNumber: null }),
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
  });
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
});
