// Builds what is out of date: the server, the contract and the web kit (tsc -b, incremental) and the front ends
// (Vite): the console and the seat client, each rebuilt only when one of its sources is newer than its last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

run(bin('tsc'), ['-b', 'apps/server', 'packages/web-kit']);

/** Rebuilds a front end (Vite) when its own sources, the contract's, the kit's or the lock file are newer than its build. */
function buildFrontEnd(folder) {
  const dir = path.join(root, folder);
  const built = newestMtime(path.join(dir, 'dist/index.html'));
  const sources = Math.max(
    newestMtime(dir),
    newestMtime(path.join(root, 'packages/contract/src')),
    newestMtime(path.join(root, 'packages/web-kit/src')),
    newestMtime(path.join(root, 'packages/web-kit/build')),
    newestMtime(path.join(root, 'package-lock.json')),
  );
  if (process.argv.includes('--force') || built < sources) {
    run(bin('vite'), ['build', '--logLevel', 'warn'], dir);
  }
}

buildFrontEnd('apps/console');
buildFrontEnd('apps/agent');
