-- The IP list shows how many live numbers use each IP (for an operator looking at a system IP:
-- how many of the operator's own). This index answers that count from the index alone, where
-- 0004's wa_number_ip_idx (kept for the foreign key's set null, which must reach numbers in the
-- recycle bin too) visits every number's row.
create index wa_number_ip_usage_idx on wa_number (egress_ip_id, tenant_id)
  where egress_ip_id is not null and deleted_at is null;
