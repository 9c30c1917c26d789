import type { InboxTemplate } from '@ws/contract';
import type { Db } from '../../platform/db/pool.js';
import { isoTime } from '../../platform/db/sql-time.js';

/** Whether the Meta message id names a message of this conversation (the one a reply quotes). */
export async function conversationHasMessage(
  db: Db,
  tenantId: string,
  conversation: { numberId: string; contactId: string },
  metaMessageId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from message where tenant_id = $1 and meta_message_id = $2 and number_id = $3 and contact_id = $4 limit 1`,
    [tenantId, metaMessageId, conversation.numberId, conversation.contactId],
  );
  return rows.length > 0;
}

/** A queued message's time as the replies write times. */
export async function selectQueuedTime(db: Db, tenantId: string, id: string, createdAt: string): Promise<string> {
  const { rows } = await db.query<{ at: string }>(
    `select ${isoTime('created_at')} as at from message where tenant_id = $1 and created_at = $2::timestamptz and id = $3`,
    [tenantId, createdAt, id],
  );
  return rows[0]?.at as string;
}

interface TemplateRow extends InboxTemplate {
  components: { type: string; text?: string }[];
}

const TEMPLATE_COLUMNS = `t.id::text, t.name, t.language, t.category, t.components,
  coalesce((select c->>'text' from jsonb_array_elements(t.components) c where upper(c->>'type') = 'BODY' limit 1), '') as body`;

/** The approved templates of the WABA the conversation's number belongs to, by name and language. */
export async function selectApprovedTemplates(db: Db, tenantId: string, numberId: string): Promise<TemplateRow[]> {
  const { rows } = await db.query<TemplateRow>(
    `select ${TEMPLATE_COLUMNS} from wa_template t
       join wa_number n on n.tenant_id = t.tenant_id and n.waba_ref = t.waba_ref
      where t.tenant_id = $1 and n.id = $2 and t.status = 'APPROVED'
      order by t.name, t.language`,
    [tenantId, numberId],
  );
  return rows;
}

/** One template of the number's WABA with its status, or undefined when the WABA has no such template. */
export async function selectNumberTemplate(
  db: Db,
  tenantId: string,
  numberId: string,
  templateId: string,
): Promise<(TemplateRow & { status: string }) | undefined> {
  const { rows } = await db.query<TemplateRow & { status: string }>(
    `select ${TEMPLATE_COLUMNS}, t.status from wa_template t
       join wa_number n on n.tenant_id = t.tenant_id and n.waba_ref = t.waba_ref
      where t.tenant_id = $1 and n.id = $2 and t.id = $3`,
    [tenantId, numberId, templateId],
  );
  return rows[0];
}
