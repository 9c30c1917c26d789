import { type CampaignAudience, ContactFilters, RECIPIENT_STATES } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { SqlValues } from '../../platform/db/sql-values.js';
import { contactWhere } from '../contacts/contact-query.js';

/**
 * The where clause of a campaign's audience over live contacts (alias `c`): every part given must
 * match (tags: any of them). Tags, lists and pools are set-valued subqueries the planner hashes
 * once, so a million-contact audience is one pass over `contact`.
 */
export function audienceWhere(scope: Scope, audience: CampaignAudience, sql: SqlValues): string {
  const conditions = [
    contactWhere(scope, { filters: audience.filters ?? ContactFilters.parse({}), ids: audience.contactIds }, sql),
  ];
  // A parameter, not c.tenant_id: an uncorrelated subquery is hashed once instead of run per contact.
  let tenantValue: string | undefined;
  const tenant = () => {
    tenantValue ??= sql.add(scope.tenantId, 'text');
    return tenantValue;
  };
  if (audience.tagIds) {
    conditions.push(`c.id in (select ct.contact_id from contact_tag ct
      where ct.tenant_id = ${tenant()} and ct.tag_id = any(${sql.add(audience.tagIds, 'bigint[]')}))`);
  }
  if (audience.listId) {
    conditions.push(`c.wa_id in (select r.wa_id from audience_row r
      where r.tenant_id = ${tenant()} and r.list_id = ${sql.add(audience.listId, 'bigint')} and r.wa_id is not null)`);
  }
  if (audience.poolId) {
    const pool = sql.add(audience.poolId, 'bigint');
    conditions.push(`(c.wa_id in (select r.wa_id from fans_pool p
        join audience_row r on r.tenant_id = p.tenant_id and r.list_id = p.list_id
       where p.tenant_id = ${tenant()} and p.id = ${pool} and r.wa_id is not null)
      or c.id in (select ct.contact_id from fans_pool p
        join contact_tag ct on ct.tenant_id = p.tenant_id and ct.tag_id = p.tag_id
       where p.tenant_id = ${tenant()} and p.id = ${pool}))`);
  }
  if (audience.campaign) {
    const states = audience.campaign.states.map((state) => String(RECIPIENT_STATES.indexOf(state)));
    conditions.push(`c.id in (select r.contact_id from campaign_recipient r
      where r.campaign_id = ${sql.add(audience.campaign.id, 'bigint')} and r.tenant_id = ${tenant()}
        and r.state = any(${sql.add(states, 'text[]')}::smallint[]))`);
  }
  return conditions.join(' and ');
}
