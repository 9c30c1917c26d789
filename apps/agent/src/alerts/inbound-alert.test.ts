import type { RealtimeEvent } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { type AlertOutlets, announce, inboundAlertOf } from './inbound-alert.js';

const created = (direction: 'in' | 'out', contactId: string | null = '7'): RealtimeEvent => ({
  type: 'message.created',
  data: {
    message_id: '100',
    number_id: '3',
    contact_id: contactId,
    direction,
    message_type: 'text',
    preview: 'is anyone there?',
    created_at: '2026-11-26T08:00:00.000000Z',
  },
});

describe('alerts on new inbound messages', () => {
  it("alerts on a customer's new message, not on the agents' own or a group's", () => {
    expect(inboundAlertOf(created('in'), undefined, true)).toEqual({
      numberId: '3',
      contactId: '7',
      preview: 'is anyone there?',
    });
    expect(inboundAlertOf(created('out'), undefined, true)).toBeNull();
    expect(inboundAlertOf(created('in', null), undefined, true)).toBeNull();
    const status: RealtimeEvent = {
      type: 'messages.updated',
      data: {
        messages: [
          { message_id: '1', number_id: '3', contact_id: '7', status: 'read', status_at: '2026-11-26T08:00:00Z' },
        ],
      },
    };
    expect(inboundAlertOf(status, undefined, true)).toBeNull();
  });

  it('stays quiet about the conversation being read, unless the page is hidden', () => {
    const reading = { numberId: '3', contactId: '7' };
    expect(inboundAlertOf(created('in'), reading, true)).toBeNull();
    expect(inboundAlertOf(created('in'), reading, false)).not.toBeNull();
    expect(inboundAlertOf(created('in'), { numberId: '4', contactId: '7' }, true)).not.toBeNull();
  });

  it('chimes only while the sound is on, and always offers the desktop notification, which opens the conversation', () => {
    const heard: string[] = [];
    const outlets = (soundOn: boolean): AlertOutlets => ({
      soundOn,
      chime: () => heard.push('chime'),
      notify: (title, body, tag, open) => {
        heard.push(`${title}|${body}|${tag}`);
        open?.();
      },
    });
    const alert = { numberId: '3', contactId: '7', preview: 'hello' };
    announce(alert, 'New message from Ana', outlets(true), () => heard.push('opened'));
    announce(alert, 'New message from Ana', outlets(false));
    expect(heard).toEqual(['chime', 'New message from Ana|hello|3/7', 'opened', 'New message from Ana|hello|3/7']);
  });
});
