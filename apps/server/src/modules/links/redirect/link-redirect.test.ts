/**
 * `GET /l/{slug}` through HTTP against the database: the answers for phones, desktops, bots and
 * unknown slugs; the destination is always a listed number; paused numbers, met aims and closed
 * hours are skipped; a sticky link keeps a returning visitor's number; the click log is written in
 * batches; and the lean path answers the same over a real socket.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNumber, useTenants } from '../../../test/tenants.js';
import { useTestApp } from '../../../test/test-app.js';
import { LinkRedirect } from './link-visit.js';

const t = useTestApp();
const { a } = useTenants(t, 'linkvisit');
let numbers: string[];
let phones: Map<string, string>;

const MOBILE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

beforeAll(async () => {
  numbers = [];
  for (let i = 0; i < 3; i += 1) numbers.push(await addNumber(t, a.tenantId));
  const { rows } = await t.pool.query<{ id: string; phone: string }>(
    'select id::text, phone from wa_number where id = any($1::bigint[])',
    [numbers],
  );
  phones = new Map(rows.map((row) => [row.phone.replace(/\D/g, ''), row.id]));
});

async function addLink(body: Record<string, unknown>) {
  const reply = await t.post('/api/link/add', { token: a.token, body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data as { id: string; slug: string; path: string };
}

const visit = (path: string, userAgent = MOBILE, headers: Record<string, string> = {}) =>
  t.get(path, { headers: { 'user-agent': userAgent, ...headers } });

/** The number id a 302 sent the visitor to, and the text it carries. */
function destination(location: unknown): { numberId: string | undefined; text: string } {
  const url = new URL(String(location));
  expect(url.origin).toBe('https://wa.me');
  return { numberId: phones.get(url.pathname.slice(1)), text: url.searchParams.get('text') ?? '' };
}

async function setTime(zone: string) {
  await t.pool.query('update tenant set time_zone = $2 where id = $1', [a.tenantId, zone]);
}

