import type { LanguageSource, TranslationLanguage } from '@ws/contract';
import type { Db } from '../../../platform/db/pool.js';
import { isoTime } from '../../../platform/db/sql-time.js';
import type { ConversationRef, MessageRow } from './message-translation-repository.js';

/** A conversation as its translation needs it. */
export interface TranslatingConversation extends ConversationRef {
  id: string;
  language: TranslationLanguage | null;
  translate: boolean;
}

/** A conversation whose detected language a webhook batch changed. */
export interface DetectedChange {
  id: string;
  language: TranslationLanguage;
  translate: boolean;
}

/**
 * A webhook batch's detections, in one statement: each conversation's language becomes the one
 * detected unless an agent set it (`manual`) or it is already that. Answers the conversations it
 * changed, and which of those that received text (`withText`) translate, for the eager translation.
 */
export async function applyDetectedLanguages(
  db: Db,
  tenantId: string,
  detected: readonly { id: string; language: TranslationLanguage }[],
  withText: readonly string[],
): Promise<{ changed: DetectedChange[]; translating: string[] }> {
  const { rows } = await db.query<{
    id: string;
    language: TranslationLanguage | null;
    translate: boolean;
    changed: boolean;
  }>(
    `with changed as (
       update conversation v set language = d.language, language_source = 'detected'
         from jsonb_to_recordset($2::jsonb) as d(id bigint, language text)
        where v.tenant_id = $1 and v.id = d.id and v.language_source is distinct from 'manual'
          and v.language is distinct from d.language
       returning v.id, v.language, v.translate)
     select c.id::text, c.language, c.translate, true as changed from changed c
     union all
     select v.id::text, null, true, false from conversation v
      where v.tenant_id = $1 and v.id = any($3::bigint[]) and v.translate`,
    [tenantId, JSON.stringify(detected), withText],
  );
  return {
    changed: rows
      .filter((row) => row.changed)
      .map((row) => ({ id: row.id, language: row.language as TranslationLanguage, translate: row.translate })),
    translating: rows.filter((row) => !row.changed).map((row) => row.id),
  };
}

export async function selectTranslatingConversations(
  db: Db,
  tenantId: string,
  conversationIds: readonly string[],
): Promise<TranslatingConversation[]> {
  const { rows } = await db.query<TranslatingConversation>(
    `select v.id::text as id, $1::text as "tenantId", v.number_id::text as "numberId", v.contact_id::text as "contactId",
            v.language, v.translate
       from conversation v where v.tenant_id = $1 and v.id = any($2::bigint[])`,
    [tenantId, conversationIds],
  );
  return rows;
}

export async function updateConversationTranslate(
  db: Db,
  tenantId: string,
  conversationId: string,
  translate: boolean,
): Promise<void> {
  await db.query('update conversation set translate = $3 where tenant_id = $1 and id = $2', [
    tenantId,
    conversationId,
    translate,
  ]);
}

export async function updateConversationLanguage(
  db: Db,
  tenantId: string,
  conversationId: string,
  language: TranslationLanguage | null,
  source: LanguageSource | null,
): Promise<void> {
  await db.query('update conversation set language = $3, language_source = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    conversationId,
    language,
    source,
  ]);
}

/** The customer's last messages with text, oldest first: what detection reads again when a manual language is cleared. */
export async function selectRecentInbound(db: Db, conversation: ConversationRef, limit: number): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `select id, created_at, direction, type, body from (
       select m.id::text, ${isoTime('m.created_at')} as created_at, m.direction, m.type, m.body, m.created_at as at,
              m.id as n
         from message m
        where m.tenant_id = $1 and m.contact_id = $2 and m.number_id + 0 = $3 and m.direction = 'in'
          and m.group_ref is null and m.type in ('text', 'image', 'video', 'document')
          and m.created_at > now() - interval '32 days'
        order by m.created_at desc, m.id desc limit $4) recent
      order by at, n`,
    [conversation.tenantId, conversation.contactId, conversation.numberId, limit],
  );
  return rows;
}
