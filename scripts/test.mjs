// `npm test`: build (the end-to-end tests drive the built product), then every test project,
// ending with one plain summary line ("tests: N passed, N failed") that CI can read.
//
// With no arguments the end-to-end project runs as a second Vitest process beside the others: inside
// one process Vitest runs a project whose files go one at a time (`fileParallelism: false`) only
// after every other file, so its browser waits would add to the total instead of overlapping it.
// With arguments (a file, `--project x`, `-t name`) one process runs exactly what was asked.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/.bin/vitest');

const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if ((built.status ?? 1) !== 0) process.exit(built.status ?? 1);

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'ws-test-report-'));
const extraArgs = process.argv.slice(2);
const runs = extraArgs.length
  ? [{ label: '', args: extraArgs }]
  : [
      {
        label: 'unit',
        args: ['--project', 'server', '--project', 'web-kit', '--project', 'console', '--project', 'agent'],
      },
      { label: 'e2e', args: ['--project', 'e2e'] },
    ];

const children = [];
/** One Vitest process; with a label, its lines are prefixed so two runs can share the terminal. */
function run({ label, args }, index) {
  const reportFile = path.join(reportDir, `vitest-${index}.json`);
  const child = spawn(
    vitest,
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
    {
      cwd: root,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // Through a pipe, colours only where the run's own output is a terminal (not in CI's log).
      env: label
        ? { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }) }
        : process.env,
    },
  );
  children.push(child);
  if (label) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
        out.write(`[${label}] ${line}\n`),
      );
    }
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ label, reportFile, status: code ?? (signal ? 1 : 0) }));
  });
}

// Pass a stop on to the children and wait for them, so no browser or PostgreSQL outlives the run.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

const results = await Promise.all(runs.map(run));
const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
for (const result of results) {
  try {
    const report = JSON.parse(readFileSync(result.reportFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    missing.push(result.label || 'vitest');
  }
}
rmSync(reportDir, { recursive: true, force: true });
console.log(
  missing.length === results.length
    ? 'tests: no report was written'
    : `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${
        missing.length ? ` (no report from ${missing.join(', ')})` : ''
      }`,
);
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
