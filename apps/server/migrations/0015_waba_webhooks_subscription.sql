-- When the app was subscribed to the WABA's webhooks (POST /{waba-id}/subscribed_apps): without the
-- subscription Meta posts nothing of the account's numbers. Null until the product subscribed it
-- (on connecting the WABA) or the channel check found or restored the subscription; WABAs
-- connected before this migration were never subscribed by the product, so they start null.
alter table wa_business_account add column webhooks_subscribed_at timestamptz;
