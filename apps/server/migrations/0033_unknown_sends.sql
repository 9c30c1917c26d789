-- Sends whose fate is unknown (issue 16, decision 0013 "Sends nobody heard of"): a claim
-- interrupted by a crash, a timeout or reset after the request was written, a 5xx. The lane
-- records each here with its outcome; a minute job forgets those a status webhook settled, and
-- sends again those Meta evidently never took: still unknown after a grace, while a later message
-- of the same number was sent (by Meta's own timestamp) after this one was marked, so the number's
-- status webhooks are flowing and passed it by. Kept apart from `message` so that no index on the
-- message's status stops its status updates from being made in place (0029).
create table unknown_send (
  tenant_id text not null,
  message_id bigint not null,
  message_created_at timestamptz not null,
  number_id bigint not null,
  since timestamptz not null default now(),
  primary key (tenant_id, message_id)
);
create index unknown_send_since_idx on unknown_send (since);
