/**
 * Intake through the shares' links, with the sandbox: visitors open a share's `/l/{slug}`, sandbox
 * customers write the pre-filled text to the number they were sent to, and the webhook drain turns
 * each new conversation a share's link brought into the order's intake record, once per order and
 * contact, counted toward the share's and the order's aims. Also the QR codes of the shares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { type SandboxNumber, seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { WEBHOOK_ENV } from '../../whatsapp/webhooks/test-support.js';
import { eventsSince, lastEventId, serve } from '../inbox/test-support.js';
import { orderOf, progressOf, recordsOf, rollUpAndCount, shareOf } from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const tenants = useTenants(t, 'orderlink');
const { a, b, seat } = tenants;
let sandbox: RunningSandbox;
const numbers: { numberId: string; made: SandboxNumber }[] = [];
let order: { id: string };
/** The number's share (number 0) and the seat's share (the seat serves number 1). */
let byNumber: { id: string; link: { path: string } };
let bySeat: { id: string; link: { path: string } };

const MOBILE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

beforeAll(async () => {
  sandbox = await startSandboxFor(t, { behaviour: quietBehaviour, delays: instantDelays });
  for (let i = 0; i < 2; i += 1) numbers.push(await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, a.tenantId));
  await serve(t, a, seat, [numbers[1]?.numberId as string]);
  order = await orderOf(t, a, { name: 'Links order', totalAim: 4, dailyAim: 2 });
  byNumber = await shareOf(t, a, order.id, {
    ownerKind: 'number',
    numberId: numbers[0]?.numberId,
    aim: 2,
    message: 'Hola, quiero información',
  });
  bySeat = await shareOf(t, a, order.id, { ownerUserId: seat.userId, aim: 2 });
});
afterAll(() => sandbox?.stop());

/** A visit of a share's link: where it sent the visitor and the text their WhatsApp opens with. */
async function click(path: string): Promise<{ phoneNumberId: string; text: string }> {
  const reply = await t.get(path, { headers: { 'user-agent': MOBILE } });
  expect(reply.status).toBe(302);
  const url = new URL(String(reply.headers.location));
  const number = numbers.find((n) => n.made.display_phone_number.replace(/\D/g, '') === url.pathname.slice(1));
  if (!number) throw new Error(`not a target: ${url}`);
  return { phoneNumberId: number.made.phone_number_id, text: url.searchParams.get('text') ?? '' };
}

const write = (phoneNumberId: string, from: string, text: string) =>
  sandbox.control('POST', '/inbound', { phone_number_id: phoneNumberId, from, type: 'text', text });

