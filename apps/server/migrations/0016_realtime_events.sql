-- Realtime events: an append-only table written in the same transaction as the change each row
-- reports, read by every api process past its own cursor (platform/realtime). Rows are ordered
-- by (xid, id), not by id alone: ids are taken before commit, so they commit out of order, but a
-- transaction whose xid is below the snapshot's xmin has ended, so no row can appear later below
-- that line. A reader only reads below it, and its cursor is a (xid, id) pair.
create table realtime_event (
  id bigint generated always as identity,
  xid xid8 not null default pg_current_xact_id(),
  tenant_id text not null,
  type text not null,
  payload jsonb not null,
  -- The audience, besides the tenant: null means no restriction on that axis.
  user_ids bigint[],
  roles text[],
  -- The assigned agents of the contacts the event is about: a seat gets the event only when it is
  -- one of them (null: the event is about no assigned contact, and no seat gets it).
  assignee_ids bigint[],
  created_at timestamptz not null default now(),
  primary key (id)
);
create index realtime_event_position_idx on realtime_event (xid, id);
create index realtime_event_created_idx on realtime_event (created_at);
