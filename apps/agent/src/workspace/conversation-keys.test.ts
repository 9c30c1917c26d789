import { describe, expect, it } from 'vitest';
import { conversationPath, neighbour } from './conversation-keys.js';

const inbox = [{ id: '10' }, { id: '11' }, { id: '12' }];

describe('moving between conversations (Alt+↑/↓)', () => {
  it('goes to the next and previous conversation in the inbox order, stopping at the ends', () => {
    expect(neighbour(inbox, '11', 1)).toBe(inbox[2]);
    expect(neighbour(inbox, '11', -1)).toBe(inbox[0]);
    expect(neighbour(inbox, '12', 1)).toBe(inbox[2]);
    expect(neighbour(inbox, '10', -1)).toBe(inbox[0]);
  });

  it('starts at the first (down) or the last (up) when none is open or the open one left the list', () => {
    expect(neighbour(inbox, undefined, 1)).toBe(inbox[0]);
    expect(neighbour(inbox, undefined, -1)).toBe(inbox[2]);
    expect(neighbour(inbox, '99', 1)).toBe(inbox[0]);
    expect(neighbour([], undefined, 1)).toBeUndefined();
  });

  it('addresses a conversation by its id', () => {
    expect(conversationPath('12')).toBe('/c/12');
  });
});