describe('intake through the share links', () => {
  it('counts each new conversation a share link brought, once per order, toward the share and the order', async () => {
    expect(byNumber.link.path).toMatch(/^\/l\/[a-z0-9-]+$/);
    const before = await lastEventId(t);
    const first = await click(byNumber.link.path);
    const second = await click(bySeat.link.path);
    const again = await click(bySeat.link.path);
    await t.app.linkRedirect.flush();
    expect(first.phoneNumberId).toBe(numbers[0]?.made.phone_number_id);
    expect(second.phoneNumberId).toBe(numbers[1]?.made.phone_number_id);
    expect(first.text).toContain('Hola, quiero información');

    await write(first.phoneNumberId, '34600000201', first.text);
    await write(second.phoneNumberId, '34600000202', second.text);
    // The first customer comes again through the seat's link: a new conversation on the other
    // number, but the same lead for the order.
    await write(again.phoneNumberId, '34600000201', again.text);
    // Writing without a link's token is no lead of the order.
    await write(first.phoneNumberId, '34600000203', 'hello');
    await settleSandbox(t, sandbox);

    const progress = await progressOf(t, a, order.id);
    expect(progress.order.leads).toBe(2);
    expect(progress.order.today.leads).toBe(2);
    expect(progress.shares.map((share: { id: string; leads: number }) => [share.id, share.leads])).toEqual([
      [byNumber.id, 1],
      [bySeat.id, 1],
    ]);
    const details = await t.post('/api/order/detaillist', { token: a.token, body: { orderId: order.id } });
    expect(
      details.body.data.records
        .map((detail: { contact_wa_id: string; share_id: string; source: string; conversation_id: string | null }) => [
          detail.contact_wa_id,
          detail.share_id,
          detail.source,
          detail.conversation_id !== null,
        ])
        .sort(),
    ).toEqual([
      ['34600000201', byNumber.id, 'link', true],
      ['34600000202', bySeat.id, 'link', true],
    ]);
    const events = await eventsSince(t, a.tenantId, 'order.progress', before);
    expect(events.some((event) => event.payload.order_id === order.id)).toBe(true);
    const counts = await rollUpAndCount(t, a.tenantId, order.id);
    expect(counts.rollUp).toEqual(counts.counted);
  });

  it("counts nothing outside the share's time window", async () => {
    const later = await shareOf(t, a, order.id, {
      ownerKind: 'number',
      numberId: numbers[0]?.numberId,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const visit = await click(later.link.path);
    await t.app.linkRedirect.flush();
    await write(visit.phoneNumberId, '34600000204', visit.text);
    await settleSandbox(t, sandbox);
    const { rows } = await t.pool.query(
      'select count(*)::int as n from link_attribution a join link l on l.id = a.link_id where l.order_share_id = $1',
      [later.id],
    );
    expect(rows[0].n).toBe(1);
    expect((await progressOf(t, a, order.id)).order.leads).toBe(2);
  });

  it('adds on sync the attributions whose intake step was missed', async () => {
    await t.pool.query(`delete from intake_detail where order_id = $1 and source = 'link'`, [order.id]);
    expect((await progressOf(t, a, order.id)).order.leads).toBe(0);
    const synced = await t.post('/api/order/sync', { token: a.token, body: { id: order.id } });
    expect(synced.body.data).toEqual({ leads: 2, corrected: 0, added: 2 });
    expect((await recordsOf(t, a, order.id))[0]).toMatchObject({ action: 'sync', data: { added: 2 } });
  });
});

describe('info/getqr', () => {
  const qr = (query: Record<string, string>, token = a.token) => t.get('/api/info/getqr', { token, query });

  it("answers a share's QR code as PNG or SVG, and an agent's current share by agent-<id>", async () => {
    const png = await qr({ agid: byNumber.id });
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const bytes = Buffer.from(png.body as string, 'binary');
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const svg = await qr({ agid: bySeat.id, format: 'svg' });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(svg.body)).toContain('<svg');
    const agent = await qr({ agid: `agent-${seat.userId}`, format: 'svg' });
    expect(agent.body).toBe(svg.body);
  });

  it('lets a seat have its own share only; other tenants and bad agids are refused naming agid', async () => {
    expect((await qr({ agid: bySeat.id }, seat.token)).status).toBe(200);
    expect((await qr({ agid: `agent-${seat.userId}` }, seat.token)).status).toBe(200);
    for (const [query, token, status] of [
      [{ agid: byNumber.id }, seat.token, 404],
      [{ agid: `agent-${a.userId}` }, seat.token, 404],
      [{ agid: byNumber.id }, b.token, 404],
      [{ agid: 'share-1' }, a.token, 400],
      [{ agid: byNumber.id, format: 'gif' }, a.token, 400],
    ] as const) {
      const reply = await qr(query, token);
      expect(reply.status, JSON.stringify(query)).toBe(status);
      expect(reply.body.message).toMatch(/^(agid|format): /);
    }
    expect((await qr({ agid: byNumber.id }, '')).status).toBe(401);
  });

  it('stops a removed share link at once: its path answers 404', async () => {
    const share = await shareOf(t, a, order.id, { ownerKind: 'number', numberId: numbers[0]?.numberId });
    expect((await t.get(share.link.path, { headers: { 'user-agent': MOBILE } })).status).toBe(302);
    await t.post('/api/order/delshare', { token: a.token, body: { ids: [share.id] } });
    expect((await t.get(share.link.path, { headers: { 'user-agent': MOBILE } })).status).toBe(404);
  });
});
