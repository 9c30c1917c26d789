// What the campaign benchmarks watch and check: the campaign's roll-up counts, the sandbox's
// message log, and at the end the invariants (one message per contact, every recipient in a final
// state, the roll-ups equal to the rows).
import { RECIPIENT_STATES } from '@ws/contract';
import pg from 'pg';
import { sandboxControl } from './setup.mjs';

/** States whose message went to the Cloud API (or may have: unknown). */
const GONE = ['accepted', 'sent', 'delivered', 'read', 'replied', 'failed', 'unknown'];
/** States still on their way: the dispatcher's or the lane's, or waiting for a status webhook. */
const NOT_FINAL = ['pending', 'queued', 'accepted', 'unknown'];

/** The campaign's status and its recipients by state name, from the roll-up (`campaign_tally_live`: the roll-up and its deltas). */
export async function campaignProgress(db, campaignId) {
  const [campaign, tally] = await Promise.all([
    db.query('select status from campaign where id = $1', [campaignId]),
    db.query(
      'select state, sum(n)::float8 as n from campaign_tally_live where campaign_id = $1 group by state order by state',
      [campaignId],
    ),
  ]);
  const counts = {};
  for (const row of tally.rows) if (row.n !== 0) counts[RECIPIENT_STATES[row.state]] = row.n;
  const sum = (names) => names.reduce((total, name) => total + (counts[name] ?? 0), 0);
  return {
    status: campaign.rows[0]?.status,
    counts,
    gone: sum(GONE),
    waiting: sum(['pending', 'queued']),
    unsettled: sum(NOT_FINAL),
    total: sum(RECIPIENT_STATES),
  };
}

/** The newest outbound message in the sandbox's log: its id and time (ms), or undefined. */
export async function newestSandboxSend(sandboxUrl) {
  const [newest] = await sandboxControl(sandboxUrl, 'GET', '/messages?direction=out&limit=1');
  return newest ? { id: newest.id, at: Date.parse(newest.timestamp) } : undefined;
}

/**
 * Reads the sandbox's whole outbound log as it goes by: the log keeps the last 10 000 messages,
 * so it is read every `everyMs` and the new entries kept (id → recipient). A read that no longer
 * holds the newest message of the read before, with the log full, may have missed some: counted
 * as a gap.
 */
