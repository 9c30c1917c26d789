import type pg from 'pg';

/**
 * Tags the number with these number tags, making the missing ones while the tenant has fewer than
 * `limit`. Returns the names that could not be made.
 */
export async function tagNumber(
  client: pg.PoolClient,
  tenantId: string,
  numberId: string,
  names: readonly string[],
  limit: number,
): Promise<string[]> {
  if (names.length === 0) return [];
  const lowered = names.map((name) => name.toLowerCase());
  const existing = async () => {
    const { rows } = await client.query<{ id: string; key: string }>(
      `select id, lower(name) as key from tag where tenant_id = $1 and kind = 'number' and lower(name) = any($2::text[])`,
      [tenantId, lowered],
    );
    return rows;
  };
  let found = await existing();
  const missing = names.filter((name) => !found.some((tag) => tag.key === name.toLowerCase()));
  if (missing.length > 0) {
    await client.query(
      `insert into tag (tenant_id, kind, name)
       select $1, 'number', m.name from unnest($2::text[]) with ordinality as m (name, position)
        where m.position <= $3 - (select count(*) from tag where tenant_id = $1 and kind = 'number')
       on conflict (tenant_id, kind, lower(name)) do nothing`,
      [tenantId, missing, limit],
    );
    found = await existing();
  }
  await client.query(
    `insert into number_tag (tenant_id, number_id, tag_id) select $1, $2, unnest($3::bigint[])
     on conflict do nothing`,
    [tenantId, numberId, found.map((tag) => tag.id)],
  );
  return names.filter((name) => !found.some((tag) => tag.key === name.toLowerCase()));
}
