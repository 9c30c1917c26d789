/** Helpers of the chat history tests: messages straight in the database. */
import type { TestApp } from '../../test/test-app.js';

export interface MessageSeed {
  numberId: string;
  contactId: string;
  createdAt: Date | string;
  direction?: 'in' | 'out';
  type?: string;
  body?: Record<string, unknown>;
  preview?: string;
  status?: string;
  metaMessageId?: string;
  contextMetaId?: string;
  templateId?: string;
  sentBy?: string;
  errorCode?: number;
  errorTitle?: string;
}

/** Inserts messages as the webhook intake and the send lanes leave them; returns their ids in order. */
export async function insertMessages(t: TestApp, tenantId: string, seeds: readonly MessageSeed[]): Promise<string[]> {
  const column = <T>(pick: (seed: MessageSeed) => T) => seeds.map(pick);
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into message (tenant_id, number_id, contact_id, created_at, direction, type, body, preview, status,
                          status_at, meta_message_id, context_meta_id, template_id, sent_by, error_code, error_title)
     select $1, s.number_id, s.contact_id, s.created_at, s.direction, s.type, s.body, s.preview, s.status,
            s.created_at, s.meta_id, s.context_id, s.template_id, s.sent_by, s.error_code, s.error_title
       from unnest($2::bigint[], $3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::jsonb[], $8::text[],
                   $9::text[], $10::text[], $11::text[], $12::bigint[], $13::bigint[], $14::int[], $15::text[])
            with ordinality
            as s (number_id, contact_id, created_at, direction, type, body, preview, status, meta_id, context_id,
                  template_id, sent_by, error_code, error_title, position)
      order by s.position
     returning id::text`,
    [
      tenantId,
      column((s) => s.numberId),
      column((s) => s.contactId),
      column((s) => s.createdAt),
      column((s) => s.direction ?? 'in'),
      column((s) => s.type ?? 'text'),
      column((s) => JSON.stringify(s.body ?? { text: { body: s.preview ?? 'hello' } })),
      column((s) => s.preview ?? 'hello'),
      column((s) => s.status ?? ((s.direction ?? 'in') === 'in' ? 'received' : 'sent')),
      column((s) => s.metaMessageId ?? null),
      column((s) => s.contextMetaId ?? null),
      column((s) => s.templateId ?? null),
      column((s) => s.sentBy ?? null),
      column((s) => s.errorCode ?? null),
      column((s) => s.errorTitle ?? null),
    ],
  );
  return rows.map((row) => row.id);
}
