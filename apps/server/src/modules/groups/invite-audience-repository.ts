import type { CampaignAudience } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { BoundValues } from '../../platform/db/sql-values.js';
import { audienceWhere } from '../campaigns/audience-query.js';

export interface InviteContact {
  id: string;
  wa_id: string;
  name: string;
}

/**
 * The next contacts of the audience after the cursor, in id order, who may get an invitation:
 * opt-in evidence and no opt-out (an invitation is marketing). Contacts without consent are never
 * read, so the cursor passes over them.
 */
export async function selectInviteBatch(
  db: Db,
  scope: Scope,
  audience: CampaignAudience,
  afterContactId: string,
  limit: number,
): Promise<InviteContact[]> {
  const sql = new BoundValues();
  const where = audienceWhere(scope, audience, sql);
  const { rows } = await db.query<InviteContact>(
    `select c.id::text, c.wa_id, c.name from contact c
      where ${where} and c.id > ${sql.add(afterContactId, 'bigint')}
        and c.opted_in_at is not null and coalesce(c.opt_in_evidence, '') <> '' and c.opted_out_at is null
      order by c.id limit ${sql.add(limit, 'int')}`,
    sql.values,
  );
  return rows;
}
