-- The numbers list's last two filters, paused and egress IP, each by an index that ends in id
-- (0004 has the others), so their first page is read in order instead of sorted.
create index wa_number_paused_idx on wa_number (tenant_id, id desc) where deleted_at is null and paused_at is not null;
create index wa_number_egress_list_idx on wa_number (tenant_id, egress_ip_id, id desc)
  where deleted_at is null and egress_ip_id is not null;
