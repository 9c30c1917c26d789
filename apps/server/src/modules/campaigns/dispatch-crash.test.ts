import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant } from '../../test/whatsapp-fixtures.js';
import { enqueueDispatch } from './dispatch-job.js';
import {
  consentingContacts,
  sandboxForApp,
  sandboxSenders,
  sandboxSends,
  seedRunningCampaign,
  until,
} from './test-support.js';

const MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const RECIPIENTS = 600;
const KILL_AT = [100, 250, 400];

// The api in this process (it takes the status webhooks); the worker runs in a child process.
const app = useTestApp();
let sandbox: RunningSandbox;
let worker: ChildProcess | undefined;

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [MAIN, '--role=worker'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: app.pool.options.connectionString as string,
      DATA_DIR: app.context.config.dataDir,
      SANDBOX: 'off',
      DEMO: 'off',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('apps/server/dist/main.js is missing: run `npx tsc -b` first');
  sandbox = await sandboxForApp(app);
});

afterAll(async () => {
  if (worker && worker.exitCode === null) await kill(worker, 'SIGTERM');
  await sandbox?.stop();
});

describe('a campaign whose worker is killed three times', () => {
  it('sends nobody twice and leaves every recipient with a final state', async () => {
    const tenantId = await createTenant(app.pool);
    const world = await sandboxSenders(app, sandbox, tenantId, 2, 40);
    const phoneNumberIds = world.numbers.map((number) => number.phoneNumberId);
    const contacts = await consentingContacts(app.pool, tenantId, RECIPIENTS);
    const campaignId = await seedRunningCampaign(app.pool, tenantId, {
      numberIds: world.numbers.map((number) => number.numberId),
      templateId: world.templateId,
      contactIds: contacts,
    });
    await enqueueDispatch(app.pool, tenantId, campaignId);

    worker = startWorker();
    for (const sends of KILL_AT) {
      await until(async () => (await sandboxSends(sandbox, phoneNumberIds)).length >= sends, `${sends} sends`, 180_000);
      await kill(worker, 'SIGKILL');
      worker = startWorker();
    }
    await until(
      async () =>
        (await app.pool.query('select status from campaign where id = $1', [campaignId])).rows[0].status ===
        'completed',
      'the campaign to complete after the kills',
      300_000,
    );
    // Status webhooks settle what was in flight: wait for the recipients to stop moving.
    await until(
      async () => {
        const { rows } = await app.pool.query(
          'select count(*)::int as n from campaign_recipient where campaign_id = $1 and state in (0, 1, 2)',
          [campaignId],
        );
        return rows[0].n === 0;
      },
      'every accepted message to be sent',
      60_000,
    );

    const sends = await sandboxSends(sandbox, phoneNumberIds);
    const perRecipient = new Map<string, number>();
    for (const send of sends) perRecipient.set(send.to, (perRecipient.get(send.to) ?? 0) + 1);
    expect([...perRecipient.entries()].filter(([, n]) => n > 1)).toEqual([]);

    const { rows: states } = await app.pool.query(
      'select state, error_title, count(*)::int as n from campaign_recipient where campaign_id = $1 group by 1, 2 order by 1',
      [campaignId],
    );
    // Delivered or read; a send in flight at a kill is unknown until its status webhook settles it
    // (by its callback data), never resent.
    for (const row of states) expect([4, 5, 9]).toContain(row.state);
    expect(states.reduce((sum, row) => sum + row.n, 0)).toBe(RECIPIENTS);
    const reached = states.filter((row) => row.state === 4 || row.state === 5).reduce((sum, row) => sum + row.n, 0);
    expect(sends.length).toBeGreaterThanOrEqual(reached);
    expect(sends.length).toBeLessThanOrEqual(RECIPIENTS);
    // One message per recipient in the product too, and the roll-up equals the rows.
    const { rows: messages } = await app.pool.query(
      'select count(*)::int as n, count(distinct contact_id)::int as contacts from message where tenant_id = $1 and campaign_id = $2',
      [tenantId, campaignId],
    );
    expect(messages[0]).toEqual({ n: RECIPIENTS, contacts: RECIPIENTS });
    const { rows: tally } = await app.pool.query(
      `select state, sum(n)::int as n from campaign_tally_live where campaign_id = $1 group by state having sum(n) <> 0 order by state`,
      [campaignId],
    );
    const byState = new Map<number, number>();
    for (const row of states) byState.set(row.state, (byState.get(row.state) ?? 0) + row.n);
    expect(tally.map((row) => [row.state, row.n])).toEqual([...byState.entries()]);
  }, 540_000);
});
