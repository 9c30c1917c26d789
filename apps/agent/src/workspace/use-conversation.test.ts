import type { RealtimeEvent } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { concernsConversation } from './use-conversation.js';

const open = { number_id: '5', contact_id: '9' };
const updated = (unread: number, conversationId = '42'): RealtimeEvent => ({
  type: 'conversation.updated',
  data: {
    number_id: '5',
    contact_id: '9',
    unread,
    last_message_at: '2026-11-26T08:00:00Z',
    conversation_id: conversationId,
  },
});
const created = (direction: 'in' | 'out', contactId = '9'): RealtimeEvent => ({
  type: 'message.created',
  data: {
    message_id: '1',
    number_id: '5',
    contact_id: contactId,
    direction,
    message_type: 'text',
    preview: 'hi',
    created_at: '2026-11-26T08:00:00Z',
  },
});

describe('what makes the open conversation read again', () => {
  it("a customer's message, a new unread count, a change of hands or status: of this conversation only", () => {
    expect(concernsConversation(open, '42', created('in'))).toBe(true);
    expect(concernsConversation(open, '42', created('in', '8'))).toBe(false);
    expect(concernsConversation(open, '42', updated(1))).toBe(true);
    expect(concernsConversation(open, '42', updated(1, '43'))).toBe(false);
    const status: RealtimeEvent = {
      type: 'conversation.status',
      data: {
        conversation_id: '42',
        number_id: '5',
        contact_id: '9',
        status: 'resolved',
        snoozed_until: null,
        assignee_user_id: '2',
      },
    };
    expect(concernsConversation(open, '42', status)).toBe(true);
    expect(concernsConversation(open, '43', status)).toBe(false);
  });

  it("not its own opening's echo (unread back to 0), nor the agent's own replies: opening is never repeated by itself", () => {
    expect(concernsConversation(open, '42', updated(0))).toBe(false);
    expect(concernsConversation(open, '42', created('out'))).toBe(false);
  });
});
