/**
 * The `link/*` calls through HTTP: creating, listing, editing and deleting links, their targets,
 * validation naming the field, tenants and seats apart, and the counts and click log the owner
 * reads after visits of `/l/{slug}`.
 */
import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { createLink } from './create-link.js';

const t = useTestApp();
const tenants = useTenants(t, 'links');
const { a, b } = tenants;
let numbers: string[];
let strangerNumber: string;

beforeAll(async () => {
  numbers = [await addNumber(t, a.tenantId), await addNumber(t, a.tenantId), await addNumber(t, a.tenantId)];
  strangerNumber = await addNumber(t, b.tenantId);
});

const post = (path: string, body: unknown, token = a.token, headers: Record<string, string> = {}) =>
  t.post(path, { token, body, headers });

async function addLink(body: Record<string, unknown>, token = a.token) {
  const reply = await post('/api/link/add', body, token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}

const MOBILE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('link/add', () => {
  it('creates a link with its targets, a generated slug and its public path', async () => {
    const link = await addLink({
      name: '  Spring sale ',
      message: 'Hi, I saw the spring sale',
      rule: 'weight',
      targets: [
        { numberId: numbers[0], weight: 3, dailyAim: 50, windowStart: '09:00', windowEnd: '18:00' },
        { numberId: numbers[1] },
      ],
    });
    expect(link).toMatchObject({
      name: 'Spring sale',
      message: 'Hi, I saw the spring sale',
      rule: 'weight',
      sticky: false,
      enabled: true,
      order_share_id: null,
      time_zone: 'Asia/Shanghai',
      human_clicks: 0,
      bot_clicks: 0,
      conversations: 0,
    });
    expect(link.slug).toMatch(/^[a-z0-9]{7}$/);
    expect(link.path).toBe(`/l/${link.slug}`);
    expect(link.targets).toMatchObject([
      { number_id: numbers[0], weight: 3, daily_aim: 50, window_start: '09:00', window_end: '18:00', today_clicks: 0 },
      { number_id: numbers[1], weight: 1, daily_aim: 0, window_start: null, window_end: null },
    ]);
    const { rows } = await t.pool.query('select target from operation_log where action = $1', ['link.add']);
    expect(rows.at(-1).target).toContain(`/l/${link.slug}`);
  });

  it('keeps a given slug (lower-cased), and refuses one in use with a 409 naming it', async () => {
    const link = await addLink({ slug: 'Promo-2026', name: 'Promo' });
    expect(link.slug).toBe('promo-2026');
    const again = await post('/api/link/add', { slug: 'promo-2026', name: 'Other' }, b.token, {
      'accept-language': 'en',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('slug: this link address is already in use');
  });

  it('refuses strangers and names the field of bad input', async () => {
    await refusesStrangers(t, tenants, calls.linkAdd, {
      valid: () => ({ name: 'x' }),
      bad: [
        [{}, 'name'],
        [{ name: ' ' }, 'name'],
        [{ name: 'x', slug: 'a b' }, 'slug'],
        [{ name: 'x', slug: 'ab' }, 'slug'],
        [{ name: 'x', slug: '-abc' }, 'slug'],
        [{ name: 'x', rule: 'random' }, 'rule'],
        [{ name: 'x', message: 'm'.repeat(501) }, 'message'],
        [{ name: 'x', targets: [{ numberId: numbers[0], weight: 0 }] }, 'targets.0.weight'],
        [{ name: 'x', targets: [{ numberId: numbers[0], dailyAim: -1 }] }, 'targets.0.dailyAim'],
        [
          { name: 'x', targets: [{ numberId: numbers[0], windowStart: '25:00', windowEnd: '10:00' }] },
          'targets.0.windowStart',
        ],
        [{ name: 'x', targets: [{ numberId: numbers[0], windowStart: '09:00' }] }, 'targets.0.windowEnd'],
        [
          { name: 'x', targets: [{ numberId: numbers[0], windowStart: '09:00', windowEnd: '09:00' }] },
          'targets.0.windowEnd',
        ],
        [{ name: 'x', targets: [{ numberId: numbers[0] }, { numberId: numbers[0] }] }, 'targets[1].numberId'],
      ],
    });
  });

  it("answers another tenant's number as a 404 naming the field, like an unknown one", async () => {
    for (const numberId of [strangerNumber, '999999999']) {
      const reply = await post('/api/link/add', { name: 'x', targets: [{ numberId: numbers[0] }, { numberId }] });
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('targets[1].numberId: 号码不存在');
    }
  });

  it('is callable by other modules with an owning order share', async () => {
    const scope = {
      tenantId: a.tenantId,
      userId: a.userId,
      role: 'operator' as const,
      acrossTenants: false,
      assignee: undefined,
    };
    const link = await createLink(
      t.pool,
      scope,
      {
        name: 'Share 1',
        message: '',
        rule: 'round_robin',
        sticky: false,
        targets: [{ numberId: numbers[2] as string, weight: 1, dailyAim: 0 }],
      },
      { orderShareId: '42' },
    );
    expect(link).toMatchObject({ order_share_id: '42', targets: [{ number_id: numbers[2] }] });
  });
});

describe('link/list, edit, addcus, delcus, dellink', () => {
  let id: string;
  beforeAll(async () => {
    id = (await addLink({ name: 'Editable', targets: [{ numberId: numbers[0] }] })).id;
  });

  it('lists the tenant’s links only, newest first, searchable by name or slug', async () => {
    const mine = await post('/api/link/list', { filters: { search: 'editable' } });
    expect(mine.body.data.records.map((l: { id: string }) => l.id)).toEqual([id]);
    const theirs = await post('/api/link/list', {}, b.token);
    expect(theirs.body.data.records.map((l: { id: string }) => l.id)).not.toContain(id);
    await refusesStrangers(t, tenants, calls.linkList, { valid: () => ({}), bad: [[{ pageSize: 7 }, 'pageSize']] });
  });

  it('edits settings and replaces the targets', async () => {
    const reply = await post('/api/link/edit', {
      id,
      name: 'Edited',
      rule: 'remaining_aim',
      sticky: true,
      targets: [{ numberId: numbers[1], dailyAim: 5 }, { numberId: numbers[2] }],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ name: 'Edited', rule: 'remaining_aim', sticky: true });
    expect(reply.body.data.targets.map((x: { number_id: string }) => x.number_id)).toEqual([numbers[1], numbers[2]]);
    const taken = await post('/api/link/edit', { id, slug: 'promo-2026' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('slug: 该链接地址已被使用');
    const renamed = await post('/api/link/edit', { id, slug: 'Edited-Link' });
    expect(renamed.body.data).toMatchObject({ slug: 'edited-link', path: '/l/edited-link' });
    await refusesStrangers(t, tenants, calls.linkEdit, {
      valid: () => ({ id }),
      bad: [
        [{ id, rule: 'x' }, 'rule'],
        [{ id: 'abc' }, 'id'],
      ],
    });
  });

  it('adds and removes one target', async () => {
    const added = await post('/api/link/addcus', { linkId: id, numberId: numbers[0], weight: 4 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.targets.at(-1)).toMatchObject({ number_id: numbers[0], weight: 4 });
    const removed = await post('/api/link/delcus', { linkId: id, numberId: numbers[0] });
    expect(removed.body.data.targets.map((x: { number_id: string }) => x.number_id)).toEqual([numbers[1], numbers[2]]);
    const again = await post('/api/link/delcus', { linkId: id, numberId: numbers[0] });
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/^numberId: /);
    const stranger = await post('/api/link/addcus', { linkId: id, numberId: strangerNumber });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toMatch(/numberId: 号码不存在$/);
    await refusesStrangers(t, tenants, calls.linkAddTarget, {
      valid: () => ({ linkId: id, numberId: numbers[0] }),
      bad: [[{ linkId: id, numberId: numbers[0], weight: 101 }, 'weight']],
    });
    await refusesStrangers(t, tenants, calls.linkRemoveTarget, { valid: () => ({ linkId: id, numberId: numbers[0] }) });
  });

  it("treats another tenant's link as not found in every call", async () => {
    for (const [path, body, field] of [
      ['/api/link/edit', { id, name: 'x' }, 'id'],
      ['/api/link/details', { id }, 'id'],
      ['/api/link/clicks', { linkId: id }, 'linkId'],
      ['/api/link/down', { id }, 'id'],
      ['/api/link/addcus', { linkId: id, numberId: strangerNumber }, 'linkId'],
      ['/api/link/delcus', { linkId: id, numberId: numbers[1] }, 'linkId'],
    ] as const) {
      const reply = await post(path, body, b.token);
      expect(reply.status, path).toBe(404);
      expect(reply.body.message, path).toBe(`${field}: 链接不存在`);
    }
    const del = await post('/api/link/dellink', { ids: [id] }, b.token);
    expect(del.status).toBe(404);
    expect(del.body.message).toBe('ids: 链接不存在');
  });

  it('deletes links: their path is a 404 page at once', async () => {
    const link = await addLink({ name: 'Short-lived', targets: [{ numberId: numbers[0] }] });
    expect((await t.get(link.path, { headers: { 'user-agent': MOBILE } })).status).toBe(302);
    const reply = await post('/api/link/dellink', { ids: [link.id, '999999'] });
    expect(reply.body.data).toEqual({ count: 1 });
    const gone = await t.get(link.path, { headers: { 'user-agent': MOBILE } });
    expect(gone.status).toBe(404);
    expect(gone.headers['content-type']).toMatch(/text\/html/);
    await refusesStrangers(t, tenants, calls.linkDel, {
      valid: () => ({ ids: [link.id] }),
      bad: [[{ ids: [] }, 'ids']],
      onlyStrangers: { body: () => ({ ids: [link.id] }), field: 'ids' },
    });
  });
});

describe('link/details, clicks, down', () => {
  it('counts human and bot clicks per target and day, and pages the click log', async () => {
    const link = await addLink({
      name: 'Counted',
      message: 'Hello',
      targets: [{ numberId: numbers[0] }, { numberId: numbers[1] }],
    });
    for (let i = 0; i < 4; i += 1) {
      const visit = await t.get(`${link.path}?utm_source=ads&utm_campaign=spring&numberId=${numbers[2]}`, {
        headers: { 'user-agent': MOBILE, referer: 'https://example.com/page' },
      });
      expect(visit.status).toBe(302);
    }
    expect((await t.get(link.path, { headers: { 'user-agent': 'facebookexternalhit/1.1' } })).status).toBe(200);
    await t.app.linkRedirect.flush();

    const details = await post('/api/link/details', { id: link.id, days: 7 });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const data = details.body.data;
    expect(data.totals).toEqual({ human_clicks: 4, bot_clicks: 1, conversations: 0, conversion_rate: 0 });
    expect(data.days).toHaveLength(7);
    expect(data.per_target).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number_id: numbers[0], human_clicks: 2 }),
        expect.objectContaining({ number_id: numbers[1], human_clicks: 2 }),
        expect.objectContaining({ target_id: null, bot_clicks: 1 }),
      ]),
    );
    expect(data.per_day.every((row: { day: string }) => row.day === data.days.at(-1))).toBe(true);
    expect(data.link).toMatchObject({ human_clicks: 4, bot_clicks: 1 });

    const log = await post('/api/link/clicks', { linkId: link.id, pageSize: 10 });
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.data).toMatchObject({ total: 5, total_capped: false });
    const [bot, ...humans] = log.body.data.records;
    expect(bot).toMatchObject({ bot: true, agent_class: 'bot', choice: 'none', target_id: null, ref: null });
    expect(humans[0]).toMatchObject({
      bot: false,
      agent_class: 'mobile',
      choice: 'round_robin',
      referrer: 'https://example.com/page',
      utm: { utm_source: 'ads', utm_campaign: 'spring' },
      conversation_id: null,
    });
    expect(humans[0].address_hash).toMatch(/^[0-9a-f]{16}$/);
    // The query named a third number: every visit still went to a listed target.
    expect(new Set(humans.map((c: { phone: string }) => c.phone)).size).toBe(2);
    const bots = await post('/api/link/clicks', { linkId: link.id, filters: { bot: true } });
    expect(bots.body.data.total).toBe(1);

    const csv = await post('/api/link/down', { id: link.id });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toContain(`link-${link.slug}-clicks-`);
    expect(String(csv.body).split('\r\n').filter(Boolean)).toHaveLength(6);
    const xlsx = await post('/api/link/down', { id: link.id, format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);

    await refusesStrangers(t, tenants, calls.linkDetails, {
      valid: () => ({ id: link.id }),
      bad: [[{ id: link.id, days: 91 }, 'days']],
    });
    await refusesStrangers(t, tenants, calls.linkDownload, {
      valid: () => ({ id: link.id }),
      bad: [[{ id: link.id, format: 'pdf' }, 'format']],
    });
    await refusesStrangers(t, tenants, calls.linkClicks, {
      valid: () => ({ linkId: link.id }),
      bad: [[{ linkId: link.id, filters: { bot: 'yes' } }, 'filters.bot']],
    });
  });
});
