-- The (tenant, Meta id, created_at) key holds only the messages that have a Meta id. A queued
-- message has none until its lane records the send: with the month's statistics older than a
-- campaign's rows, the planner took this index for the lanes' outcomes, which name a message by
-- its primary key (tenant, created_at, id), matching the tenant and created_at alone and walking
-- the tenant's entries of the month for each outcome (25 000 to 40 000 buffers a flush of 75
-- outcomes at 300 000 contacts, auto_explain). Partial, it serves only statements that name a Meta
-- id, which is every statement it is for; and the dispatcher's inserts of queued messages no
-- longer write it.
drop index message_meta_id_key;
create unique index message_meta_id_key on message (tenant_id, meta_message_id, created_at)
  where meta_message_id is not null;
