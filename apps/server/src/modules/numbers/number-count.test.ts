import { LIST_COUNT_CAP } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { seedNumber } from '../../test/whatsapp-fixtures.js';

/** agent/list counts matches only up to the cap, so a broad filter over 100k numbers stays quick. */
const t = useTestApp();
let token: string;
const MANY = LIST_COUNT_CAP + 5;

beforeAll(async () => {
  const operator = await t.registerOperator();
  token = operator.access_token;
  const tenantId = operator.user_info.tenant_id;
  await seedNumber(t.pool, t.context.whatsapp, tenantId, { phone: '15550000000' });
  // The rest share the first number's WABA; their tokens are never used.
  await t.pool.query(
    `insert into wa_number (tenant_id, waba_ref, phone, phone_number_id, access_token_encrypted, api_base_url, standby)
     select n.tenant_id, n.waba_ref, '1555' || lpad(i::text, 7, '0'), 'pn-count-' || i, n.access_token_encrypted,
            n.api_base_url, i % 1000 = 0
       from wa_number n, generate_series(1, $2::int - 1) i where n.tenant_id = $1`,
    [tenantId, MANY],
  );
});

describe('POST /api/agent/list totals', () => {
  it('stops counting past the cap and says so', async () => {
    const reply = await t.post('/api/agent/list', { token, body: { page: 1, pageSize: 10 } });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ total: LIST_COUNT_CAP + 1, total_capped: true });
    expect(reply.body.data.records).toHaveLength(10);
  });

  it('counts exactly below the cap', async () => {
    const reply = await t.post('/api/agent/list', { token, body: { standby: true } });
    expect(reply.body.data).toMatchObject({ total: Math.floor((MANY - 1) / 1000), total_capped: false });
  });

  it('counts at least to the end of a deep page', async () => {
    const page = Math.ceil((LIST_COUNT_CAP + 1) / 200);
    const reply = await t.post('/api/agent/list', { token, body: { page, pageSize: 200 } });
    expect(reply.body.data).toMatchObject({ total: MANY, total_capped: false });
    expect(reply.body.data.records).toHaveLength(MANY - (page - 1) * 200);
  });
});
