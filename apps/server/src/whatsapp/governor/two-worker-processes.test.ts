import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, queueTemplate, seedContact, seedNumber, seedTemplate } from '../../test/whatsapp-fixtures.js';

const MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const MESSAGES = 60;
const RATE = 10;

const app = useTestApp();
let sandbox: RunningSandbox;
const workers: ChildProcess[] = [];

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startWorkerProcess(databaseUrl: string): ChildProcess {
  const child = spawn(process.execPath, [MAIN, '--role=worker'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      // The same data directory holds the token key the numbers were sealed with.
      DATA_DIR: app.context.config.dataDir,
      SANDBOX: 'off',
      DEMO: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(child);
  return child;
}

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox = await startSandbox({
    appSecret: app.context.whatsapp.appSecret,
    webhookUrl: `${address}/webhooks/whatsapp`,
    behaviour: { deliver: 1, read: 1, reply: 0, stop: 0, block: 0, fail: 0 },
    delays: { deliveredMs: 0, readMs: 0 },
  });
});

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGTERM');
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
  await sandbox?.stop();
});

describe('two worker processes', () => {
  it('send each message once, at the number’s rate, and record Meta’s statuses', async () => {
    const made = (await sandbox.control('POST', '/numbers', { webhooks_subscribed: true })).body as {
      phone_number_id: string;
      waba_id: string;
      display_phone_number: string;
      access_token: string;
    };
    await sandbox.control('POST', '/templates', {
      waba_id: made.waba_id,
      name: 'spring_sale',
      category: 'MARKETING',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Our spring sale is on.' }],
    });
    const tenantId = await createTenant(app.pool);
    const { numberId } = await seedNumber(app.pool, app.context.whatsapp, tenantId, {
      phoneNumberId: made.phone_number_id,
      wabaId: made.waba_id,
      phone: made.display_phone_number.replace(/\D/g, ''),
      accessToken: made.access_token,
      apiBaseUrl: sandbox.url,
      throughputPerSecond: RATE,
    });
    const templateId = await seedTemplate(app.pool, tenantId, numberId, { name: 'spring_sale' });
    const contacts: string[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      contacts.push(
        await seedContact(app.pool, tenantId, { waId: `4479${String(i).padStart(6, '0')}`, consent: true }),
      );
    }

    const databaseUrl = app.pool.options.connectionString as string;
    startWorkerProcess(databaseUrl);
    startWorkerProcess(databaseUrl);
    await queueTemplate(app.pool, tenantId, numberId, { id: templateId, name: 'spring_sale' }, contacts);

    const readCount = async () => {
      const { rows } = await app.pool.query(
        "select count(*) filter (where status = 'read')::int as read, count(*)::int as total from message where tenant_id = $1",
        [tenantId],
      );
      return rows[0].read as number;
    };
    await until(async () => (await readCount()) === MESSAGES, 30_000, 'every message to be read');

    const sent = (await sandbox.control('GET', `/messages?phone_number_id=${made.phone_number_id}&limit=1000`))
      .body as {
      to: string;
      timestamp: string;
      status: string;
      error_code?: number;
    }[];
    expect(sent).toHaveLength(MESSAGES);
    expect(new Set(sent.map((message) => message.to)).size).toBe(MESSAGES);
    expect(sent.filter((message) => message.error_code !== undefined)).toEqual([]);
    // A burst of one second, then RATE a second: had both processes driven the lane, it would take half as long.
    const times = sent.map((message) => Date.parse(message.timestamp)).sort((a, b) => a - b);
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThanOrEqual(
      ((MESSAGES - RATE) / RATE) * 1000 - 300,
    );

    const { rows } = await app.pool.query(
      `select count(*)::int as n from message
        where tenant_id = $1 and meta_message_id is not null and sent_at is not null and delivered_at is not null and read_at is not null`,
      [tenantId],
    );
    expect(rows[0].n).toBe(MESSAGES);
  });
});
