import type { TokenPair } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  csvOf,
  progressUntilFinished,
  rowOf,
  type SandboxNumber,
  useImportWorld,
} from '../../modules/number-import/test-support.js';
import { ok } from '../../modules/numbers/test-support.js';

const world = useImportWorld({ worker: true });
const t = world.app;
let owner: TokenPair;
beforeAll(async () => {
  owner = await t.registerOperator('subscriber');
});

/** The sandbox's answer to `/{waba-id}/subscribed_apps`, called with the number's token. */
async function subscribedApps(number: SandboxNumber, method = 'GET') {
  const response = await fetch(`${world.sandbox().url}/v23.0/${number.waba_id}/subscribed_apps`, {
    method,
    headers: { authorization: `Bearer ${number.access_token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

const subscribedAt = async (wabaId: string) =>
  (await t.pool.query('select webhooks_subscribed_at from wa_business_account where waba_id = $1', [wabaId])).rows[0]
    ?.webhooks_subscribed_at as Date | null | undefined;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function listed(numberId?: string) {
  const page = await ok(t, '/api/agent/list', owner.access_token, { page: 1, pageSize: 50 });
  return page.records.find((record: { phone_number_id: string }) => record.phone_number_id === numberId);
}

describe("the app's subscription to a WABA's webhooks", () => {
  let imported: SandboxNumber;

  it('is made when an import first connects the WABA: in the sandbox, in the database and on the number', async () => {
    imported = await world.newSandboxNumber();
    expect((await subscribedApps(imported)).data).toEqual([]);
    const reply = await world.upload(owner.access_token, csvOf([rowOf(imported)]), 'numbers.csv', {
      target: 'sandbox',
    });
    expect(reply.status).toBe(200);
    expect(await progressUntilFinished(t, owner.access_token, reply.body.data.import_id)).toMatchObject({
      imported: 1,
    });

    expect(await until(() => subscribedAt(imported.waba_id), Boolean)).toBeInstanceOf(Date);
    expect((await subscribedApps(imported)).data).toEqual([
      { whatsapp_business_api_data: expect.objectContaining({ id: expect.any(String), name: expect.any(String) }) },
    ]);
    expect(await listed(imported.phone_number_id)).toMatchObject({ webhooks_subscribed: true });
  });

  it('is checked by the channel check, which subscribes again when it went missing and says so', async () => {
    const record = await listed(imported.phone_number_id);
    expect((await subscribedApps(imported, 'DELETE')).success).toBe(true);

    const first = await ok(t, '/api/agent/checkchanel', owner.access_token, { ids: [record.id] });
    expect(first.results).toEqual([expect.objectContaining({ ok: true, webhooks: 'resubscribed' })]);
    expect((await subscribedApps(imported)).data).toHaveLength(1);

    const second = await ok(t, '/api/agent/checkchanel', owner.access_token, { ids: [record.id] });
    expect(second.results).toEqual([expect.objectContaining({ ok: true, webhooks: 'subscribed' })]);
  });

  it('shows a WABA never subscribed by the product as such until the channel check records it', async () => {
    const number = await world.newSandboxNumber();
    const reply = await world.upload(owner.access_token, csvOf([rowOf(number)]), 'more.csv', { target: 'sandbox' });
    await progressUntilFinished(t, owner.access_token, reply.body.data.import_id);
    await until(() => subscribedAt(number.waba_id), Boolean);
    // As a WABA connected before subscriptions were recorded.
    await t.pool.query('update wa_business_account set webhooks_subscribed_at = null where waba_id = $1', [
      number.waba_id,
    ]);
    const record = await listed(number.phone_number_id);
    expect(record).toMatchObject({ webhooks_subscribed: false });

    const checked = await ok(t, '/api/agent/checkchanel', owner.access_token, { ids: [record.id] });
    expect(checked.results).toEqual([expect.objectContaining({ webhooks: 'subscribed' })]);
    expect(await listed(number.phone_number_id)).toMatchObject({ webhooks_subscribed: true });
  });
});
