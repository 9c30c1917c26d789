// Latency of one call under a closed loop: `connections` loops, each sending the next request as
// soon as the last one answered, for a fixed time. autocannon reports p97.5 but not p95, which is
// the target here, so the loop keeps every latency and computes the percentiles itself.
import { sendCall } from '../api-call.mjs';
import { machineBusyCpuSeconds, serverCpuSeconds, serverRssMiB } from '../proc-stats.mjs';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** The q-th quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const round = (value) => (value === undefined ? undefined : Math.round(value * 10) / 10);

/**
 * CPU used between two snapshots: by the server process and by its PostgreSQL processes, in
 * seconds, and what the rest of the machine used (this process, the load generator, excluded),
 * in % of one core: the machine is shared, and a busy "other" marks a disturbed measurement.
 */
function cpuMeter(serverPid) {
  const snapshot = () => ({
    tree: serverCpuSeconds(serverPid),
    machine: machineBusyCpuSeconds(),
    self: process.cpuUsage(),
    at: nowMs(),
  });
  const before = snapshot();
  return () => {
    const after = snapshot();
    if (!before.tree || !after.tree || before.machine === undefined || after.machine === undefined) return undefined;
    const wallSeconds = (after.at - before.at) / 1000;
    const server = after.tree.server - before.tree.server;
    const database = after.tree.database - before.tree.database;
    const self = process.cpuUsage(before.self);
    const loadGenerator = (self.user + self.system) / 1e6;
    const other = Math.max(0, after.machine - before.machine - server - database - loadGenerator);
    return { server, database, otherPercent: Math.round((other / wallSeconds) * 100) };
  };
}

/**
 * Runs `request` for `seconds` on `connections` loops and returns the latency percentiles (ms),
 * requests per second and the CPU each request cost the server and the database. A failed
 * request stops the run: a benchmark of errors is no benchmark.
 */
export async function measure(baseUrl, token, request, { seconds, connections, serverPid }) {
  const latencies = [];
  const deadline = nowMs() + seconds * 1000;
  const startedAt = nowMs();
  const cpu = cpuMeter(serverPid);
  const loop = async () => {
    while (nowMs() < deadline) {
      const sentAt = nowMs();
      await sendCall(baseUrl, request, token);
      latencies.push(nowMs() - sentAt);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const wallSeconds = (nowMs() - startedAt) / 1000;
  const used = cpu();
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / wallSeconds) * 10) / 10,
    p50: round(quantile(latencies, 0.5)),
    p95: round(quantile(latencies, 0.95)),
    p99: round(quantile(latencies, 0.99)),
    max: round(latencies.at(-1)),
    ...(used && {
      serverCpuMsPerRequest: round((used.server * 1000) / latencies.length),
      databaseCpuMsPerRequest: round((used.database * 1000) / latencies.length),
      otherCpuPercent: used.otherPercent,
    }),
  };
}

/** One request timed on its own (the first, cold one of a scenario). */
export async function timeOnce(baseUrl, token, request) {
  const sentAt = nowMs();
  const data = await sendCall(baseUrl, request, token);
  return { ms: round(nowMs() - sentAt), data };
}

/**
 * Streams the export and counts its rows (lines after the header) as they arrive, sampling the
 * server's RSS every `sampleMs`. Returns rows/s, the times to the first byte and the first row,
 * the CPU the server and the database used, and the RSS samples.
 */
export async function measureExport(baseUrl, token, body, serverPid, { sampleMs = 250 } = {}) {
  const samples = [];
  const startedAt = nowMs();
  const cpu = cpuMeter(serverPid);
  const sample = () => samples.push({ atMs: Math.round(nowMs() - startedAt), rssMiB: serverRssMiB(serverPid) });
  sample();
  const timer = setInterval(sample, sampleMs);
  try {
    const response = await fetch(new URL('/api/agent/exportfriends', baseUrl), {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new Error(`export answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const expected = Number(response.headers.get('x-total-count'));
    const expectedCapped = response.headers.get('x-total-capped') === 'true';
    let firstByteMs;
    let newlines = 0;
    let bytes = 0;
    let firstRowMs;
    for await (const chunk of response.body) {
      firstByteMs ??= nowMs() - startedAt;
      bytes += chunk.length;
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines++;
      // The BOM and the header go out before the query has produced anything; the first row ends the second line.
      if (newlines >= 2) firstRowMs ??= nowMs() - startedAt;
    }
    const seconds = (nowMs() - startedAt) / 1000;
    const used = cpu();
    sample();
    const rows = newlines - 1;
    const rss = samples.map((entry) => entry.rssMiB).filter((value) => value !== undefined);
    return {
      expectedRows: expected,
      expectedCapped,
      rows,
      bytes,
      seconds: round(seconds),
      rowsPerSecond: Math.round(rows / seconds),
      megabytesPerSecond: round(bytes / 1e6 / seconds),
      firstByteMs: round(firstByteMs),
      firstRowMs: round(firstRowMs),
      ...(used && {
        serverCpuSeconds: round(used.server),
        databaseCpuSeconds: round(used.database),
        otherCpuPercent: used.otherPercent,
      }),
      serverRssMiB: { min: Math.min(...rss), max: Math.max(...rss), start: rss[0], end: rss.at(-1) },
      rssSamples: samples,
    };
  } finally {
    clearInterval(timer);
  }
}
