// `npm start`: build what is out of date, then run every role in one child process with the
// server's Node.js options (scripts/server-node-flags.mjs), passing signals on and its exit code out.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
// Ctrl-C reaches the whole process group; a `kill` of this process alone is passed on. Either way
// this process waits for the server to stop (it stops its embedded PostgreSQL first).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
