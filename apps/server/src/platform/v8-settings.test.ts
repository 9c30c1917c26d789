import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SETTINGS = new URL('../../dist/platform/v8-settings.js', import.meta.url).href;
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

// A process that applies the settings, sends 40 000 requests through undici to a local server, and
// prints V8's peak of compiler memory in MiB.
const PROGRAM = `
  import http from 'node:http';
  import v8 from 'node:v8';
  (await import(${JSON.stringify(SETTINGS)})).applyV8Settings(100);
  const { Agent, request } = await import('undici');
  const server = http.createServer((_, reply) => reply.end('{"messages":[{"id":"wamid.1"}]}'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new Agent();
  const url = 'http://127.0.0.1:' + server.address().port + '/';
  for (let round = 0; round < 800; round++) {
    await Promise.all(Array.from({ length: 50 }, async () => {
      const reply = await request(url, { dispatcher: agent, method: 'POST', body: '{}' });
      await reply.body.text();
    }));
  }
  await agent.close();
  server.close();
  console.log(v8.getHeapStatistics().peak_malloced_memory / 1048576);
`;

function peakCompilerMiB(): number {
  if (!existsSync(new URL(SETTINGS))) throw new Error('apps/server/dist is missing: run `npm run build` first');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', PROGRAM], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  return Number(child.stdout.trim());
}

describe('applyV8Settings', () => {
  // Without them, TurboFan's recompile of the hot parser peaks at 35–40 MiB (malloc keeps ~12 for good).
  it('keeps undici’s WebAssembly parser on the baseline compiler: no large compile while requests run', () => {
    expect(peakCompilerMiB()).toBeLessThan(16);
  });
});
