// `npm test`: build (the end-to-end tests drive the built product), then every test project.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
step(process.execPath, [path.join(root, 'scripts/build.mjs')]);
step(path.join(root, 'node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)]);
