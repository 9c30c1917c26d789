import { describe, expect, it } from 'vitest';
import { message } from '../testing/test-messages.js';
import { foldReactions, liveCursor, mergeMessages, WATCHED_RECENT } from './timeline.js';

describe('mergeMessages', () => {
  it('orders by time then by id as a number, keeps each message once, in its latest version', () => {
    const same = '2025-01-01T00:00:00.000001Z';
    const nine = message({ id: '9', created_at: same });
    const ten = message({ id: '10', created_at: same });
    const older = message({ id: '11', created_at: '2024-12-31T23:59:59.999999Z' });
    const sent = message({ id: '12', created_at: '2025-01-02T00:00:00.000000Z', direction: 'out', status: 'sent' });
    const read = { ...sent, status: 'read' as const };
    const merged = mergeMessages([[sent, ten, nine], [older]], [read]);
    expect(merged.map((m) => m.id)).toEqual(['11', '9', '10', '12']);
    expect(merged.at(-1)?.status).toBe('read');
  });
});

describe('liveCursor', () => {
  it('starts after the newest message when nothing outbound can still change', () => {
    const messages = [message(), message({ direction: 'out', status: 'read' }), message()];
    expect(liveCursor(messages)).toBe(messages[2]?.cursor);
    expect(liveCursor([])).toBeUndefined();
  });

  it('starts before the oldest recent outbound message whose ticks may still move', () => {
    const messages = [message(), message(), message({ direction: 'out', status: 'delivered' }), message()];
    expect(liveCursor(messages)).toBe(messages[1]?.cursor);
    // With nothing before it, the poll reads the newest page instead.
    expect(liveCursor([message({ direction: 'out', status: 'queued' }), message()])).toBeUndefined();
  });

  it('watches only the most recent messages, so a burst moves the start forward', () => {
    const pending = message({ direction: 'out', status: 'sent' });
    const later = Array.from({ length: WATCHED_RECENT }, () => message());
    const messages = [message(), pending, ...later];
    expect(liveCursor(messages)).toBe(later.at(-1)?.cursor);
  });
});

describe('foldReactions', () => {
  it('puts the latest reaction of each side on the message it reacts to', () => {
    const target = message({ meta_message_id: 'wamid.target', direction: 'out', status: 'read' });
    const first = message({ type: 'reaction', body: { reaction: { message_id: 'wamid.target', emoji: '👍' } } });
    const changed = message({ type: 'reaction', body: { reaction: { message_id: 'wamid.target', emoji: '❤️' } } });
    const ours = message({
      type: 'reaction',
      direction: 'out',
      body: { reaction: { message_id: 'wamid.target', emoji: '🙏' } },
    });
    const elsewhere = message({ type: 'reaction', body: { reaction: { message_id: 'wamid.unseen', emoji: '😀' } } });
    const folded = foldReactions([target, first, changed, ours, elsewhere]);
    expect(folded.onMessage.get('wamid.target')).toEqual([
      { direction: 'in', emoji: '❤️' },
      { direction: 'out', emoji: '🙏' },
    ]);
    expect([...folded.absorbed]).toEqual([first.id, changed.id, ours.id]);
  });

  it('takes a reaction back when the emoji is empty', () => {
    const target = message({ meta_message_id: 'wamid.gone' });
    const added = message({ type: 'reaction', body: { reaction: { message_id: 'wamid.gone', emoji: '👍' } } });
    const removed = message({ type: 'reaction', body: { reaction: { message_id: 'wamid.gone', emoji: '' } } });
    expect(foldReactions([target, added, removed]).onMessage.has('wamid.gone')).toBe(false);
  });
});
