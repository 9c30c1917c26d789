import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../sandbox/index.js';
import { useTestApp } from '../test/test-app.js';
import { DEMO_CONTACT_COUNT, DEMO_TEMPLATES } from './demo-data.js';
import { seedDemoTenant } from './seed-demo.js';

const app = useTestApp({ DEMO_PASSWORD: 'demo-pass-1234' });
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ appSecret: app.context.whatsapp.appSecret, webhookUrl: null });
});
afterAll(() => sandbox?.stop());

describe('the demo tenant', () => {
  it('is created once, with sandbox numbers, approved templates, contacts with consent and history', async () => {
    const seeded = await seedDemoTenant(app.context, sandbox.url);
    expect(seeded?.generatedPassword).toBeUndefined();
    const tenantId = seeded?.tenantId as string;

    const tokens = await app.signIn('demo', 'demo-pass-1234');
    expect(tokens.access_token).toBeTruthy();

    const { rows: numbers } = await app.pool.query(
      'select phone_number_id, api_base_url, access_token_encrypted from wa_number where tenant_id = $1',
      [tenantId],
    );
    expect(numbers).toHaveLength(3);
    const listed = (await sandbox.control('GET', '/numbers')).body as {
      phone_number_id: string;
      access_token: string;
      display_phone_number: string;
      official_business_account: boolean;
    }[];
    // One number may host groups (an Official Business Account), as a demo of group invites.
    expect(
      listed.filter((entry) => entry.official_business_account).map((entry) => entry.display_phone_number),
    ).toEqual(['15550101003']);
    for (const number of numbers) {
      expect(number.api_base_url).toBe(sandbox.url);
      const twin = listed.find((entry) => entry.phone_number_id === number.phone_number_id);
      expect(app.context.whatsapp.tokenCipher.decrypt(number.access_token_encrypted)).toBe(twin?.access_token);
      expect(number.access_token_encrypted).not.toContain(twin?.access_token);
    }
    const { rows: templates } = await app.pool.query(
      "select count(*)::int as n from wa_template where tenant_id = $1 and status = 'APPROVED'",
      [tenantId],
    );
    expect(templates[0].n).toBe(DEMO_TEMPLATES.length);
    const { rows: contacts } = await app.pool.query(
      `select count(*)::int as total, count(*) filter (where opted_in_at is not null and opt_in_evidence is not null)::int as consented,
              count(*) filter (where opted_out_at is not null)::int as opted_out
         from contact where tenant_id = $1`,
      [tenantId],
    );
    expect(contacts[0].total).toBe(DEMO_CONTACT_COUNT);
    expect(contacts[0].consented).toBeGreaterThan(DEMO_CONTACT_COUNT * 0.8);
    expect(contacts[0].opted_out).toBeGreaterThan(0);
    const { rows: history } = await app.pool.query(
      "select count(*)::int as n, count(distinct contact_id)::int as people from message where tenant_id = $1 and direction = 'in'",
      [tenantId],
    );
    expect(history[0].people).toBe(DEMO_CONTACT_COUNT / 5);

    // Tags with their kept counts, and the roll-ups agree with the rows they summarise.
    const { rows: tags } = await app.pool.query(
      `select t.kind, t.name, t.item_count,
              (select count(*)::int from contact_tag ct where ct.tenant_id = t.tenant_id and ct.tag_id = t.id)
            + (select count(*)::int from number_tag nt where nt.tenant_id = t.tenant_id and nt.tag_id = t.id) as rows
         from tag t where t.tenant_id = $1 order by t.kind, t.name`,
      [tenantId],
    );
    expect(tags.map((tag) => `${tag.kind}:${tag.name}`)).toEqual([
      'contact:Newsletter',
      'contact:VIP',
      'contact:回头客',
      'number:Sales',
      'number:Support',
    ]);
    for (const tag of tags) expect(tag.item_count, tag.name).toBe(tag.rows);
    expect(tags.find((tag) => tag.name === 'VIP')?.item_count).toBe(Math.ceil((DEMO_CONTACT_COUNT - 1) / 9));
    const { rows: rollups } = await app.pool.query(
      `select (select sum(contacts)::int from contact_tally where tenant_id = $1) as tallied,
              (select sum(created)::int from contact_daily_stat where tenant_id = $1) as created,
              (select sum(opted_out)::int from contact_daily_stat where tenant_id = $1) as opted_out,
              (select sum(received)::int from number_daily_count where tenant_id = $1) as received`,
      [tenantId],
    );
    const { rows: optOutDays } = await app.pool.query(
      `select count(*)::int as n from contact c
         join contact_daily_stat s on s.tenant_id = c.tenant_id and s.number_id = c.number_id and s.opted_out > 0
                                   and s.day = (c.opted_out_at at time zone 'UTC')::date
        where c.tenant_id = $1 and c.opted_out_at is not null`,
      [tenantId],
    );
    // Each opt-out counts on the day it happened, not the day the contact was imported.
    expect(optOutDays[0].n).toBe(contacts[0].opted_out);
    expect(rollups[0]).toEqual({
      tallied: DEMO_CONTACT_COUNT,
      created: DEMO_CONTACT_COUNT,
      opted_out: contacts[0].opted_out,
      received: history[0].n,
    });

    await expectBelievableHistory(tenantId);
    expect(await seedDemoTenant(app.context, sandbox.url)).toBeUndefined();
  });
});

