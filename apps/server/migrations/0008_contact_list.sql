-- The contact list's source filter, and the list of sources offered for it (read as a loose
-- index scan), page newest first like the other filters: an index that ends in id desc.
create index contact_source_idx on contact (tenant_id, opt_in_source, id desc) where deleted_at is null;
