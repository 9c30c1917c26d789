import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import {
  changePayload,
  deliver,
  EXAMPLE_WABA_ID,
  inboundPayload,
  type Listener,
  listen,
  recentUnix,
  rows,
  type SeededNumber,
  seedNumber,
  WEBHOOK_ENV,
} from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
const PHONE_NUMBER_ID = '200000000000011';
let number: SeededNumber;
let listener: Listener<{ tenantId: string; contactId: string }>;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '320001', phoneNumberId: PHONE_NUMBER_ID, wabaId: EXAMPLE_WABA_ID });
  listener = await listen(t.pool, 'wa_contact_opt_out');
});
afterAll(() => listener?.stop());

let sequence = 0;
/** One inbound message from `waId`, with a fresh id, `secondsAgo` before now. */
function say(waId: string, message: Record<string, unknown>, secondsAgo = 0) {
  sequence += 1;
  return inboundPayload(PHONE_NUMBER_ID, waId, [
    { id: `wamid.optout-${sequence}`, timestamp: String(recentUnix() - secondsAgo), ...message },
  ]);
}
const text = (body: string) => ({ type: 'text', text: { body } });
const preference = (waId: string, value: 'stop' | 'resume', unix: number) =>
  changePayload(EXAMPLE_WABA_ID, {
    field: 'user_preferences',
    value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
      contacts: [{ profile: { name: 'Someone' }, wa_id: waId }],
      user_preferences: [
        {
          wa_id: waId,
          detail: 'User requested to stop marketing messages',
          category: 'marketing_messages',
          value,
          timestamp: unix,
        },
      ],
    },
  });

const consent = async (waId: string) =>
  (
    await rows<{ opted_out_at: Date | null; opt_out_channel: string | null; id: string }>(
      t.pool,
      'select id::text, opted_out_at, opt_out_channel from contact where tenant_id = $1 and wa_id = $2',
      [number.tenantId, waId],
    )
  )[0];

describe('opt-out by keyword', () => {
  it('a whole-message stop word opts out, whatever its case, spacing or punctuation', async () => {
    const words = ['STOP', '  stop  ', 'Stop!', 'unsubscribe', '退订', 'Opt out.'];
    for (const [index, word] of words.entries()) {
      const waId = `44770090${1000 + index}`;
      await deliver(t, say(waId, text(word)));
      expect(await consent(waId), word).toMatchObject({ opt_out_channel: 'keyword' });
    }
  });

  it('a stop word inside a longer message does not', async () => {
    for (const body of ['please stop by tomorrow', 'stop sending me the invoice twice', 'stopwatch']) {
      await deliver(t, say('447700902000', text(body)));
    }
    expect(await consent('447700902000')).toMatchObject({ opted_out_at: null });
  });

  it('is announced after commit on wa_contact_opt_out', async () => {
    await deliver(t, say('447700902100', text('STOP')));
    const contact = await consent('447700902100');
    expect(await listener.waitFor((item) => item.contactId === contact!.id)).toEqual([
      { tenantId: number.tenantId, contactId: contact!.id },
    ]);
  });

  it('START resumes a keyword opt-out, and a repeated STOP after it opts out again', async () => {
    await deliver(t, say('447700902200', text('STOP'), 30));
    await deliver(t, say('447700902200', text('start'), 20));
    expect(await consent('447700902200')).toMatchObject({ opted_out_at: null, opt_out_channel: null });
    await deliver(t, say('447700902200', text('Stop'), 10));
    expect(await consent('447700902200')).toMatchObject({ opt_out_channel: 'keyword' });
  });

  it('a stop word in a group conversation is not addressed to the business', async () => {
    await deliver(t, say('447700902300', { ...text('STOP'), group_id: 'some-group' }));
    expect(await consent('447700902300')).toMatchObject({ opted_out_at: null });
  });
});

describe('opt-out by button', () => {
  it("the template's stop-promotions quick reply, by payload or text", async () => {
    await deliver(
      t,
      say('447700903000', { type: 'button', button: { payload: 'STOP_PROMOTIONS', text: 'Stop promotions' } }),
    );
    await deliver(t, say('447700903001', { type: 'button', button: { payload: 'Stop promotions', text: 'Arrêter' } }));
    expect(await consent('447700903000')).toMatchObject({ opt_out_channel: 'button' });
    expect(await consent('447700903001')).toMatchObject({ opt_out_channel: 'button' });
  });

  it('a reply button titled Unsubscribe; another button does not', async () => {
    const reply = (id: string, title: string) => ({
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id, title } },
    });
    await deliver(t, say('447700903100', reply('unsub', 'Unsubscribe')));
    await deliver(t, say('447700903101', reply('yes', 'Yes please')));
    expect(await consent('447700903100')).toMatchObject({ opt_out_channel: 'button' });
    expect(await consent('447700903101')).toMatchObject({ opted_out_at: null });
  });
});

describe("opt-out by Meta's user_preferences", () => {
  it('stop creates or updates the contact, resume clears it', async () => {
    const base = recentUnix();
    await deliver(t, preference('447700904000', 'stop', base));
    expect(await consent('447700904000')).toMatchObject({
      opted_out_at: new Date(base * 1000),
      opt_out_channel: 'user_preferences',
    });
    await deliver(t, preference('447700904000', 'resume', base + 10));
    expect(await consent('447700904000')).toMatchObject({ opted_out_at: null });
  });

  it('a START keyword does not lift a stop Meta holds', async () => {
    await deliver(t, preference('447700904100', 'stop', recentUnix(2)));
    await deliver(t, say('447700904100', text('START')));
    expect(await consent('447700904100')).toMatchObject({ opt_out_channel: 'user_preferences' });
  });

  it('a stop older than the last resume, delivered late or again, is ignored', async () => {
    const base = recentUnix();
    await deliver(t, preference('447700904200', 'stop', base), preference('447700904200', 'resume', base + 10));
    await deliver(t, preference('447700904200', 'stop', base));
    expect(await consent('447700904200')).toMatchObject({ opted_out_at: null });
    // Resume before its stop arrived: the stop it answered stays answered.
    await deliver(t, preference('447700904201', 'resume', base + 10), preference('447700904201', 'stop', base));
    expect(await consent('447700904201')).toMatchObject({ opted_out_at: null });
  });

  it('keeps the first opt-out when several arrive', async () => {
    const base = recentUnix();
    await deliver(t, say('447700904300', text('STOP'), 60), preference('447700904300', 'stop', base));
    expect(await consent('447700904300')).toMatchObject({ opt_out_channel: 'keyword' });
  });
});
