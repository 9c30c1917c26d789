import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../platform/db/embedded-postgres.js';
import { migrate } from '../platform/db/migrate.js';
import { createDatabase, createPool } from '../platform/db/pool.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the maintenance database of the server the tests create their databases on. */
    databaseServerUrl: string;
    /** A migrated database that each test file copies (CREATE DATABASE ... TEMPLATE). */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server when set, else a throw-away
 * embedded cluster. The schema is migrated once into a template that test files copy.
 */
export default async function setup(project: TestProject) {
  const logger = pino({ level: 'warn' });
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let clusterDir: string | undefined;
  if (!serverUrl) {
    clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-test-pg-'));
    await fs.chmod(clusterDir, 0o711);
    const embedded = await startEmbeddedPostgres({ dir: clusterDir, port: await freePort(), logger, ephemeral: true });
    serverUrl = embedded.adminUrl;
    stopEmbedded = embedded.stop;
  }
  const templateDatabase = `ws_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await createDatabase(admin, templateDatabase);
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${templateDatabase}`;
  const pool = createPool(templateUrl.toString(), logger, 2);
  await migrate(pool, logger);
  await pool.end();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`drop database if exists ${templateDatabase}`).catch(() => undefined);
    await admin.end();
    await stopEmbedded?.();
    if (clusterDir) await fs.rm(clusterDir, { recursive: true, force: true });
  };
}