/**
 * The demo tells one story: contacts joined over weeks (not all today), after the numbers were
 * connected; nobody has a message before they became a contact; opt-outs come after opt-ins and
 * after the person's messages; and the day-by-day roll-ups match the rows.
 */
async function expectBelievableHistory(tenantId: string) {
  const one = async (sql: string) => (await app.pool.query(sql, [tenantId])).rows[0];
  const spread = await one(
    `select count(distinct (created_at at time zone 'UTC')::date)::int as days,
            count(*) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as today,
            (extract(epoch from now() - min(created_at)) / 86400)::float8 as oldest_days,
            count(*) filter (where created_at > now())::int as future
       from contact where tenant_id = $1`,
  );
  expect(spread.days).toBeGreaterThanOrEqual(20);
  expect(spread.today).toBeLessThan(DEMO_CONTACT_COUNT / 10);
  expect(spread.oldest_days).toBeGreaterThan(28);
  expect(spread.oldest_days).toBeLessThan(50);
  expect(spread.future).toBe(0);

  const contradictions = await one(
    `select
       (select count(*)::int from wa_number n where n.tenant_id = $1
           and n.created_at > (select min(created_at) from contact where tenant_id = $1)) as numbers_after_contacts,
       (select count(*)::int from contact c where c.tenant_id = $1 and c.opted_in_at < c.created_at) as opt_in_before_creation,
       (select count(*)::int from contact c where c.tenant_id = $1 and c.opted_out_at <= coalesce(c.opted_in_at, c.created_at))
         as opt_out_before_opt_in,
       (select count(*)::int from contact c where c.tenant_id = $1
           and exists (select 1 from message m where m.tenant_id = c.tenant_id and m.contact_id = c.id and m.created_at < c.created_at))
         as message_before_creation,
       (select count(*)::int from contact c where c.tenant_id = $1 and c.opted_out_at is not null
           and exists (select 1 from message m where m.tenant_id = c.tenant_id and m.contact_id = c.id and m.created_at > c.opted_out_at))
         as message_after_opt_out,
       (select count(*)::int from contact c where c.tenant_id = $1 and c.last_message_at < c.created_at) as last_message_before_creation`,
  );
  expect(contradictions).toEqual({
    numbers_after_contacts: 0,
    opt_in_before_creation: 0,
    opt_out_before_opt_in: 0,
    message_before_creation: 0,
    message_after_opt_out: 0,
    last_message_before_creation: 0,
  });
  const optOuts = await one(
    `select count(distinct (opted_out_at at time zone 'UTC')::date)::int as days from contact
      where tenant_id = $1 and opted_out_at is not null`,
  );
  expect(optOuts.days).toBeGreaterThan(1);

  // Day by day, the statistics' roll-ups hold exactly what the rows say.
  const mismatches = await one(
    `with by_rows as (
       select (created_at at time zone 'UTC')::date as day, count(*)::int as created, 0 as opted_out from contact
        where tenant_id = $1 group by 1
       union all
       select (opted_out_at at time zone 'UTC')::date, 0, count(*)::int from contact
        where tenant_id = $1 and opted_out_at is not null group by 1
     ),
     expected as (select day, sum(created)::int as created, sum(opted_out)::int as opted_out from by_rows group by day),
     rolled as (select day, sum(created)::int as created, sum(opted_out)::int as opted_out from contact_daily_stat
                 where tenant_id = $1 group by day having sum(created) <> 0 or sum(opted_out) <> 0),
     messages as (
       select number_id, (created_at at time zone 'UTC')::date as day,
              count(*) filter (where direction = 'out')::int as sent, count(*) filter (where direction = 'in')::int as received
         from message where tenant_id = $1 group by 1, 2
     ),
     counted as (select number_id, day, sent, received from number_daily_count
                  where tenant_id = $1 and (sent <> 0 or received <> 0)),
     outcomes as (
       select day, count(*) filter (where read = 0)::int as delivered, count(*) filter (where read = 1)::int as read
         from (select (delivered_at at time zone 'UTC')::date as day, 0 as read from message
                where tenant_id = $1 and direction = 'out' and delivered_at is not null
               union all
               select (read_at at time zone 'UTC')::date, 1 from message
                where tenant_id = $1 and direction = 'out' and read_at is not null) o
        group by day
     ),
     outcomes_counted as (select day, sum(delivered)::int as delivered, sum(read)::int as read from message_day
                           where tenant_id = $1 group by day having sum(delivered) <> 0 or sum(read) <> 0)
     select (select count(*)::int from expected e full join rolled r using (day)
              where e.created is distinct from r.created or e.opted_out is distinct from r.opted_out) as contact_days,
            (select count(*)::int from messages m full join counted c using (number_id, day)
              where m.sent is distinct from c.sent or m.received is distinct from c.received) as message_days,
            (select count(*)::int from outcomes o full join outcomes_counted c using (day)
              where o.delivered is distinct from c.delivered or o.read is distinct from c.read) as outcome_days`,
  );
  expect(mismatches).toEqual({ contact_days: 0, message_days: 0, outcome_days: 0 });
}
