-- Warm-up plans prefer recipients with recent engagement (issue 16, decisions 0013 and 0014). A
-- recipient is engaged when its contact wrote to the tenant within 30 days of the snapshot
-- (contact.last_inbound_at, on the row the snapshot reads anyway). The snapshot marks it only
-- when a sender of the campaign is in a live plan preferring engagement, so other campaigns write
-- nothing more. Each such sender first walks its engaged recipients from its own cursor, then
-- joins the campaign's normal pass.
alter table campaign_recipient add column engaged boolean not null default false;
-- The engaged recipients of a sender in contact order; `engaged` never changes and `state` is not
-- in the index, so the recipients' state updates stay HOT as before. Only a burst's move of a
-- recipient to another number touches it.
create index campaign_recipient_engaged_idx on campaign_recipient (campaign_id, number_id, contact_id) where engaged;
-- The sender's engaged pass: the last engaged recipient it queued (0: from the first); null once
-- none is left after it (the sender then takes part in the campaign's normal pass).
alter table campaign_sender add column engaged_cursor bigint default 0;
