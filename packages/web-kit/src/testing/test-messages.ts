import type { ChatMessage } from '@ws/contract';

/** A history record for the front ends' tests; each call makes a new id a second later. */
let made = 0;
export function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  made += 1;
  const id = overrides.id ?? String(made);
  return {
    id,
    cursor: `cursor-${id}`,
    created_at: new Date(Date.UTC(2025, 0, 1) + made * 1000).toISOString().replace('Z', '000Z'),
    direction: 'in',
    type: 'text',
    body: { text: { body: `message ${id}` } },
    preview: `message ${id}`,
    status: 'received',
    status_at: '2025-01-01T00:00:00.000000Z',
    sent_at: null,
    delivered_at: null,
    read_at: null,
    failed_at: null,
    error_code: null,
    error_title: null,
    number_id: '1',
    number_phone: '15550001',
    contact_id: '2',
    contact_wa_id: '8613800000001',
    contact_username: null,
    contact_user_id: null,
    contact_name: '',
    group_ref: null,
    purpose: null,
    template_name: null,
    sent_by: null,
    sent_by_name: null,
    context_meta_id: null,
    context_preview: null,
    meta_message_id: `wamid.${id}`,
    ...overrides,
  };
}
