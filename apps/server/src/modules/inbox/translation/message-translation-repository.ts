import type { TranslationLanguage } from '@ws/contract';
import type { Db } from '../../../platform/db/pool.js';
import { isoTime } from '../../../platform/db/sql-time.js';
import type { LocalizedText } from '../../../platform/http/errors.js';

/** A message's text in one language, as `message_translation` keeps it (migration 0036). */
export interface StoredTranslation {
  message_id: string;
  /** The message's created_at, ISO with microseconds (part of its key). */
  message_created_at: string;
  conversation_id: string;
  language: TranslationLanguage;
  status: 'ok' | 'failed' | 'same';
  text: string | null;
  original: boolean;
  source_language: TranslationLanguage | null;
  provider: string;
  simulated: boolean;
  error: LocalizedText | null;
}

/** A message of a conversation with what `message-text.ts` needs to find its text. */
export interface MessageRow {
  id: string;
  created_at: string;
  direction: 'in' | 'out';
  type: string;
  body: Record<string, unknown>;
}

export interface ConversationRef {
  tenantId: string;
  numberId: string;
  contactId: string;
}

const STORED_COLUMNS = `t.message_id::text, ${isoTime('t.message_created_at')} as message_created_at,
  t.conversation_id::text, t.language, t.status, t.text, t.original, t.source_language, t.provider, t.simulated, t.error`;

/**
 * The messages' translations into `language`, and the agent's own words of replies sent translated
 * (in whatever language the agent wrote): one row per message, the reader's language first.
 */
export async function selectMessageTranslations(
  db: Db,
  tenantId: string,
  messageIds: readonly string[],
  language: TranslationLanguage,
): Promise<StoredTranslation[]> {
  if (messageIds.length === 0) return [];
  const { rows } = await db.query<StoredTranslation>(
    `select distinct on (t.message_id) ${STORED_COLUMNS}
       from message_translation t
      where t.tenant_id = $1 and t.message_id = any($2::bigint[]) and (t.language = $3 or t.original)
      order by t.message_id, t.language = $3 desc`,
    [tenantId, messageIds, language],
  );
  return rows;
}

/**
 * Saves translations, set-based. A message is translated once: an ok row is never replaced; a
 * failed one is (a retry). Answers the rows as stored now.
 */
export async function saveMessageTranslations(
  db: Db,
  tenantId: string,
  translations: readonly StoredTranslation[],
): Promise<StoredTranslation[]> {
  if (translations.length === 0) return [];
  const { rows } = await db.query<StoredTranslation>(
    `insert into message_translation as t (tenant_id, message_id, message_created_at, conversation_id, language, status,
                                           text, original, source_language, provider, simulated, error)
     select $1, r.message_id, r.message_created_at, r.conversation_id, r.language, r.status, r.text, r.original,
            r.source_language, r.provider, r.simulated, r.error
       from jsonb_to_recordset($2::jsonb) as r(message_id bigint, message_created_at timestamptz, conversation_id bigint,
            language text, status text, text text, original boolean, source_language text, provider text,
            simulated boolean, error jsonb)
     on conflict (tenant_id, message_id, language) do update
        set status = excluded.status, text = excluded.text, original = excluded.original,
            source_language = excluded.source_language, provider = excluded.provider,
            simulated = excluded.simulated, error = excluded.error, created_at = now()
      where t.status <> 'ok'
     returning ${STORED_COLUMNS}`,
    [tenantId, JSON.stringify(translations)],
  );
  return rows;
}

/** Messages of the conversation among `keys` (id and created_at), in the order asked. */
export async function selectConversationMessages(
  db: Db,
  conversation: ConversationRef,
  keys: readonly { messageId: string; createdAt: string }[],
): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `select m.id::text, ${isoTime('m.created_at')} as created_at, m.direction, m.type, m.body
       from rows from (jsonb_to_recordset($4::jsonb) as (id bigint, created_at timestamptz)) with ordinality as k(id, created_at, n)
       join message m on m.tenant_id = $1 and m.created_at = k.created_at and m.id = k.id
      where m.contact_id = $2 and m.number_id = $3 and m.group_ref is null
      order by k.n`,
    [
      conversation.tenantId,
      conversation.contactId,
      conversation.numberId,
      JSON.stringify(keys.map((key) => ({ id: key.messageId, created_at: key.createdAt }))),
    ],
  );
  return rows;
}

/**
 * The customer's newest messages of the conversation (the last month) that have no translation
 * into `language` yet: what the eager translation does next. Its rows are its cursor.
 */
export async function selectUntranslatedInbound(
  db: Db,
  conversation: ConversationRef,
  language: TranslationLanguage,
  limit: number,
): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `select m.id::text, ${isoTime('m.created_at')} as created_at, m.direction, m.type, m.body
       from message m
      where m.tenant_id = $1 and m.contact_id = $2 and m.number_id + 0 = $3 and m.direction = 'in'
        and m.group_ref is null and m.type in ('text', 'image', 'video', 'document')
        and m.created_at > now() - interval '32 days'
        and not exists (select 1 from message_translation t
                         where t.tenant_id = m.tenant_id and t.message_id = m.id and t.language = $4)
      order by m.created_at desc, m.id desc
      limit $5`,
    [conversation.tenantId, conversation.contactId, conversation.numberId, language, limit],
  );
  return rows;
}
