-- Number imports (0004) learn where the numbers live and which business portfolio each row names.
-- target: 'cloud' is Meta's Cloud API at the configured base URL, 'sandbox' the product's own
-- emulator; the job resolves it to a URL when it runs, so a changed sandbox port still works.
alter table number_import
  add column target text not null default 'cloud' check (target in ('cloud', 'sandbox'));

-- The portfolio column of the file; null means the default portfolio.
alter table number_import_row
  add column portfolio text check (length(portfolio) <= 128);

-- The job's cursor: rows not yet decided, in file order.
create index number_import_row_pending_idx on number_import_row (tenant_id, import_id, row_no) where outcome is null;
