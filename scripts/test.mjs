// `npm test`: build (the end-to-end tests drive the built product), then every test project,
// ending with one plain summary line ("tests: N passed, N failed") that CI can read.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const built = step(process.execPath, [path.join(root, 'scripts/build.mjs')]);
if (built !== 0) process.exit(built);

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'ws-test-report-'));
const reportFile = path.join(reportDir, 'vitest.json');
const status = step(path.join(root, 'node_modules/.bin/vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
]);
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
} catch {
  console.log('tests: no report was written');
}
rmSync(reportDir, { recursive: true, force: true });
process.exit(status);
