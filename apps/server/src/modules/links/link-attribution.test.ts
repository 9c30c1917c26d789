/**
 * Attribution through the sandbox: visitors open `/l/{slug}`, then sandbox customers write the
 * pre-filled text to the number they were sent to; the webhook drain reads the reference token of
 * each conversation's first message and links the click to the conversation. A click whose text
 * never arrives, a text without a token, a token sent to another number and a token used twice
 * attribute nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { instantDelays, quietBehaviour } from '../../sandbox/test/kit.js';
import { settleSandbox, startSandboxFor } from '../../test/sandbox-app.js';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { type SandboxNumber, seedSandboxNumber } from '../../test/whatsapp-fixtures.js';
import { WEBHOOK_ENV } from '../../whatsapp/webhooks/test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const { a, b } = useTenants(t, 'linkattr');
let sandbox: RunningSandbox;
const numbers: { numberId: string; made: SandboxNumber }[] = [];
let link: { id: string; path: string };

const MOBILE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

beforeAll(async () => {
  sandbox = await startSandboxFor(t, { behaviour: quietBehaviour, delays: instantDelays });
  for (let i = 0; i < 2; i += 1) numbers.push(await seedSandboxNumber(t.pool, t.context.whatsapp, sandbox, a.tenantId));
  const reply = await t.post('/api/link/add', {
    token: a.token,
    body: {
      name: 'Attributed',
      message: 'Hola, quiero información',
      targets: numbers.map((n) => ({ numberId: n.numberId })),
    },
  });
  link = reply.body.data;
});
afterAll(() => sandbox?.stop());

/** A visit: the number's phone-number id and the pre-filled text the visitor's WhatsApp opens with. */
async function click(): Promise<{ phoneNumberId: string; text: string; numberId: string }> {
  const reply = await t.get(link.path, { headers: { 'user-agent': MOBILE } });
  expect(reply.status).toBe(302);
  const url = new URL(String(reply.headers.location));
  const number = numbers.find((n) => n.made.display_phone_number.replace(/\D/g, '') === url.pathname.slice(1));
  if (!number) throw new Error(`not a target: ${url}`);
  return {
    phoneNumberId: number.made.phone_number_id,
    numberId: number.numberId,
    text: url.searchParams.get('text') ?? '',
  };
}

const write = (phoneNumberId: string, from: string, text: string) =>
  sandbox.control('POST', '/inbound', { phone_number_id: phoneNumberId, from, type: 'text', text });

const details = async (token = a.token) => (await t.post('/api/link/details', { token, body: { id: link.id } })).body;

describe('attributing conversations to clicks', () => {
  it('links the click to the conversation its pre-filled text opened, once, counted per target and day', async () => {
    const first = await click();
    const second = await click();
    const unsent = await click();
    expect(second.numberId).not.toBe(first.numberId);
    await t.app.linkRedirect.flush();

    expect((await write(first.phoneNumberId, '34600000101', first.text)).status).toBe(200);
    // The visitor edited the text but kept the token: still theirs.
    await write(second.phoneNumberId, '34600000102', `Buenas! ${second.text.split('\n\n')[1]}`);
    await settleSandbox(t, sandbox);

    const { rows } = await t.pool.query<{ number_id: string; new_conversation: boolean; wa_id: string }>(
      `select a.number_id::text, a.new_conversation, c.wa_id from link_attribution a
         join contact c on c.tenant_id = a.tenant_id and c.id = a.contact_id
        where a.link_id = $1 order by c.wa_id`,
      [link.id],
    );
    expect(rows).toEqual([
      { number_id: first.numberId, new_conversation: true, wa_id: '34600000101' },
      { number_id: second.numberId, new_conversation: true, wa_id: '34600000102' },
    ]);
    const data = (await details()).data;
    expect(data.totals).toMatchObject({ human_clicks: 3, conversations: 2, conversion_rate: 0.6667 });
    expect(data.per_target.map((x: { conversations: number }) => x.conversations).sort()).toEqual([1, 1]);
    const log = await t.post('/api/link/clicks', { token: a.token, body: { linkId: link.id } });
    const byRef = new Map(
      log.body.data.records.map((c: { ref: string; conversation_id: string | null }) => [c.ref, c]),
    );
    const refOf = (text: string) => /#ref:([a-z2-7]{8})/.exec(text)?.[1];
    expect(byRef.get(refOf(first.text))).toMatchObject({ conversation_id: expect.stringMatching(/^\d+$/) });
    expect(byRef.get(refOf(unsent.text))).toMatchObject({ conversation_id: null });

    // The same text again, a text without a token, and a token written to the other number: nothing more.
    await write(first.phoneNumberId, '34600000101', first.text);
    await write(first.phoneNumberId, '34600000103', 'Hola sin referencia');
    await write(
      first.numberId === numbers[0]?.numberId
        ? (numbers[1]?.made.phone_number_id as string)
        : (numbers[0]?.made.phone_number_id as string),
      '34600000104',
      unsent.text,
    );
    await settleSandbox(t, sandbox);
    expect((await details()).data.totals.conversations).toBe(2);
    const count = await t.pool.query('select count(*)::int as n from link_attribution where link_id = $1', [link.id]);
    expect(count.rows[0].n).toBe(2);
  });

  it("never shows one tenant's link counts to another", async () => {
    const reply = await t.post('/api/link/details', { token: b.token, body: { id: link.id } });
    expect(reply.status).toBe(404);
  });
});
