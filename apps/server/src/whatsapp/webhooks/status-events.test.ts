import { describe, expect, it } from 'vitest';
import type { UpdatedMessage } from './status-repository.js';
import { updatedEvents } from './statuses.js';

const row = (id: number, tenant: string, owner: string | null, agent: string | null): UpdatedMessage => ({
  tenant_id: tenant,
  id: String(id),
  number_id: '5',
  contact_id: String(1000 + id),
  status: 'delivered',
  status_at: new Date('2026-11-27T08:00:00Z'),
  owner_user_id: owner,
  conversation_assignee: agent,
});

describe('the realtime events of applied statuses', () => {
  it('gathers the messages of a tenant that share their agents into one event, in chunks of 500', () => {
    const rows = [
      ...Array.from({ length: 1001 }, (_, index) => row(index + 1, 't1', null, null)),
      row(2001, 't1', '7', null),
      row(2002, 't1', '7', '7'),
      row(2003, 't1', '8', '7'),
      row(2004, 't1', '7', '8'),
      row(2005, 't2', null, null),
    ];
    const events = updatedEvents(rows);
    const shape = events.map((event) => ({
      tenant: event.tenantId,
      assignees: event.assignees,
      ids: event.event.type === 'messages.updated' ? event.event.data.messages.map((m) => m.message_id) : [],
    }));
    expect(shape.map(({ tenant, assignees, ids }) => [tenant, assignees, ids.length])).toEqual([
      ['t1', [], 500],
      ['t1', [], 500],
      ['t1', [], 1],
      ['t1', ['7'], 2],
      ['t1', ['7', '8'], 2],
      ['t2', [], 1],
    ]);
    expect(shape[3]?.ids).toEqual(['2001', '2002']);
    expect(shape[4]?.ids).toEqual(['2003', '2004']);
    expect(events[0]?.event).toMatchObject({
      type: 'messages.updated',
      data: {
        messages: expect.arrayContaining([
          {
            message_id: '1',
            number_id: '5',
            contact_id: '1001',
            status: 'delivered',
            status_at: '2026-11-27T08:00:00.000000Z',
          },
        ]),
      },
    });
    expect(updatedEvents([])).toEqual([]);
  });
});