describe('GET /l/{slug}', () => {
  it('sends a phone to wa.me with the message and a reference token, by the rule, whatever the query says', async () => {
    const link = await addLink({
      name: 'Phones',
      message: 'Hi! I want the offer',
      targets: numbers.map((numberId) => ({ numberId })),
    });
    const seen: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await visit(`${link.path}?number=${numbers[0]}&to=15550000000&text=evil`);
      expect(reply.status).toBe(302);
      expect(reply.headers['cache-control']).toBe('no-store');
      const { numberId, text } = destination(reply.headers.location);
      expect(text).toMatch(/^Hi! I want the offer\n\n#ref:[a-z2-7]{8}$/);
      seen.push(numberId as string);
    }
    expect(seen).toEqual([...numbers, ...numbers]);
    // The slug is read case-insensitively; a trailing slash is the same path.
    expect((await visit(`/l/${link.slug.toUpperCase()}/`)).status).toBe(302);
  });

  it('gives desktops a bridge page with the QR code and the same kind of link, and bots a preview page', async () => {
    const link = await addLink({ name: 'Bridge <b>', targets: [{ numberId: numbers[0] }] });
    const desktop = await visit(link.path, DESKTOP);
    expect(desktop.status).toBe(200);
    expect(desktop.headers['content-type']).toMatch(/text\/html/);
    const html = String(desktop.body);
    expect(html).toContain('<svg');
    expect(html).toContain('Bridge &#60;b&#62;');
    const href = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&');
    expect(destination(href).numberId).toBe(numbers[0]);

    for (const bot of ['facebookexternalhit/1.1', 'WhatsApp/2.23.20.0', 'Googlebot/2.1', '']) {
      const reply = await visit(link.path, bot);
      expect(reply.status, bot).toBe(200);
      expect(reply.headers.location, bot).toBeUndefined();
      expect(String(reply.body)).toContain('og:title');
      expect(String(reply.body)).not.toContain('wa.me');
    }
    await t.app.linkRedirect.flush();
    const { rows } = await t.pool.query(
      'select bot, agent_class, target_id from link_click where link_id = $1 order by id',
      [link.id],
    );
    expect(rows.map((row) => [row.bot, row.agent_class, row.target_id !== null])).toEqual([
      [false, 'desktop', true],
      [true, 'bot', false],
      [true, 'bot', false],
      [true, 'bot', false],
      [true, 'bot', false],
    ]);
  });

  it('answers a HEAD without a click or a pick', async () => {
    const link = await addLink({ name: 'Head', targets: [{ numberId: numbers[0] }] });
    const head = await t.app.inject({ method: 'HEAD', url: link.path, headers: { 'user-agent': MOBILE } });
    expect(head.statusCode).toBe(200);
    expect(head.headers.location).toBeUndefined();
    expect((await t.app.inject({ method: 'HEAD', url: '/l/no-such-link' })).statusCode).toBe(404);
    await t.app.linkRedirect.flush();
    const { rows } = await t.pool.query('select count(*)::int as n from link_click where link_id = $1', [link.id]);
    expect(rows[0].n).toBe(0);
  });

  it('answers an unknown, malformed or disabled slug with a 404 page, never a 500', async () => {
    for (const path of ['/l/no-such-link', '/l/x', '/l/%E4%B8%AD%E6%96%87', '/l/a..b', `/l/${'a'.repeat(80)}`]) {
      const reply = await visit(path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type'], path).toMatch(/text\/html/);
    }
    const link = await addLink({ name: 'Off', targets: [{ numberId: numbers[0] }] });
    await t.post('/api/link/edit', { token: a.token, body: { id: link.id, enabled: false } });
    expect((await visit(link.path)).status).toBe(404);
    const zh = await visit('/l/no-such-link', MOBILE, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(String(zh.body)).toContain('链接不存在');
  });

  it('skips a paused number and a target past its daily aim; with none open the visitor gets a 503 page', async () => {
    const link = await addLink({
      name: 'Skips',
      rule: 'weight',
      targets: [{ numberId: numbers[0] }, { numberId: numbers[1], dailyAim: 2 }, { numberId: numbers[2] }],
    });
    await t.pool.query("update wa_number set paused_at = now(), pause_reason = 'quality' where id = $1", [numbers[2]]);
    try {
      // The change is seen when the cached state is read again (here: at once, as an edit in this process forgets it).
      t.app.linkRedirect.cache.forget([link.slug]);
      const seen: string[] = [];
      for (let i = 0; i < 6; i += 1)
        seen.push(destination((await visit(link.path)).headers.location).numberId as string);
      expect(seen.filter((id) => id === numbers[1])).toHaveLength(2);
      expect(seen).not.toContain(numbers[2]);
      await t.pool.query("update wa_number set status = 'DISCONNECTED' where id = $1", [numbers[0]]);
      t.app.linkRedirect.cache.forget([link.slug]);
      const none = await visit(link.path);
      expect(none.status).toBe(503);
      expect(String(none.body)).toContain('Nobody is available');
    } finally {
      await t.pool.query(
        "update wa_number set paused_at = null, pause_reason = null, status = 'CONNECTED' where id = any($1::bigint[])",
        [numbers],
      );
    }
    await t.app.linkRedirect.flush();
    const { rows } = await t.pool.query<{ choice: string; n: number }>(
      'select choice, count(*)::int as n from link_click where link_id = $1 group by choice order by choice',
      [link.id],
    );
    expect(rows).toEqual([
      { choice: 'none', n: 1 },
      { choice: 'weight', n: 6 },
    ]);
  });

  it('skips a number rated RED even once an operator resumed it', async () => {
    const link = await addLink({
      name: 'Red',
      rule: 'round_robin',
      targets: [{ numberId: numbers[0] }, { numberId: numbers[1] }],
    });
    const { rows } = await t.pool.query('select quality_rating from wa_number where id = $1', [numbers[0]]);
    await t.pool.query("update wa_number set quality_rating = 'RED', paused_at = null where id = $1", [numbers[0]]);
    try {
      t.app.linkRedirect.cache.forget([link.slug]);
      for (let i = 0; i < 3; i += 1)
        expect(destination((await visit(link.path)).headers.location).numberId).toBe(numbers[1]);
    } finally {
      await t.pool.query('update wa_number set quality_rating = $2 where id = $1', [
        numbers[0],
        rows[0].quality_rating,
      ]);
    }
  });

  it('remaining aim sends each visitor to the target furthest from its daily aim, then none past every aim', async () => {
    const link = await addLink({
      name: 'Aims',
      rule: 'remaining_aim',
      targets: [
        { numberId: numbers[0], dailyAim: 3 },
        { numberId: numbers[1], dailyAim: 1 },
      ],
    });
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) seen.push(destination((await visit(link.path)).headers.location).numberId as string);
    // 3 and 1 left: numbers[0] until both have 1 left, then in turn.
    expect(seen.slice(0, 2)).toEqual([numbers[0], numbers[0]]);
    expect(seen.filter((id) => id === numbers[0])).toHaveLength(3);
    expect((await visit(link.path)).status).toBe(503);
    await t.app.linkRedirect.flush();
    const after = await t.post('/api/link/list', { token: a.token, body: { filters: { search: 'Aims' } } });
    expect(
      after.body.data.records[0].targets.map((x: { state: string; today_clicks: number }) => [x.state, x.today_clicks]),
    ).toEqual([
      ['aim_reached', 3],
      ['aim_reached', 1],
    ]);
  });

  it("keeps working hours in the tenant's time zone", async () => {
    // A window that is open now in UTC+14 and closed in UTC-12 (the same instant is a day apart there).
    const hour = (zoneOffset: number) => (new Date().getUTCHours() + zoneOffset + 48) % 24;
    const window = (h: number) => ({
      windowStart: `${String(h).padStart(2, '0')}:00`,
      windowEnd: `${String((h + 1) % 24).padStart(2, '0')}:00`,
    });
    const link = await addLink({ name: 'Hours', targets: [{ numberId: numbers[0], ...window(hour(14)) }] });
    try {
      await setTime('Pacific/Kiritimati');
      t.app.linkRedirect.cache.forget([link.slug]);
      expect((await visit(link.path)).status).toBe(302);
      await setTime('Etc/GMT+12');
      t.app.linkRedirect.cache.forget([link.slug]);
      expect((await visit(link.path)).status).toBe(503);
    } finally {
      await setTime('Asia/Shanghai');
    }
  });

  it('a sticky link keeps a returning visitor on their number (by its cookie), only among its own targets', async () => {
    const link = await addLink({
      name: 'Sticky',
      sticky: true,
      targets: [{ numberId: numbers[0] }, { numberId: numbers[1] }],
    });
    const first = await visit(link.path);
    const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
    expect(cookie).toMatch(new RegExp(`^wsl_${link.id}=\\d+$`));
    const kept = destination(first.headers.location).numberId;
    for (let i = 0; i < 3; i += 1) {
      expect(destination((await visit(link.path, MOBILE, { cookie })).headers.location).numberId).toBe(kept);
    }
    const forged = await visit(link.path, MOBILE, { cookie: `wsl_${link.id}=1` });
    expect([numbers[0], numbers[1]]).toContain(destination(forged.headers.location).numberId);
  });

  it('writes the click log in batches: many visits, few statements, and the roll-up agrees', async () => {
    const link = await addLink({ name: 'Batched', targets: [{ numberId: numbers[0] }, { numberId: numbers[1] }] });
    await t.app.linkRedirect.flush();
    const before = t.app.linkRedirect.clicks.written;
    await Promise.all(Array.from({ length: 50 }, () => visit(link.path)));
    await t.app.linkRedirect.flush();
    expect(t.app.linkRedirect.clicks.written - before).toBe(50);
    const { rows } = await t.pool.query<{ target_id: string; human_clicks: number }>(
      'select target_id::text, human_clicks from link_day where link_id = $1 order by target_id',
      [link.id],
    );
    expect(rows.map((row) => row.human_clicks)).toEqual([25, 25]);
  });
});

describe('the link cache', () => {
  it('reads the link again when its state expires, keeping the rotation and seeing a paused number', async () => {
    const link = await addLink({ name: 'Reread', targets: numbers.map((numberId) => ({ numberId })) });
    // Expired at once: every visit reads the link again.
    const redirect = new LinkRedirect(t.pool, pino({ level: 'silent' }), { ttlMs: 0, clicks: { intervalMs: 60_000 } });
    const go = async () => {
      const answer = await redirect.visit({
        slug: link.slug,
        query: '',
        headers: { 'user-agent': MOBILE },
        address: '198.51.100.7',
      });
      return destination(answer.headers.location).numberId;
    };
    try {
      expect([await go(), await go(), await go(), await go()]).toEqual([...numbers, numbers[0]]);
      await t.pool.query("update wa_number set paused_at = now(), pause_reason = 'quality' where id = $1", [
        numbers[1],
      ]);
      const after = [await go(), await go(), await go(), await go()];
      // The two left share the visits evenly; the paused one gets none.
      expect(after.filter((id) => id === numbers[0])).toHaveLength(2);
      expect(after.filter((id) => id === numbers[2])).toHaveLength(2);
    } finally {
      await t.pool.query('update wa_number set paused_at = null, pause_reason = null where id = $1', [numbers[1]]);
      await redirect.close();
    }
  });
});

describe('the click buffer', () => {
  it('writes what it holds when the redirect closes (a clean shutdown), not before its interval', async () => {
    const link = await addLink({ name: 'Closing', targets: [{ numberId: numbers[0] }] });
    const redirect = new LinkRedirect(t.pool, pino({ level: 'silent' }), { clicks: { intervalMs: 60_000 } });
    const headers = { 'user-agent': MOBILE };
    for (let i = 0; i < 3; i += 1) {
      const answer = await redirect.visit({ slug: link.slug, query: '', headers, address: '203.0.113.9' });
      expect(answer.status).toBe(302);
    }
    const logged = async () =>
      (await t.pool.query('select count(*)::int as n from link_click where link_id = $1', [link.id])).rows[0].n;
    expect(await logged()).toBe(0);
    await redirect.close();
    expect(await logged()).toBe(3);
  });

  it('drops clicks past its bound instead of holding the visit, and counts them', async () => {
    const link = await addLink({ name: 'Bounded', targets: [{ numberId: numbers[0] }] });
    const redirect = new LinkRedirect(t.pool, pino({ level: 'silent' }), {
      clicks: { intervalMs: 60_000, maxPending: 2 },
    });
    for (let i = 0; i < 5; i += 1) {
      const answer = await redirect.visit({
        slug: link.slug,
        query: '',
        headers: { 'user-agent': MOBILE },
        address: '203.0.113.9',
      });
      expect(answer.status).toBe(302);
    }
    expect(redirect.clicks.dropped).toBe(3);
    await redirect.close();
    expect(redirect.clicks.written).toBe(2);
  });
});

describe('the lean path over a socket', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => undefined);

  it('answers /l/ as the route does, and leaves every other path to Fastify', async () => {
    const link = await addLink({ name: 'Socket', message: '你好', targets: [{ numberId: numbers[0] }] });
    const reply = await fetch(`${base}${link.path}?utm_source=qr`, {
      redirect: 'manual',
      headers: { 'user-agent': MOBILE },
    });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('x-request-id')).toBeNull();
    expect(destination(reply.headers.get('location')).text).toMatch(/^你好\n\n#ref:/);
    expect((await fetch(`${base}/l/nope-nope`, { headers: { 'user-agent': MOBILE } })).status).toBe(404);
    const healthz = await fetch(`${base}/healthz`);
    expect(healthz.status).toBe(200);
    expect(healthz.headers.get('x-request-id')).not.toBeNull();
    await t.app.linkRedirect.flush();
    const { rows } = await t.pool.query('select utm, address_hash from link_click where link_id = $1', [link.id]);
    expect(rows).toEqual([{ utm: { utm_source: 'qr' }, address_hash: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
  });
});
