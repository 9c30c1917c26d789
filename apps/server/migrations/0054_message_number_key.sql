-- A number's messages by time, with the id as the last column: the index then names each message
-- exactly. The send lanes record their outcomes by (tenant, number, created_at, id): a dispatcher
-- step writes a number's messages with one created_at, so without the id this index returned all
-- of them for each outcome (about 29 buffers a message instead of 4), and it is the index the
-- planner takes for that look-up whatever the statistics say (without the number, with statistics
-- older than the tenant's rows, it took this index by the tenant alone: hundreds of buffers an
-- outcome). Lists ordered newest first with the id breaking ties read it in order as well.
drop index message_number_idx;
create index message_number_idx on message (tenant_id, number_id, created_at desc, id desc);
