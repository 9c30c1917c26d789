-- Contacts beyond phone numbers (docs/decisions/0012-business-scoped-user-ids.md). A WhatsApp user
-- may reach a business with a phone number (wa_id), a business-scoped user id (BSUID, Meta's
-- `user_id`), or both; users with a username may hide their phone. A BSUID belongs to one Meta
-- business portfolio, so it is kept with the portfolio it came from (user_portfolio_id) and is
-- unique per tenant and portfolio, as wa_id is per tenant. A contact has at least one of the two.
alter table contact alter column wa_id drop not null;
alter table contact add column user_id text;
alter table contact add column user_portfolio_id bigint;
alter table contact add constraint contact_user_portfolio_fkey
  foreign key (tenant_id, user_portfolio_id) references wa_portfolio (tenant_id, id);
alter table contact add column username text;
alter table contact add constraint contact_identity_check check (
  (wa_id is not null or user_id is not null) and ((user_id is null) = (user_portfolio_id is null))
);
-- user_id before the portfolio: the contact search finds a whole BSUID through this index too.
create unique index contact_user_id_key on contact (tenant_id, user_id, user_portfolio_id) where user_id is not null;
-- The contact list's search finds a contact by a part of its username, as it does by name.
create index contact_username_trgm_idx on contact using gin (username gin_trgm_ops)
  where deleted_at is null and username is not null;
