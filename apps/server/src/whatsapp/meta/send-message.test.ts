import { describe, expect, it } from 'vitest';
import fixtures from '../cloud-api/fixtures/meta-send-message-examples.json' with { type: 'json' };
import { parseSendMessage } from './send-message.js';

type Body = Record<string, any>;
const examples = fixtures.examples as Record<string, Body>;
const example = (name: string): Body => structuredClone(examples[name]!);

describe("Meta's send-message examples", () => {
  it('are all 50 here', () => {
    expect(Object.keys(examples)).toHaveLength(50);
  });

  it.each(Object.keys(examples))('%s parses', (name) => {
    const parsed = parseSendMessage(example(name));
    expect(parsed).toMatchObject({ ok: true });
    if (!parsed.ok) return;
    expect(parsed.kind).toBe(name === 'Send typing indicator and read receipt' ? 'read' : 'message');
  });
});

describe('parseSendMessage', () => {
  it('passes unknown keys through', () => {
    const body: Body = { ...example('Send Text Message'), something_new: { a: 1 } };
    body.text.new_flag = true;
    const parsed = parseSendMessage(body);
    expect(parsed.ok && parsed.message).toMatchObject({ something_new: { a: 1 }, text: { new_flag: true } });
  });

  it('takes a missing type from the content the body carries, text when none', () => {
    const list = parseSendMessage(example('Send Reply to List Message'));
    expect(list.ok && list.message).toMatchObject({ type: 'interactive' });
    const text = parseSendMessage(example('Send Text Message with Preview URL'));
    expect(text.ok && text.message).toMatchObject({ type: 'text' });
  });

  it('accepts a group id as the recipient of a group message', () => {
    const body = {
      ...example('Send Text Message'),
      recipient_type: 'group',
      to: 'Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjM0MDQ2OTQyMzM4MjAZD',
    };
    expect(parseSendMessage(body)).toMatchObject({ ok: true, kind: 'message' });
  });

  it("takes a group invite in a template's body: Meta's group_id parameter", () => {
    const body = example('Send Message Template Text');
    body.template.components[0].parameters = [
      { type: 'group_id', group_id: 'Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjM0MDQ2OTQyMzM4MjAZD' },
    ];
    const parsed = parseSendMessage(body);
    expect(parsed.ok && parsed.message).toMatchObject({
      template: { components: [{ type: 'body', parameters: [{ type: 'group_id' }] }] },
    });
  });

  const refusals: [string, string, (body: Body) => void, string][] = [
    [
      'Send Message Template Text',
      'a group invite without its group id',
      (b) => (b.template.components[0].parameters[0] = { type: 'group_id', group_id: '' }),
      'template.components.0.parameters.0.group_id',
    ],
    [
      'Send Message Template Media',
      'a group invite in the header (Meta takes it in the body)',
      (b) => (b.template.components[0].parameters[0] = { type: 'group_id', group_id: 'Z3JvdXA' }),
      'template.components.0.parameters.0.type',
    ],
    ['Send Text Message', 'another messaging product', (b) => (b.messaging_product = 'sms'), 'messaging_product'],
    ['Send Text Message', 'no recipient', (b) => delete b.to, 'to'],
    ['Send Text Message', 'a recipient that is not a phone number', (b) => (b.to = 'someone'), 'to'],
    ['Send Text Message', 'an unknown type', (b) => (b.type = 'fax'), 'type'],
    ['Send Text Message', 'a text without body', (b) => delete b.text.body, 'text.body'],
    ['Send Text Message', 'a text past 4096 characters', (b) => (b.text.body = 'x'.repeat(4097)), 'text.body'],
    ['Send Text Message', 'a recipient type that does not exist', (b) => (b.recipient_type = 'all'), 'recipient_type'],
    [
      'Send Reply to Text Message',
      'a reply without message id',
      (b) => delete b.context.message_id,
      'context.message_id',
    ],
    [
      'Send Image Message by ID',
      'media with both id and link',
      (b) => (b.image.link = 'https://a.example/x.jpg'),
      'image.id',
    ],
    ['Send Sticker Message by ID', 'media with neither id nor link', (b) => delete b.sticker.id, 'sticker.id'],
    [
      'Send Document Message by URL',
      'a link that is not http(s)',
      (b) => (b.document.link = 'ftp://a/b.pdf'),
      'document.link',
    ],
    ['Send Test Message', 'a template without name', (b) => delete b.template.name, 'template.name'],
    ['Send Test Message', 'a template without language', (b) => delete b.template.language, 'template.language'],
    [
      'Send Message Template Text',
      'a currency that is not ISO 4217',
      (b) => (b.template.components[0].parameters[1].currency.code = 'US'),
      'template.components.0.parameters.1.currency.code',
    ],
    [
      'Send Message Template Text',
      'an unknown parameter type',
      (b) => (b.template.components[0].parameters[0].type = 'emoji'),
      'template.components.0.parameters.0.type',
    ],
    [
      'Send Message Template Interactive',
      'a button index past 9',
      (b) => (b.template.components[2].index = 12),
      'template.components.2.index',
    ],
    [
      'Send Message Template Interactive',
      'a quick reply without payload',
      (b) => delete b.template.components[2].parameters[0].payload,
      'template.components.2.parameters.0.payload',
    ],
    [
      'Send Message Template Media',
      'a header image without media',
      (b) => delete b.template.components[0].parameters[0].image,
      'template.components.0.parameters.0.image',
    ],
    [
      'Send Reply Button',
      'a button title past 20 characters',
      (b) => (b.interactive.action.buttons[0].reply.title = 'x'.repeat(21)),
      'interactive.action.buttons.0.reply.title',
    ],
    [
      'Send Reply Button',
      'four buttons',
      (b) => b.interactive.action.buttons.push(...b.interactive.action.buttons),
      'interactive.action.buttons',
    ],
    ['Send Reply Button', 'an interactive without body', (b) => delete b.interactive.body, 'interactive.body'],
    [
      'Send List Message',
      'a list without sections',
      (b) => delete b.interactive.action.sections,
      'interactive.action.sections',
    ],
    [
      'Send List Message',
      'an unknown interactive kind',
      (b) => (b.interactive.type = 'carousel_of_doom'),
      'interactive.type',
    ],
    ['Send Location Message', 'a latitude off the globe', (b) => (b.location.latitude = 100), 'location.latitude'],
    [
      'Send Reply with Reaction Message',
      'a reaction without message id',
      (b) => delete b.reaction.message_id,
      'reaction.message_id',
    ],
    ['Send Contact Message', 'no contact', (b) => (b.contacts = []), 'contacts'],
    [
      'Send Contact Message',
      'a contact without formatted name',
      (b) => delete b.contacts[0].name.formatted_name,
      'contacts.0.name.formatted_name',
    ],
    [
      'Send typing indicator and read receipt',
      'a read receipt without message id',
      (b) => delete b.message_id,
      'message_id',
    ],
    [
      'Send typing indicator and read receipt',
      'an unknown typing indicator',
      (b) => (b.typing_indicator.type = 'audio'),
      'typing_indicator.type',
    ],
  ];

  it.each(refusals)('%s: refuses %s at %s', (name, _what, spoil, path) => {
    const body = example(name);
    spoil(body);
    const parsed = parseSendMessage(body);
    expect(parsed).toMatchObject({ ok: false, path });
    expect(parsed.ok ? '' : parsed.reason).not.toBe('');
  });

  it('refuses a call-to-action whose URL is not http(s)', () => {
    const body = {
      messaging_product: 'whatsapp',
      to: '16505551234',
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        body: { text: 'See the offer' },
        action: { name: 'cta_url', parameters: { display_text: 'Open', url: 'javascript:alert(1)' } },
      },
    };
    expect(parseSendMessage(body)).toMatchObject({ ok: false, path: 'interactive.action.parameters.url' });
    body.interactive.action.parameters.url = 'https://shop.example.com/offer';
    expect(parseSendMessage(body)).toMatchObject({ ok: true, kind: 'message' });
  });

  it.each([null, 5, 'text', []])('refuses %j as a whole', (body) => {
    expect(parseSendMessage(body)).toMatchObject({ ok: false, path: 'body' });
  });
});
