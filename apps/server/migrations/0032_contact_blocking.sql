-- A business number's block of a customer (Meta's Block Users API keeps a blocklist per phone
-- number, so the block belongs to the conversation: one number and one contact). While blocked_at
-- is set the send governor refuses every message of that number to that contact (`blocked`).
alter table conversation
  add column blocked_at timestamptz,
  add column blocked_by bigint;
