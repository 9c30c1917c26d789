import { describe, expect, it } from 'vitest';
import { conversationKey, conversationPath, neighbour } from './conversation-keys.js';

const inbox = [
  { number_id: '1', contact_id: '10' },
  { number_id: '1', contact_id: '11' },
  { number_id: '2', contact_id: '10' },
];

describe('moving between conversations (Alt+↑/↓)', () => {
  it('goes to the next and previous conversation in the inbox order, stopping at the ends', () => {
    expect(neighbour(inbox, '1/11', 1)).toBe(inbox[2]);
    expect(neighbour(inbox, '1/11', -1)).toBe(inbox[0]);
    expect(neighbour(inbox, '2/10', 1)).toBe(inbox[2]);
    expect(neighbour(inbox, '1/10', -1)).toBe(inbox[0]);
  });

  it('starts at the first (down) or the last (up) when none is open or the open one left the list', () => {
    expect(neighbour(inbox, undefined, 1)).toBe(inbox[0]);
    expect(neighbour(inbox, undefined, -1)).toBe(inbox[2]);
    expect(neighbour(inbox, '9/99', 1)).toBe(inbox[0]);
    expect(neighbour([], undefined, 1)).toBeUndefined();
  });

  it('names a conversation by its number and contact, which the same contact on two numbers tells apart', () => {
    expect(inbox.map(conversationKey)).toEqual(['1/10', '1/11', '2/10']);
    expect(conversationPath(inbox[2]!)).toBe('/c/2/10');
  });
});
