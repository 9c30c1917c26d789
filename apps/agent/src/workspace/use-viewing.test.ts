import type { RealtimeEvent } from '@ws/contract';
import { VIEWING_TIMEOUT_SECONDS } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { currentViewers, viewersAfter } from './use-viewing.js';

const viewing = (conversationId: string, userId: string, nickname: string): RealtimeEvent => ({
  type: 'conversation.viewing',
  data: { conversation_id: conversationId, user_id: userId, nickname, at: '2026-11-26T08:00:00.000000Z' },
});

describe('who else is viewing a conversation', () => {
  it("keeps each other agent once, renewed by its repeated events, not the agent itself nor other conversations'", () => {
    let viewers = viewersAfter([], viewing('42', '8', 'Bea'), '42', '2', 1_000);
    viewers = viewersAfter(viewers, viewing('42', '2', 'me'), '42', '2', 2_000);
    viewers = viewersAfter(viewers, viewing('43', '9', 'Cai'), '42', '2', 3_000);
    viewers = viewersAfter(viewers, viewing('42', '8', 'Bea'), '42', '2', 4_000);
    expect(viewers).toEqual([{ userId: '8', nickname: 'Bea', seenAt: 4_000 }]);
  });

  it('lets a mark lapse once the agent stopped repeating it (left the conversation)', () => {
    const viewers = [{ userId: '8', nickname: 'Bea', seenAt: 0 }];
    expect(currentViewers(viewers, VIEWING_TIMEOUT_SECONDS * 1000 - 1)).toHaveLength(1);
    expect(currentViewers(viewers, VIEWING_TIMEOUT_SECONDS * 1000)).toEqual([]);
  });
});
