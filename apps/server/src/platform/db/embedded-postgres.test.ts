/**
 * The embedded server's connections: the product's own go over a Unix-domain socket in a fresh
 * folder (removed at stop), others still reach it at 127.0.0.1; where a socket's path would not
 * fit, TCP alone.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

const logger = pino({ level: 'warn' });
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-embedded-test-'));
  await fs.chmod(dir, 0o711);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const answers = async (connectionString: string) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ socket: boolean }>('select inet_server_addr() is null as socket');
    return rows[0]?.socket;
  } finally {
    await client.end();
  }
};

describe('the embedded PostgreSQL', () => {
  it('answers the product on a Unix-domain socket, and others on 127.0.0.1', async () => {
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dir, port, logger, ephemeral: true });
    const socketDir = decodeURIComponent(new URL(server.adminUrl).hostname);
    try {
      expect(socketDir.startsWith(path.join(os.tmpdir(), 'ws-pg-socket-'))).toBe(true);
      expect(await answers(server.adminUrl)).toBe(true);
      const tcp = new URL(server.adminUrl);
      tcp.hostname = '127.0.0.1';
      expect(await answers(tcp.toString())).toBe(false);
    } finally {
      await server.stop();
    }
    await expect(fs.stat(socketDir)).rejects.toThrow();
  });

  it('uses TCP alone where the socket path would not fit', async () => {
    const longTmp = path.join(dir, 'x'.repeat(100));
    await fs.mkdir(longTmp, { recursive: true, mode: 0o777 });
    await fs.chmod(longTmp, 0o777);
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = longTmp;
    try {
      const server = await startEmbeddedPostgres({ dir, port: await freePort(), logger, ephemeral: true });
      try {
        expect(new URL(server.adminUrl).hostname).toBe('127.0.0.1');
        expect(await answers(server.adminUrl)).toBe(false);
      } finally {
        await server.stop();
      }
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
  });
});
