import type { CampaignAudience } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';

/** What of an audience's references the tenant lacks: contact tags, the list (or its state), the pool. */
export async function checkAudienceRefs(
  db: Db,
  scope: Scope,
  audience: CampaignAudience,
): Promise<{
  unknownTags: string[];
  list: 'missing' | 'not_loaded' | 'ok' | null;
  poolFound: boolean | null;
  campaignFound: boolean | null;
}> {
  const { rows } = await db.query(
    `select array(select id::text from tag where tenant_id = $1 and kind = 'contact' and id = any($2::bigint[])) as tags,
            (select status from audience_list where tenant_id = $1 and id = $3 and deleted_at is null) as list_status,
            exists (select 1 from fans_pool where tenant_id = $1 and id = $4 and deleted_at is null) as pool_found,
            exists (select 1 from campaign where tenant_id = $1 and id = $5 and deleted_at is null) as campaign_found`,
    [
      scope.tenantId,
      audience.tagIds ?? [],
      audience.listId ?? null,
      audience.poolId ?? null,
      audience.campaign?.id ?? null,
    ],
  );
  const row = rows[0];
  const known = new Set<string>(row.tags);
  let list: 'missing' | 'not_loaded' | 'ok' | null = null;
  if (audience.listId) list = row.list_status === null ? 'missing' : row.list_status === 'loaded' ? 'ok' : 'not_loaded';
  return {
    unknownTags: (audience.tagIds ?? []).filter((id) => !known.has(id)),
    list,
    poolFound: audience.poolId ? row.pool_found : null,
    campaignFound: audience.campaign ? row.campaign_found : null,
  };
}