export function captureSandboxLog(sandboxUrl, everyMs = 400) {
  const sent = new Map();
  let lastId;
  let gaps = 0;
  let reads = 0;
  let stopped = false;
  const readOnce = async () => {
    const entries = await sandboxControl(sandboxUrl, 'GET', '/messages?direction=out&limit=100000');
    reads += 1;
    let start = 0;
    if (lastId !== undefined) {
      const at = entries.findIndex((entry) => entry.id === lastId);
      if (at === -1 && entries.length >= 10_000) gaps += 1;
      start = at + 1;
    }
    for (const entry of entries.slice(start)) sent.set(entry.id, entry.to);
    if (entries.length > 0) lastId = entries[entries.length - 1].id;
  };
  const loop = (async () => {
    while (!stopped) {
      await readOnce().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await readOnce();
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const perRecipient = new Map();
      for (const to of sent.values()) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      const twice = [...perRecipient].filter(([, n]) => n > 1);
      return {
        recipientsSent: new Set(perRecipient.keys()),
        messages: sent.size,
        recipients: perRecipient.size,
        recipientsTwice: twice.length,
        examplesTwice: twice.slice(0, 5),
        reads,
        gaps,
      };
    },
  };
}

/** How many sends the sandbox accepted of the template, today, over every WABA (its `template_analytics`). */
export async function sandboxTemplateSends(sandboxUrl, db, tenantId, templateName) {
  const numbers = await sandboxControl(sandboxUrl, 'GET', '/numbers');
  const tokenOf = new Map(numbers.map((number) => [number.waba_id, number.access_token]));
  const { rows } = await db.query(
    `select w.waba_id, t.meta_template_id from wa_template t
       join wa_business_account w on w.tenant_id = t.tenant_id and w.id = t.waba_ref
      where t.tenant_id = $1 and t.name = $2`,
    [tenantId, templateName],
  );
  const start = Math.floor(Date.now() / 1000) - 2 * 86_400;
  const end = Math.floor(Date.now() / 1000) + 86_400;
  let sent = 0;
  for (const row of rows) {
    const url = new URL(`${sandboxUrl}/v23.0/${row.waba_id}/template_analytics`);
    url.searchParams.set('start', String(start));
    url.searchParams.set('end', String(end));
    url.searchParams.set('granularity', 'DAILY');
    url.searchParams.set('metric_types', JSON.stringify(['SENT']));
    url.searchParams.set('template_ids', JSON.stringify([row.meta_template_id]));
    const response = await fetch(url, { headers: { authorization: `Bearer ${tokenOf.get(row.waba_id)}` } });
    const body = await response.json();
    if (!response.ok) throw new Error(`template_analytics answered ${response.status}: ${JSON.stringify(body)}`);
    for (const point of body.data?.[0]?.data_points ?? []) sent += point.sent ?? 0;
  }
  return sent;
}

/**
 * The end-of-run invariants, from the database: messages per contact for the campaign, recipients
 * not in a final state, and the roll-up against a count of the rows by number and state.
 */
export async function checkCampaign(db, campaignId) {
  const messages = await db.query(
    `select count(*)::float8 as messages, count(distinct contact_id)::float8 as contacts,
            count(*) filter (where status not in ('queued', 'refused', 'cancelled'))::float8 as went_out
       from message where campaign_id = $1 and direction = 'out'`,
    [campaignId],
  );
  const twice = await db.query(
    `select count(*)::float8 as n from (
       select contact_id from message
        where campaign_id = $1 and direction = 'out' and status not in ('refused', 'cancelled')
        group by contact_id having count(*) > 1) twice`,
    [campaignId],
  );
  const mismatched = await db.query(
    `select coalesce(r.number_id, t.number_id)::text as number_id, coalesce(r.state, t.state) as state,
            coalesce(r.n, 0)::float8 as rows, coalesce(t.n, 0)::float8 as tally
       from (select number_id, state, count(*) as n from campaign_recipient where campaign_id = $1 group by 1, 2) r
       full join (select number_id, state, n from campaign_tally_live where campaign_id = $1 and n <> 0) t
         on t.number_id = r.number_id and t.state = r.state
      where coalesce(r.n, 0) <> coalesce(t.n, 0)`,
    [campaignId],
  );
  const byState = await db.query(
    'select state, count(*)::float8 as n from campaign_recipient where campaign_id = $1 group by state order by state',
    [campaignId],
  );
  const errors = await db.query(
    `select state, error_code, error_title, count(*)::float8 as n from campaign_recipient
      where campaign_id = $1 and (error_code is not null or error_title is not null or state in (7, 8, 9))
      group by 1, 2, 3 order by n desc limit 10`,
    [campaignId],
  );
  // Updates made in place (HOT: no index entry written) against all, per table the campaign writes.
  const writes = await tableWrites(db);
  const updates = ['campaign_recipient', 'message', 'send_lane', 'send_queue'].map((table) => ({
    table_name: table,
    updates: writes.get(table)?.upd ?? 0,
    hot: writes.get(table)?.hot ?? 0,
  }));
  const rows = Object.fromEntries(byState.rows.map((row) => [RECIPIENT_STATES[row.state], row.n]));
  const notFinal = Object.fromEntries(Object.entries(rows).filter(([state]) => NOT_FINAL.includes(state)));
  return {
    messageRows: messages.rows[0].messages,
    contactsMessaged: messages.rows[0].contacts,
    messagesThatWentOut: messages.rows[0].went_out,
    contactsWithTwoMessages: twice.rows[0].n,
    recipientsByState: rows,
    recipientsNotFinal: notFinal,
    errors: errors.rows.map((row) => ({ ...row, state: RECIPIENT_STATES[row.state] })),
    tallyMismatches: mismatched.rows.map((row) => ({ ...row, state: RECIPIENT_STATES[row.state] })),
    updatesInPlace: Object.fromEntries(updates.map((row) => [row.table_name, `${row.hot} of ${row.updates}`])),
  };
}

/**
 * A sampling profile of the database: every `everyMs`, the statements running in the product's
 * sessions (pg_stat_activity), by their first characters and what they wait on (`cpu`: nothing).
 * Answers the top ones with how many sessions ran each on average over the samples in which any
 * statement ran (1.5: one and a half sessions at a time).
 */
export function sampleActiveStatements(databaseUrl, everyMs = 100) {
  const db = new pg.Client({ connectionString: databaseUrl });
  // The product may stop under it (a failed run's clean-up): the loop's query fails instead.
  db.on('error', () => {});
  const seen = new Map();
  let busySamples = 0;
  let stopped = false;
  const loop = (async () => {
    await db.connect();
    while (!stopped) {
      const { rows } = await db
        .query(
          `select left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query,
                coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait
           from pg_stat_activity
          where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        )
        .catch(() => ({ rows: undefined }));
      if (!rows) break;
      if (rows.length > 0) busySamples += 1;
      for (const row of rows) {
        const key = `${row.wait} | ${row.query}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await db.end().catch(() => {});
  })();
  return {
    async stop(top = 12) {
      stopped = true;
      await loop;
      return [...seen]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([statement, n]) => `${(n / Math.max(1, busySamples)).toFixed(2)} ${statement}`);
    },
  };
}

/** Rows inserted, updated (in place: HOT), deleted per table, partitions summed into their parent. */
async function tableWrites(db) {
  const { rows } = await db.query(
    `select coalesce(parent.relname, t.relname) as table, sum(n_tup_ins)::float8 as ins, sum(n_tup_upd)::float8 as upd,
            sum(n_tup_hot_upd)::float8 as hot, sum(n_tup_del)::float8 as del
       from pg_stat_user_tables t
       left join pg_inherits i on i.inhrelid = t.relid
       left join pg_class parent on parent.oid = i.inhparent
      group by 1`,
  );
  return new Map(rows.map((row) => [row.table, row]));
}

/**
 * Per-statement totals over a run from pg_stat_statements (BENCH_PG_STATEMENTS=on loads it): reset
 * at the start, read at stop(): the statements that took the most time, with calls, rows, WAL; and
 * the work of every top-level statement together (`work()`: shared buffers touched, WAL written,
 * time inside), which, unlike CPU seconds, hardly moves with the machine's load.
 * Answers null at stop() when the extension is not loaded.
 */
export async function statementTotals(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on('error', () => {});
  await db.connect();
  const loaded = await db
    .query('create extension if not exists pg_stat_statements')
    .then(() => db.query('select pg_stat_statements_reset()'))
    .then(() => true)
    .catch(() => false);
  const tables = await tableWrites(db);
  return {
    /** Rows written per table since the start, and the share of updates made in place (HOT). */
    async tableWrites(top = 8) {
      const now = await tableWrites(db);
      return [...now.entries()]
        .map(([table, n]) => {
          const was = tables.get(table) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
          const upd = n.upd - was.upd;
          return {
            table,
            inserted: n.ins - was.ins,
            updated: upd,
            hotShare: upd > 0 ? Number(((n.hot - was.hot) / upd).toFixed(3)) : null,
            deleted: n.del - was.del,
          };
        })
        .sort((a, b) => b.inserted + b.updated + b.deleted - (a.inserted + a.updated + a.deleted))
        .slice(0, top);
    },
    /** Every top-level statement's work together since the start; call before stop(). */
    async work() {
      if (!loaded) return null;
      const { rows } = await db.query(
        `select round(sum(shared_blks_hit + shared_blks_read) / 1000.0)::float8 as thousand_buffers,
                round(sum(wal_bytes) / 1048576.0)::float8 as wal_mib,
                round((sum(total_exec_time) / 1000.0)::numeric, 1)::float8 as seconds, sum(calls)::float8 as calls
           from pg_stat_statements
          where toplevel and dbid = (select oid from pg_database where datname = current_database())`,
      );
      return rows[0];
    },
    async stop(top = 15) {
      if (!loaded) {
        await db.end().catch(() => {});
        return null;
      }
      const { rows } = await db.query(
        `select round(total_exec_time)::float8 as ms, calls::float8, rows::float8,
                round((total_exec_time / greatest(calls, 1))::numeric, 3)::float8 as mean_ms,
                round(wal_bytes / 1048576.0)::float8 as wal_mib,
                round((shared_blks_hit + shared_blks_read) / 1000.0)::float8 as thousand_buffers, toplevel,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as query
           from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          order by total_exec_time desc limit $1`,
        [top],
      );
      await db.end().catch(() => {});
      return rows;
    },
  };
}
