-- Meta's per-message price book (issue 16's cost before start; issue 20 charges from it and lets
-- the platform admin edit it). A platform table: no tenant, every tenant's estimate reads the same
-- rows. Rows are date-effective and never updated in place: a new rate card is new rows with a
-- later effective_from, so an estimate or a charge can always say which rate it used.
--
-- Meta prices a template message by the recipient's market (from the number's country calling
-- code: a country, or a region such as "Rest of Western Europe") and the template's category.
-- Amounts are integer micro-units (1 USD = 1 000 000); utility and authentication have volume
-- tiers, and this book holds the list price (the first tier).
--
-- Not seeded: Meta publishes its rates as downloadable rate cards (CSV, one per currency) linked
-- from https://developers.facebook.com/docs/whatsapp/pricing, and no copy of Meta's own rate card
-- could be found while this was built (2026-11-26): only resellers' and third parties'
-- transcriptions, which this book does not take on trust. Load Meta's current card (issue 20's
-- admin screen, or rows inserted by hand with their source); until then every recipient of a
-- preview counts as unpriced.

-- Which market a country belongs to from a date on. A country with no row is a market of its own
-- (its ISO code); a row moves it into a region, or back out of one (market = the country itself).
create table price_market (
  country text not null check (country ~ '^[A-Z]{2}$'),
  market text not null check (market <> ''),
  effective_from date not null,
  source text not null,
  created_at timestamptz not null default now(),
  primary key (country, effective_from)
);

-- A market's rate for one category from a date on. Service is a non-template message (free-form
-- text): free from 2024-11-01, charged again from 2026-10-01 (Meta's "Upcoming pricing updates
-- for Meta Business Agent, service and utility messages", updated 2026-07-01, which also ends
-- free utility templates inside an open customer-service window from that day).
-- authentication_international applies only where Meta publishes one.
create table price_rate (
  market text not null check (market <> ''),
  category text not null
    check (category in ('marketing', 'utility', 'authentication', 'authentication_international', 'service')),
  currency text not null default 'USD' check (currency = 'USD'),
  effective_from date not null,
  unit_micros bigint not null check (unit_micros >= 0),
  source text not null,
  created_at timestamptz not null default now(),
  primary key (market, category, currency, effective_from)
);
