import { REALTIME_CLOSE } from '@ws/contract';
import { describe, expect, it, vi } from 'vitest';
import { hubCaughtUp, openSocket, signedInSocket } from '../../test/realtime-client.js';
import { type SignedIn, signedInSeat, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { withTransaction } from '../db/pool.js';
import { pruneEvents } from './event-repository.js';
import { realtimePruneJob } from './prune-job.js';
import { type Publication, publishEvents } from './publish.js';

const t = useTestApp({ REALTIME_REPLAY_LIMIT: '5', REALTIME_SEND_BUFFER: '65536' });
const { a, b } = useTenants(t, 'rt');

let numbered = 0;
/** A conversation.updated event of contact `contactId` (its number says which event it was). */
function conversationEvent(tenant: SignedIn, contactId: string, assignees?: string[]): Publication {
  numbered += 1;
  return {
    tenantId: tenant.tenantId,
    assignees,
    event: {
      type: 'conversation.updated',
      data: {
        number_id: String(numbered),
        contact_id: contactId,
        unread: 1,
        last_message_at: new Date().toISOString(),
      },
    },
  };
}

const publish = (...publications: Publication[]) =>
  withTransaction(t.pool, (client) => publishEvents(client, publications));

const numbersOf = (socket: { events(): { event: { type: string; data: unknown } }[] }) =>
  socket.events().map((message) => (message.event.data as { number_id: string }).number_id);

describe('GET /ws sign-in', () => {
  it('closes a socket that sends no token, a bad token, or something else than auth', async () => {
    for (const first of [{ type: 'auth' }, { type: 'auth', token: 'not-a-token' }, 'hello', { type: 'ping' }]) {
      const socket = await openSocket(t, first);
      expect(await socket.closed).toBe(REALTIME_CLOSE.unauthorized);
      expect(socket.messages).toEqual([]);
    }
  });

  it('says ready with the last event id to a signed-in socket', async () => {
    await publish(conversationEvent(a, '1'));
    await hubCaughtUp(t);
    const { rows } = await t.pool.query<{ id: string }>('select max(id)::text as id from realtime_event');
    const socket = await signedInSocket(t, a.token);
    expect(socket.messages).toEqual([{ type: 'ready', last_event_id: rows[0]?.id }]);
    socket.close();
  });

  it('closes the socket of a session signed out, and refuses its token afterwards', async () => {
    const session = await t.signIn('rt_a', 'operator-pass-1');
    const socket = await signedInSocket(t, session.access_token);
    expect((await t.post('/api/auth/logout', { token: session.access_token })).status).toBe(200);
    expect(await socket.closed).toBe(REALTIME_CLOSE.unauthorized);
    expect(socket.events().map((message) => message.event)).toEqual([
      { type: 'session.revoked', data: { session_id: expect.any(String) } },
    ]);
    const again = await openSocket(t, { type: 'auth', token: session.access_token });
    expect(await again.closed).toBe(REALTIME_CLOSE.unauthorized);
  });
});

describe('GET /ws delivery', () => {
  it('sends a tenant its own events only, and a seat only those of the contacts assigned to it', async () => {
    const seat = await signedInSeat(t, a.tenantId);
    const otherSeat = await signedInSeat(t, a.tenantId);
    const [socketA, socketB, socketSeat, socketOtherSeat] = await Promise.all([
      signedInSocket(t, a.token),
      signedInSocket(t, b.token),
      signedInSocket(t, seat.token),
      signedInSocket(t, otherSeat.token),
    ]);
    const first = numbered + 1;
    await publish(
      conversationEvent(a, '11', [seat.userId]),
      conversationEvent(a, '12'),
      conversationEvent(b, '13', [seat.userId]),
      conversationEvent(a, '14', [otherSeat.userId]),
    );
    const at = (offset: number) => String(first + offset);
    await socketA.until(() => socketA.events().length === 3);
    await socketB.until(() => socketB.events().length === 1);
    await socketSeat.until(() => socketSeat.events().length === 1);
    await socketOtherSeat.until(() => socketOtherSeat.events().length === 1);
    // A last event for everyone of tenant A, so that nothing else can still be on its way.
    await publish(conversationEvent(a, '15', [seat.userId, otherSeat.userId]));
    await socketSeat.until(() => socketSeat.events().length === 2);
    await socketOtherSeat.until(() => socketOtherSeat.events().length === 2);
    await socketA.until(() => socketA.events().length === 4);
    expect(numbersOf(socketA)).toEqual([at(0), at(1), at(3), at(4)]);
    expect(numbersOf(socketB)).toEqual([at(2)]);
    expect(numbersOf(socketSeat)).toEqual([at(0), at(4)]);
    expect(numbersOf(socketOtherSeat)).toEqual([at(3), at(4)]);
    for (const socket of [socketA, socketB, socketSeat, socketOtherSeat]) socket.close();
  });

  it('delivers two transactions that commit in the reverse order of their ids, both once, in commit-safe order', async () => {
    const socket = await signedInSocket(t, a.token);
    const early = await t.pool.connect();
    const late = await t.pool.connect();
    try {
      // The late transaction takes its transaction id first, then its event id after the early one's.
      await late.query('begin');
      await late.query('select pg_current_xact_id()');
      await early.query('begin');
      const first = conversationEvent(a, '21');
      await publishEvents(early, [first]);
      const second = conversationEvent(a, '22');
      await publishEvents(late, [second]);
      const ids = await t.pool.query<{ id: string }>(
        `select id::text from realtime_event where tenant_id = $1 and payload->>'contact_id' in ('21', '22') order by id`,
        [a.tenantId],
      );
      expect(ids.rows).toEqual([]);
      await early.query('commit');
      // The early event (higher id) is committed, the late one (lower xid) not yet: the hub holds
      // the early one back, or a cursor past it would skip the late one.
      await vi.waitFor(() => expect(t.app.realtime.held).toBe(true), { timeout: 10_000, interval: 10 });
      await publish(conversationEvent(b, '20'));
      expect(socket.events()).toEqual([]);
      await late.query('commit');
      await socket.until(() => socket.events().length === 2);
      const [one, two] = socket.events();
      const firstNumber = (first.event.data as { number_id: string }).number_id;
      const secondNumber = (second.event.data as { number_id: string }).number_id;
      // Delivered in transaction order (the late one's xid is older), each once.
      expect(numbersOf(socket)).toEqual([secondNumber, firstNumber]);
      expect(BigInt(one?.id ?? 0) > BigInt(two?.id ?? 0)).toBe(true);
    } finally {
      await early.query('rollback').catch(() => undefined);
      await late.query('rollback').catch(() => undefined);
      early.release();
      late.release();
    }
    // Nothing more arrives after a later event.
    await publish(conversationEvent(a, '23'));
    await socket.until(() => socket.events().length === 3);
    expect(socket.events()).toHaveLength(3);
    socket.close();
  });

  it('replays exactly what a reconnecting client missed, in order', async () => {
    const socket = await signedInSocket(t, a.token);
    await publish(conversationEvent(a, '31'));
    await socket.until(() => socket.events().length === 1);
    const seen = socket.events()[0]?.id as string;
    socket.close();
    await socket.closed;
    const first = numbered + 1;
    await publish(conversationEvent(a, '32'), conversationEvent(b, '33'));
    await publish(conversationEvent(a, '34'));
    await hubCaughtUp(t);
    const back = await signedInSocket(t, a.token, seen);
    expect(numbersOf(back)).toEqual([String(first), String(first + 2)]);
    const last = back.events().at(-1)?.id;
    expect(back.messages.at(-1)).toEqual({ type: 'ready', last_event_id: last });
    // And the live ones follow, once.
    await publish(conversationEvent(a, '35'));
    await back.until(() => back.events().length === 3);
    expect(numbersOf(back)).toEqual([String(first), String(first + 2), String(first + 3)]);
    back.close();
  });

  it('replays up to where the hub has read when a client comes back while the hub is held back, then goes live, each event once', async () => {
    const socket = await signedInSocket(t, a.token);
    await publish(conversationEvent(a, '36'));
    await socket.until(() => socket.events().length === 1);
    const seen = socket.events()[0]?.id as string;
    socket.close();
    await socket.closed;
    const missed = numbered + 1;
    await publish(conversationEvent(a, '37'));
    await hubCaughtUp(t);
    const open = await t.pool.connect();
    try {
      // An open transaction holds the hub back: the next event is committed but not read yet.
      await open.query('begin');
      await open.query('select pg_current_xact_id()');
      await publish(conversationEvent(a, '38'));
      await vi.waitFor(() => expect(t.app.realtime.held).toBe(true), { timeout: 10_000, interval: 10 });
      // The replay, read from the table, stops where the hub stands; the held event comes live.
      const back = await signedInSocket(t, a.token, seen);
      const fresh = await signedInSocket(t, a.token);
      const readyAt = back.messages.at(-1);
      expect(numbersOf(back)).toEqual([String(missed)]);
      expect(fresh.messages).toEqual([readyAt]);
      await open.query('commit');
      await back.until(() => back.events().length === 2);
      await fresh.until(() => fresh.events().length === 1);
      await publish(conversationEvent(a, '39'));
      await back.until(() => back.events().length === 3);
      await fresh.until(() => fresh.events().length === 2);
      expect(numbersOf(back)).toEqual([String(missed), String(missed + 1), String(missed + 2)]);
      expect(numbersOf(fresh)).toEqual([String(missed + 1), String(missed + 2)]);
      back.close();
      fresh.close();
    } finally {
      await open.query('rollback').catch(() => undefined);
      open.release();
    }
  });

  it('tells a client to refetch when it missed more than the replay limit, or its last event was pruned', async () => {
    const socket = await signedInSocket(t, a.token);
    await publish(conversationEvent(a, '41'));
    await socket.until(() => socket.events().length === 1);
    const seen = socket.events()[0]?.id as string;
    socket.close();
    await publish(...Array.from({ length: 6 }, () => conversationEvent(a, '42')));
    await hubCaughtUp(t);
    const behind = await signedInSocket(t, a.token, seen);
    const newest = await t.pool.query<{ id: string }>('select max(id)::text as id from realtime_event');
    expect(behind.messages).toEqual([{ type: 'resync', last_event_id: newest.rows[0]?.id }]);
    // Live events follow the resync.
    await publish(conversationEvent(a, '43'));
    await behind.until(() => behind.events().length === 1);
    behind.close();

    await t.pool.query('delete from realtime_event where id <= $1', [newest.rows[0]?.id]);
    const pruned = await signedInSocket(t, a.token, newest.rows[0]?.id);
    expect(pruned.messages[0]?.type).toBe('resync');
    // Another tenant's event id is as unknown as a pruned one.
    await publish(conversationEvent(b, '44'));
    await hubCaughtUp(t);
    const theirs = await t.pool.query<{ id: string }>('select max(id)::text as id from realtime_event');
    const stranger = await signedInSocket(t, a.token, theirs.rows[0]?.id);
    expect(stranger.messages).toEqual([{ type: 'resync', last_event_id: theirs.rows[0]?.id }]);
    pruned.close();
    stranger.close();
  });

  it('closes a client that does not read instead of buffering for it', async () => {
    const slow = await signedInSocket(t, a.token);
    const reader = await signedInSocket(t, a.token);
    // The slow client stops reading: the kernel's buffers fill, then the server's.
    slow.socket.pause();
    const big = 'x'.repeat(2000);
    for (let round = 0; round < 100 && t.app.realtime.size === 2; round += 1) {
      await t.pool.query(
        `insert into realtime_event (tenant_id, type, payload)
         select $1, 'conversation.updated', jsonb_build_object('number_id', '1', 'contact_id', '1', 'unread', 0,
                'last_message_at', $2::text) from generate_series(1, 500)`,
        [a.tenantId, big],
      );
      await t.pool.query(`select pg_notify('realtime_event', '')`);
      await hubCaughtUp(t);
    }
    // The reader got everything; the slow one was dropped.
    await reader.until(() => reader.events().length >= 500);
    expect(t.app.realtime.size).toBe(1);
    slow.socket.resume();
    expect([REALTIME_CLOSE.tooSlow, 1006]).toContain(await slow.closed);
    reader.close();
  });

  it('prunes events past the retention and keeps the recent ones', async () => {
    await publish(conversationEvent(a, '51'), conversationEvent(a, '52'));
    const { rows } = await t.pool.query<{ id: string }>('select max(id)::text as id from realtime_event');
    const newest = rows[0]?.id;
    await t.pool.query(`update realtime_event set created_at = now() - interval '25 hours' where id < $1`, [newest]);
    expect(realtimePruneJob.cron).toBe('*/10 * * * *');
    expect(await pruneEvents(t.pool, 24 * 3600, 2)).toBeGreaterThan(0);
    const left = await t.pool.query<{ id: string }>('select id::text as id from realtime_event');
    expect(left.rows.map((row) => row.id)).toEqual([newest]);
  });
});
