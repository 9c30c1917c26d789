import type { ChatMessage } from '@ws/contract';
import { MessageBubble } from '@ws/web-kit/chat';
import { message } from '@ws/web-kit/testing';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestRoot } from '../../test/test-root.js';

const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(new Uint8Array([137, 80, 78, 71])));
const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

async function show(shown: ChatMessage): Promise<HTMLElement> {
  await screen.render(
    <MessageBubble message={shown} reactions={undefined} context={{ showContact: false, showNumber: false }} />,
  );
  return screen.host;
}

describe('MessageBubble', () => {
  it('keeps line breaks and turns addresses into links', async () => {
    const shown = await show(message({ body: { text: { body: 'one\ntwo https://example.com/a?b=1.' } } }));
    expect(shown.querySelector('[data-testid="chat-text"]')?.textContent).toBe('one\ntwo https://example.com/a?b=1.');
    const link = shown.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    [
      'location',
      { location: { latitude: 31.2, longitude: 121.5, name: 'The Bund', address: 'Zhongshan Rd' } },
      ['The Bund', 'Zhongshan Rd', 'Open in a map'],
    ],
    [
      'contacts',
      { contacts: [{ name: { formatted_name: 'Ada L' }, phones: [{ phone: '+1 555' }] }] },
      ['Contact card', 'Ada L', '+1 555'],
    ],
    [
      'interactive',
      { interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Yes please' } } },
      ['Tapped a button', 'Yes please'],
    ],
    [
      'interactive',
      { interactive: { type: 'list_reply', list_reply: { id: 'r1', title: 'Blue', description: 'Sky' } } },
      ['Chose from a list', 'Blue', 'Sky'],
    ],
    [
      'interactive',
      { interactive: { type: 'nfm_reply', nfm_reply: { name: 'flow', body: 'Sent', response_json: '{"a":1}' } } },
      ['Submitted a form', 'Sent', '{"a":1}'],
    ],
    [
      'interactive',
      {
        interactive: {
          type: 'button',
          body: { text: 'Pick one' },
          action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] },
        },
      },
      ['Pick one', 'Yes'],
    ],
    ['button', { button: { payload: 'STOP', text: 'Stop promotions' } }, ['Quick reply', 'Stop promotions']],
    [
      'template',
      {
        template: {
          name: 'order_update',
          language: { code: 'en_US' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ada' },
                { type: 'currency', currency: { fallback_value: '$5' } },
              ],
            },
          ],
        },
      },
      ['Template order_update', 'Language American English', 'Ada', '$5'],
    ],
    [
      'template',
      {
        template: {
          name: 'club_invite',
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'group_id', group_id: 'Z3JvdXA6MQ' }] }],
        },
      },
      ['Template club_invite', 'Group invite (group Z3JvdXA6MQ)'],
    ],
    [
      'order',
      {
        order: {
          catalog_id: 'c',
          text: 'fast please',
          product_items: [{ product_retailer_id: 'sku-1', quantity: 2, item_price: 10, currency: 'USD' }],
        },
      },
      ['Order', '2 items', 'sku-1', 'fast please'],
    ],
    [
      'system',
      { system: { body: 'User changed number', type: 'user_changed_number' } },
      ['System message', 'User changed number'],
    ],
    [
      'unsupported',
      { errors: [{ code: 131051, error_data: { details: 'Message type is currently not supported.' } }] },
      ['Unsupported message type', 'not supported'],
    ],
    ['hologram', { hologram: {} }, ['Unknown message type: hologram']],
    ['reaction', { reaction: { message_id: 'wamid.x', emoji: '👍' } }, ['Reacted 👍']],
  ])('shows a %s message', async (type, body, texts) => {
    const shown = await show(message({ type, body: body as ChatMessage['body'] }));
    for (const text of texts) expect(shown.textContent).toContain(text);
  });

  it('shows an inbound image through the media call, with its caption', async () => {
    const image = message({
      type: 'image',
      body: { image: { id: 'media-1', mime_type: 'image/png', caption: 'a photo' } },
    });
    const shown = await show(image);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/message/media?messageId=${image.id}&createdAt=${encodeURIComponent(image.created_at)}`,
    );
    expect(shown.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);
    expect(shown.textContent).toContain('a photo');
  });

  it.each([
    ['queued', 'Queued'],
    ['accepted', 'Accepted'],
    ['delivered', 'Delivered'],
    ['read', 'Read'],
    ['cancelled', 'Cancelled'],
  ] as const)('marks an outbound %s message', async (status, label) => {
    const shown = await show(message({ direction: 'out', status }));
    const ticks = shown.querySelector('[data-testid="delivery-status"]');
    expect(ticks?.getAttribute('data-status')).toBe(status);
    expect(ticks?.getAttribute('aria-label')).toBe(label);
  });

  it('shows why a message failed or was not sent', async () => {
    const failed = await show(
      message({ direction: 'out', status: 'failed', error_code: 131026, error_title: 'Receiver is incapable' }),
    );
    expect(failed.textContent).toContain('Failed: 131026 Receiver is incapable');
    const refused = await show(message({ direction: 'out', status: 'refused', error_title: 'window_closed' }));
    expect(refused.textContent).toContain('Not sent: window_closed');
    const unknown = await show(
      message({ direction: 'out', status: 'unknown', error_title: 'no answer from the Cloud API (timeout)' }),
    );
    expect(unknown.querySelector('[data-testid="delivery-status"]')?.getAttribute('data-status')).toBe('unknown');
    expect(unknown.textContent).toContain('Delivery unknown: no answer from the Cloud API (timeout)');
  });

  it('shows what a reply answers', async () => {
    const shown = await show(message({ context_meta_id: 'wamid.q', context_preview: 'Is it blue?' }));
    expect(shown.querySelector('[data-testid="chat-reply-to"]')?.textContent).toBe('Reply to: Is it blue?');
  });
});
