// Row counts of the generated tenant and whether the roll-ups the product keeps (contact_tally,
// tag.item_count, contact_daily_stat, number_daily_count, contact_consent_tally, contact_tag_names,
// contact_month_number) agree with counting the rows.

const CONSENT_ROWS_WRONG = `
  select count(*)::int as wrong from (
    select coalesce(number_id, 0) as number_id, consent, count(*) as n
      from contact where tenant_id = $1 and deleted_at is null group by 1, 2) counted
    full join (select number_id, consent, contacts as n from contact_consent_tally
                where tenant_id = $1 and contacts <> 0) kept using (number_id, consent)
   where counted.n is distinct from kept.n`;

const TAG_NAMES_ROWS_WRONG = `
  select count(*)::int as wrong from (
    select ct.contact_id, string_agg(t.name, '; ' order by t.name, t.id) as names
      from contact_tag ct join tag t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
     where ct.tenant_id = $1 group by 1) counted
    full join (select contact_id, names from contact_tag_names where tenant_id = $1) kept using (contact_id)
   where counted.names is distinct from kept.names`;

const MONTH_ROWS_WRONG = `
  select count(*)::int as wrong from (
    select date_trunc('month', day)::date as month, number_id, sum(created) as created, sum(opted_out) as opted_out
      from contact_daily_stat where tenant_id = $1 group by 1, 2) counted
    full join (select month, number_id, created, opted_out from contact_month_number
                where tenant_id = $1 and (created <> 0 or opted_out <> 0)) kept using (month, number_id)
   where (counted.created, counted.opted_out) is distinct from (kept.created, kept.opted_out)`;

/** The rows `sql` finds wrong in `table` ($1 the tenant); undefined on a database made before the table. */
async function wrongRows(db, tenantId, table, sql) {
  const { rows } = await db.query('select to_regclass($1) is not null as present', [table]);
  return rows[0].present ? (await db.query(sql, [tenantId])).rows[0].wrong : undefined;
}

export async function checkTenant(db, tenantId) {
  const counts = (
    await db.query(
      `select (select count(*) from wa_number where tenant_id = $1)::int as numbers,
              (select count(*) from wa_number where tenant_id = $1 and deleted_at is null)::int as "liveNumbers",
              (select count(*) from contact where tenant_id = $1)::int as contacts,
              (select count(*) from contact where tenant_id = $1 and deleted_at is null)::int as "liveContacts",
              (select count(*) from tag where tenant_id = $1 and kind = 'contact')::int as "contactTags",
              (select count(*) from tag where tenant_id = $1 and kind = 'number')::int as "numberTags",
              (select count(*) from contact_tag where tenant_id = $1)::int as "contactTagRows",
              (select count(*) from number_tag where tenant_id = $1)::int as "numberTagRows",
              (select count(*) from message where tenant_id = $1)::int as messages,
              (select count(*) from message_default where tenant_id = $1)::int as "messagesInDefaultPartition",
              (select count(*) from conversation where tenant_id = $1)::int as conversations`,
      [tenantId],
    )
  ).rows[0];
  const rollups = (
    await db.query(
      `select
         (select sum(contacts) from contact_tally where tenant_id = $1)::bigint as "tallyTotal",
         (select count(*) from (
            select coalesce(number_id, 0) as number_id, count(*) as n
              from contact where tenant_id = $1 and deleted_at is null group by 1) counted
            full join (select number_id, contacts as n from contact_tally where tenant_id = $1 and contacts <> 0) kept
            using (number_id)
           where counted.n is distinct from kept.n)::int as "tallyRowsWrong",
         (select count(*) from tag t
            left join (select tag_id, count(*) as n from contact_tag where tenant_id = $1 group by 1
                       union all
                       select tag_id, count(*) from number_tag where tenant_id = $1 group by 1) c on c.tag_id = t.id
           where t.tenant_id = $1 and t.item_count <> coalesce(c.n, 0))::int as "tagCountsWrong",
         (select sum(created) from contact_daily_stat where tenant_id = $1)::bigint as "dailyCreated",
         (select sum(opted_out) from contact_daily_stat where tenant_id = $1)::bigint as "dailyOptedOut",
         (select count(*) from contact where tenant_id = $1 and opted_out_at is not null)::int as "optedOut",
         (select sum(received) from number_daily_count where tenant_id = $1)::bigint as "dailyReceived",
         (select sum(sent) from number_daily_count where tenant_id = $1)::bigint as "dailySent",
         (select count(*) filter (where direction = 'in') from message where tenant_id = $1)::int as received,
         (select count(*) filter (where direction = 'out' and status in ('accepted', 'sent', 'delivered', 'read'))
            from message where tenant_id = $1)::int as sent`,
      [tenantId],
    )
  ).rows[0];
  // Roll-ups of later migrations, checked row by row when the database has them: live contacts per
  // number and consent state (0009), each tagged contact's names (0013), monthly sums (0014).
  rollups.consentTallyRowsWrong = await wrongRows(db, tenantId, 'contact_consent_tally', CONSENT_ROWS_WRONG);
  rollups.tagNamesRowsWrong = await wrongRows(db, tenantId, 'contact_tag_names', TAG_NAMES_ROWS_WRONG);
  rollups.monthRowsWrong = await wrongRows(db, tenantId, 'contact_month_number', MONTH_ROWS_WRONG);
  const problems = [];
  const expectEqual = (what, kept, counted) => {
    if (Number(kept) !== Number(counted)) problems.push(`${what}: roll-up ${kept}, counted ${counted}`);
  };
  expectEqual('contact_tally total', rollups.tallyTotal, counts.liveContacts);
  expectEqual('contact_tally rows that differ from a count', rollups.tallyRowsWrong, 0);
  expectEqual('tags whose item_count differs from a count', rollups.tagCountsWrong, 0);
  expectEqual('contact_daily_stat created', rollups.dailyCreated, counts.contacts);
  expectEqual('contact_daily_stat opted_out', rollups.dailyOptedOut, rollups.optedOut);
  expectEqual('number_daily_count received', rollups.dailyReceived, rollups.received);
  expectEqual('number_daily_count sent', rollups.dailySent, rollups.sent);
  expectEqual('contact_consent_tally rows that differ from a count', rollups.consentTallyRowsWrong ?? 0, 0);
  expectEqual('contact_tag_names rows that differ from the tags', rollups.tagNamesRowsWrong ?? 0, 0);
  expectEqual('contact_month_number rows that differ from the days', rollups.monthRowsWrong ?? 0, 0);
  expectEqual('messages in message_default', counts.messagesInDefaultPartition, 0);
  return { counts, rollups, problems };
}
