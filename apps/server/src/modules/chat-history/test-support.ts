/** Helpers of the chat history tests: a seat to be refused, messages straight in the database. */
import type { TokenPair } from '@ws/contract';
import { hashPassword } from '../../platform/auth/password.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { TestApp } from '../../test/test-app.js';
import { insertUser, roleIdOf } from '../users/user-repository.js';

/** A seat (an agent, who may not read histories here) in the tenant of `owner`, signed in. */
export async function signedInSeat(t: TestApp, owner: TokenPair, username: string): Promise<TokenPair> {
  const passwordHash = await hashPassword('seat-pass-123');
  await withTransaction(t.pool, async (client) =>
    insertUser(client, {
      tenantId: owner.user_info.tenant_id,
      username,
      passwordHash,
      nickname: username,
      deptId: owner.user_info.dept_id,
      roleId: await roleIdOf(client, 'seat'),
      mass: 0,
      isOwner: false,
      createdBy: owner.user_info.user_id,
    }),
  );
  return t.signIn(username, 'seat-pass-123');
}

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
