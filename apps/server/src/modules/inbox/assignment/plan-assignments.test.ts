import { describe, expect, it } from 'vitest';
import { type AgentLoad, type NumberAgent, planAssignments } from './plan-assignments.js';

const now = new Date('2026-01-01T00:00:00Z');
const agent = (userId: string, numberId = '1', lastAssignedAt: Date | null = null): NumberAgent => ({
  numberId,
  userId,
  lastAssignedAt,
});
const load = (userId: string, openCount = 0, maxOpen = 10, online = true): AgentLoad => ({
  userId,
  openCount,
  maxOpen,
  online,
});
const claims = (count: number, numberId = '1') =>
  Array.from({ length: count }, (_, i) => ({ conversationId: String(100 + i), numberId, preferred: [] }));

describe('planAssignments', () => {
  it('deals conversations out in turn, least recently given first', () => {
    const plan = planAssignments(
      claims(5),
      [
        agent('7', '1', new Date('2025-12-31T23:00:00Z')),
        agent('8'),
        agent('9', '1', new Date('2025-12-31T22:00:00Z')),
      ],
      [load('7'), load('8'), load('9')],
      now,
    );
    expect(plan.map((a) => a.userId)).toEqual(['8', '9', '7', '8', '9']);
  });

  it('never passes a cap and skips agents who are offline', () => {
    const plan = planAssignments(
      claims(4),
      [agent('7'), agent('8'), agent('9')],
      [load('7', 9, 10), load('8', 0, 1), load('9', 0, 10, false)],
      now,
    );
    expect(plan.map((a) => a.userId)).toEqual(['7', '8']);
  });

  it('prefers the first preferred agent who serves the number and is available, without moving the turn', () => {
    const plan = planAssignments(
      [
        { conversationId: '1', numberId: '1', preferred: ['5', '8'] },
        { conversationId: '2', numberId: '1', preferred: [null, null] },
      ],
      [agent('7'), agent('8')],
      [load('5'), load('7'), load('8')],
      now,
    );
    expect(plan.map((a) => [a.userId, a.byRoundRobin])).toEqual([
      ['8', false],
      ['7', true],
    ]);
  });

  it("keeps each number's agents apart", () => {
    const plan = planAssignments(
      [...claims(1, '1'), ...claims(1, '2')],
      [agent('7', '1'), agent('8', '2')],
      [load('7'), load('8')],
      now,
    );
    expect(plan.map((a) => [a.numberId, a.userId])).toEqual([
      ['1', '7'],
      ['2', '8'],
    ]);
  });
});
