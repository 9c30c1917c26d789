// Where the time of a message goes, from the stored webhooks of the measured phase: the customer
// sending → the api storing the webhook (`received_at`: the sandbox's batch, its POST, the
// signature and the insert), → the drain's transaction starting on it (`processed_at`, which is
// that transaction's now(): waiting for the worker and for the batches before), → the agent's
// client receiving the event (the drain's transaction, its commit, the hub's read and the socket).

/** The last webhook event id now (the start of a phase). */
export async function lastWebhookEventId(db) {
  const { rows } = await db.query('select coalesce(max(id), 0)::text as id from webhook_event');
  return rows[0].id;
}

const quantiles = (values) => {
  const sorted = Float64Array.from(values).sort();
  const at = (fraction) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]) : null;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
};

/**
 * Splits each message's latency into the three stages, for the messages whose agent got them
 * (`received`: seq → the agent's receipt time, ms since the epoch), and describes the drain's
 * transactions: how many, messages in each, and the time between their starts.
 */
export async function latencyStages(db, afterEventId, sent, received) {
  const { rows } = await db.query(
    `select (regexp_match(t.body #>> '{}', '^bench (\\d+)$'))[1]::int as seq,
            extract(epoch from e.received_at) * 1000 as stored, extract(epoch from e.processed_at) * 1000 as drained
       from webhook_event e,
            jsonb_path_query(e.payload::jsonb, '$.entry[*].changes[*].value.messages[*].text.body') t(body)
      where e.id > $1`,
    [afterEventId],
  );
  const toStored = [];
  const toDrain = [];
  const toClient = [];
  const perTransaction = new Map();
  for (const row of rows) {
    if (row.seq === null || row.drained === null) continue;
    const stored = Number(row.stored);
    const drained = Number(row.drained);
    perTransaction.set(drained, (perTransaction.get(drained) ?? 0) + 1);
    const at = received.get(row.seq);
    if (at === undefined) continue;
    toStored.push(stored - sent[row.seq]);
    toDrain.push(drained - stored);
    toClient.push(at - drained);
  }
  const starts = [...perTransaction.keys()].sort((a, b) => a - b);
  const gaps = starts.slice(1).map((start, index) => start - starts[index]);
  const events = await db.query(
    'select count(*)::int as n, count(*) filter (where processed_at is null)::int as pending from webhook_event where id > $1',
    [afterEventId],
  );
  return {
    webhooks: events.rows[0].n,
    webhooksNotProcessed: events.rows[0].pending,
    messagesPerWebhook: Number((rows.length / Math.max(1, events.rows[0].n)).toFixed(1)),
    msCustomerToStored: quantiles(toStored),
    msStoredToDrainTransaction: quantiles(toDrain),
    msDrainTransactionToClient: quantiles(toClient),
    drainTransactions: starts.length,
    messagesPerDrainTransaction: quantiles([...perTransaction.values()]),
    msBetweenDrainTransactionStarts: quantiles(gaps),
  };
}
