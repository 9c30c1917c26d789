import { allCalls } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, actionLabel } from './action-labels.js';

describe('operation log action labels', () => {
  it('names every call that writes the log, in both languages', () => {
    const logged = allCalls.filter((call) => call.kind !== 'read').map((call) => call.id);
    expect(logged.filter((id) => !ACTION_LABELS[id])).toEqual([]);
    for (const [zh, en] of Object.values(ACTION_LABELS)) {
      expect(zh.trim()).not.toBe('');
      expect(en.trim()).not.toBe('');
    }
  });

  it('shows the id of an action it has no name for', () => {
    expect(actionLabel('tag.add', 'zh')).toBe('新增标签');
    expect(actionLabel('tag.add', 'en-US')).toBe('Add tag');
    expect(actionLabel('gone.call', 'en')).toBe('gone.call');
  });
});
