-- Chat history: the conversation picker lists a tenant's (or one number's) conversations by their
-- latest message. Without these, its first page sorts every conversation of the tenant.
create index conversation_recent_idx on conversation (tenant_id, last_message_at desc);
create index conversation_number_recent_idx on conversation (tenant_id, number_id, last_message_at desc);
