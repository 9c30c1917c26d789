-- Webhook processing: the order of message statuses, statuses waiting for their message, and the
-- few facts the webhooks carry that 0002 has no column for.

-- Where a delivery status stands. A status moves a message only to a higher rank, so duplicates
-- and out-of-order deliveries change nothing. failed ranks above sent (a late "sent" never undoes
-- a failure) and below delivered: a message that reached a device was delivered, whatever failure
-- another device reports (Meta documents delivered and failed arriving in either order for users
-- on several devices). Statuses the webhook never sets (refused, received, deleted) are never moved.
create function wa_message_status_rank(status text) returns integer language sql immutable parallel safe as $$
  select case status
    when 'queued' then 0 when 'accepted' then 0 when 'sent' then 1 when 'failed' then 2
    when 'delivered' then 3 when 'read' then 4 else 9 end
$$;

-- Statuses whose message was not found: Meta's "sent" can arrive before the send lane has
-- recorded the message's Meta id. They are merged here (best status, earliest time of each kind)
-- and applied when the message appears; after an hour they are dropped as not ours.
create table webhook_status_orphan (
  tenant_id text not null,
  meta_message_id text not null,
  status text not null,
  status_at timestamptz not null,
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz,
  error_code integer,
  error_title text,
  first_seen_at timestamptz not null default now(),
  primary key (tenant_id, meta_message_id)
);
create index webhook_status_orphan_age_idx on webhook_status_orphan (first_seen_at);

-- When the contact last resumed marketing (START, or Meta's user_preferences resume): an opt-out
-- older than this is a late or repeated delivery and is ignored.
alter table contact add column opt_resumed_at timestamptz;

-- Meta suspends a group (group_status_update) without deleting it; cleared when lifted.
alter table wa_group add column suspended_at timestamptz;

-- Who ended a membership: 'participant' (left) or 'business' (removed).
alter table wa_group_participant add column left_by text;

-- Housekeeping deletes old events by age.
create index webhook_event_received_idx on webhook_event (received_at);

-- Stored payloads are large (a 1000-status batch is ~280 kB of JSON) and compress 15-fold: lz4 does
-- it in well under half pglz's time, on the request's path. A server built without lz4 (the
-- embedded one) keeps the default.
do $$
begin
  alter table webhook_event alter column payload set compression lz4;
exception when feature_not_supported then
  raise notice 'lz4 is not available; webhook payloads keep the default compression';
end $$;
