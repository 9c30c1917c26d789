import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { addNumber, addTag, signedInUser, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';
import { addIp, ok } from './test-support.js';

const t = useTestApp();
const { a, b, seat } = useTenants(t);
let ownerId: string;
let tagId: string;
let ipId: string;
const numbers: Record<'plain' | 'busy' | 'spare', string> = { plain: '', busy: '', spare: '' };

beforeAll(async () => {
  ownerId = (await signedInUser(t, a.tenantId, 'operator')).userId;
  tagId = await addTag(t, a.tenantId, 'VIP', 'number');
  ipId = await addIp(t, a.tenantId);
  numbers.plain = await addNumber(t, a.tenantId, { phone: '+1 555 0100', qualityRating: 'GREEN' });
  numbers.busy = await addNumber(t, a.tenantId, {
    phone: '+1 555 0199',
    qualityRating: 'RED',
    verifiedName: 'Verdant Home',
    ownerUserId: ownerId,
  });
  numbers.spare = await addNumber(t, a.tenantId, { phone: '+44 20 7946 0000', qualityRating: 'YELLOW' });
  await t.pool.query(
    `update wa_number set paused_at = now(), pause_reason = 'quality_red', egress_ip_id = $2, status = 'FLAGGED'
      where id = $1`,
    [numbers.busy, ipId],
  );
  await t.pool.query('update wa_number set standby = true where id = $1', [numbers.spare]);
  await t.pool.query('insert into number_tag (tenant_id, number_id, tag_id) values ($1, $2, $3)', [
    a.tenantId,
    numbers.busy,
    tagId,
  ]);
  await t.pool.query(
    `insert into number_daily_count (tenant_id, number_id, day, sent, received)
     values ($1, $2, (now() at time zone 'UTC')::date, 7, 3), ($1, $2, (now() at time zone 'UTC')::date - 1, 100, 100)`,
    [a.tenantId, numbers.busy],
  );
  for (const waId of ['15550001', '15550002']) await seedContact(t.pool, a.tenantId, { waId, numberId: numbers.busy });
  // Another tenant's number with the same look, which must never show.
  await addNumber(t, b.tenantId, { phone: '+1 555 0101' });
});

const list = (token: string, body: unknown) => ok(t, '/api/agent/list', token, body);
const ids = (page: { records: { id: string }[] }) => page.records.map((record) => record.id);

describe('POST /api/agent/list', () => {
  it('pages live numbers newest first with everything the screen shows', async () => {
    const page = await list(a.token, { page: 1, pageSize: 10 });
    expect(page).toMatchObject({ total: 3, size: 10, current: 1, pages: 1 });
    expect(ids(page)).toEqual([numbers.spare, numbers.busy, numbers.plain]);
    const busy = page.records[1];
    expect(busy).toMatchObject({
      id: numbers.busy,
      phone: '+1 555 0199',
      verified_name: 'Verdant Home',
      status: 'FLAGGED',
      quality_rating: 'RED',
      throughput_per_second: 80,
      owner: { id: ownerId, nickname: 'operator user' },
      tags: [{ id: tagId, name: 'VIP', color: '#296EFF' }],
      egress_ip: { id: ipId, scope: 'own' },
      standby: false,
      paused: true,
      pause_reason: 'quality_red',
      sent_today: 7,
      received_today: 3,
      contacts: 2,
      checked_at: null,
      check_error: null,
    });
    expect(busy.egress_ip.label).toMatch(/^10\.0\.\d+\.\d+:3128$/);
    expect(busy.phone_number_id).toMatch(/^pn/);
    expect(busy.waba_id).toMatch(/^waba/);
    expect(busy.created_at).toBe(`${new Date(busy.created_at).toISOString().slice(0, -1)}000Z`);
    expect(page.records[2]).toMatchObject({ owner: null, tags: [], egress_ip: null, sent_today: 0, contacts: 0 });
  });

  it('shows numbers in service or standby apart', async () => {
    expect(ids(await list(a.token, { standby: false }))).toEqual([numbers.busy, numbers.plain]);
    expect(ids(await list(a.token, { standby: true }))).toEqual([numbers.spare]);
  });

  it('filters by each field', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ phone: '0199' }, [numbers.busy]],
      [{ phone: '555 01' }, [numbers.busy, numbers.plain]],
      [{ phone: '%' }, []],
      [{ phone: '  ' }, [numbers.spare, numbers.busy, numbers.plain]],
      [{ phone: null, tagId: null, paused: null, quality: null }, [numbers.spare, numbers.busy, numbers.plain]],
      [{ status: 'flagged' }, [numbers.busy]],
      [{ quality: 'YELLOW' }, [numbers.spare]],
      [{ tagId }, [numbers.busy]],
      [{ ownerUserId: ownerId }, [numbers.busy]],
      [{ ipId }, [numbers.busy]],
      [{ paused: true }, [numbers.busy]],
      [{ paused: false }, [numbers.spare, numbers.plain]],
      [{ quality: 'RED', paused: true, tagId }, [numbers.busy]],
    ];
    for (const [filters, expected] of cases) {
      const page = await list(a.token, { filters });
      expect(ids(page), JSON.stringify(filters)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
  });

  it('keeps the total on a page past the end', async () => {
    const page = await list(a.token, { page: 2, pageSize: 10 });
    expect(page).toMatchObject({ total: 3, current: 2, pages: 1, records: [] });
    const small = await list(a.token, { page: 1, pageSize: 10, filters: { quality: 'GREEN' } });
    expect(small.total).toBe(1);
  });

  it('names the field of bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 20 }, 'pageSize'],
      [{ page: 0 }, 'page'],
      [{ standby: 'yes' }, 'standby'],
      [{ filters: { quality: 'BLUE' } }, 'filters.quality'],
      [{ filters: { tagId: 'x' } }, 'filters.tagId'],
      [{ filters: { ownerUserId: '-1' } }, 'filters.ownerUserId'],
      [{ filters: { ipId: 1 } }, 'filters.ipId'],
      [{ filters: { paused: 'no' } }, 'filters.paused'],
      [{ filters: { phone: 'x'.repeat(33) } }, 'filters.phone'],
      [{ filters: 'all' }, 'filters'],
    ];
    await expectBadInput((body) => t.post('/api/agent/list', { token: a.token, body }), cases);
  });

  it('is for signed-in admins and operators, not seats', async () => {
    expect((await t.post('/api/agent/list', { body: {} })).status).toBe(401);
    const bySeat = await t.post('/api/agent/list', { token: seat.token, body: {} });
    expect(bySeat.status).toBe(403);
  });

  it("never lists another tenant's numbers, whatever the filters name", async () => {
    const page = await list(b.token, {});
    expect(page.total).toBe(1);
    expect(ids(page)).not.toContain(numbers.busy);
    for (const filters of [{ tagId }, { ownerUserId: ownerId }, { ipId }, { phone: '0199' }]) {
      expect((await list(b.token, { filters })).total).toBe(0);
    }
  });
});

describe('POST /api/agent/owners', () => {
  it("lists the tenant's admins and operators, not seats nor other tenants' users", async () => {
    const owners: { id: string }[] = await ok(t, '/api/agent/owners', a.token, {});
    expect(owners.map((owner) => owner.id).sort()).toEqual([a.userId, ownerId].sort());
    expect((await t.post('/api/agent/owners', { body: {} })).status).toBe(401);
    expect((await t.post('/api/agent/owners', { token: seat.token, body: {} })).status).toBe(403);
  });
});
