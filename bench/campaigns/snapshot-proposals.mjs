// Rewrites of the campaign snapshot statement, measured against the product's own on the same
// generated tenant (the setup of campaigns.mjs), each in a rolled-back transaction, in turns:
//
//   npm run build && node bench/campaigns/snapshot-proposals.mjs
//
// as is: the statement snapshot-repository.ts builds. Its "last talked to" sender is a correlated
//   subquery per contact, which the plan runs twice (the CASE of the skip reason and the sender).
// one pass: the same rows, the last-talked sender of every contact found in one pass over the
//   senders' conversations (DISTINCT ON, hash-joined) instead.
// work_mem: `set local work_mem = '64MB'` first, so the sort before the insert and the tag hash
//   stay in memory.
// BENCH_CONTACTS (default 1 000 000), BENCH_CONVERSATIONS (default 0.2), BENCH_ROUNDS (default 2).
import { promises as fs } from 'node:fs';
import { startCampaignProduct } from './roles.mjs';
import { setUpWorld } from './setup.mjs';
import { runRolledBack, snapshotStatement } from './snapshot-statement.mjs';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 0.2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WORK_MEM = ["set local work_mem = '64MB'"];

/** The statement with the last-talked subqueries replaced by one hash-joined pass over the conversations. */
function onePass({ text, values }, tenantId) {
  const subquery = /\(select v\.number_id from conversation v[\s\S]*?limit 1\)/g;
  const senders = /v\.number_id = any\((\$\d+(?:::[a-z[\]]+)?)\)/.exec(text)?.[1];
  if (!senders || !text.match(subquery))
    throw new Error('the snapshot statement no longer has the last-talked subquery');
  const rewritten = text
    .replace(subquery, 'lt.number_id')
    .replace(
      ' cross join lateral (select case',
      ' left join last_talked lt on lt.contact_id = c.id\n cross join lateral (select case',
    )
    .replace(
      /^\s*with audience as materialized/,
      `with last_talked as materialized (
         select distinct on (contact_id) contact_id, number_id from conversation
          where tenant_id = '${tenantId.replace(/'/g, "''")}' and number_id = any(${senders})
          order by contact_id, last_message_at desc),
       audience as materialized`,
    );
  return { text: rewritten, values };
}

const running = await startCampaignProduct({ split: false });
let world;
try {
  console.log(`load ${(await fs.readFile('/proc/loadavg', 'utf8')).trim()}`);
  world = await setUpWorld(running, { numbers: 30, contacts: CONTACTS, conversations: CONVERSATIONS, quiet: true });
  // A checksum of who gets which sender beside the counts, so a rewrite must assign the senders the product does.
  const product = await snapshotStatement(world);
  const finalSelect = 'select skip, count(*)::float8 as n from audience group by skip';
  if (!product.text.includes(finalSelect)) throw new Error('the snapshot statement no longer ends as expected');
  const asIs = {
    ...product,
    text: product.text.replace(
      finalSelect,
      'select skip, count(*)::float8 as n, sum(id * 31 + coalesce(number_id, 0))::text as checksum from audience group by skip',
    ),
  };
  const variants = {
    'as is': [asIs, []],
    'one pass': [onePass(asIs, world.tenantId), []],
    'as is, work_mem 64MB': [asIs, WORK_MEM],
    'one pass, work_mem 64MB': [onePass(asIs, world.tenantId), WORK_MEM],
  };
  const results = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  let reference;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, [statement, before]] of Object.entries(variants)) {
      const { rows, ms } = await runRolledBack(world.db, statement, before);
      const counts = JSON.stringify(rows.map((row) => [row.skip, row.n, row.checksum]).sort());
      reference ??= counts;
      if (counts !== reference) throw new Error(`${name} counts ${counts}, the product's ${reference}`);
      results[name].push(ms);
      console.log(`round ${round + 1}: ${name} ${ms} ms`);
    }
  }
  console.log(
    JSON.stringify(
      { contacts: CONTACTS, conversations: CONVERSATIONS, counts: JSON.parse(reference), ms: results },
      null,
      2,
    ),
  );
  console.log(`load at the end: ${(await fs.readFile('/proc/loadavg', 'utf8')).trim()}`);
} finally {
  await world?.db.end();
  await running.stop();
}
