-- A queue row is found by its message with every priority stated (`priority in (0, 1)`, PRIORITY
-- in queue-messages.ts), so that the order index (tenant, number, priority, message) finds it in two
-- probes whatever the statistics say. A row of another priority would never be found by those
-- look-ups, so no other priority may be queued.
alter table send_queue add constraint send_queue_priority_known check (priority in (0, 1));
