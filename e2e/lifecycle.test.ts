import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataDir, discard, type ProductProcess, processesUsing, startProduct } from './product.js';

/**
 * The product's own process life: clean stops, data kept across restarts, and recovery after a
 * hard kill. Each test runs a product of its own on a fresh data dir, beside the shared one.
 */

const TIMEOUT = 240_000;

interface Operator {
  username: string;
  password: string;
  accessToken: string;
}

async function post(product: ProductProcess, path: string, body: unknown) {
  const response = await fetch(`${product.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as { code: number; data: unknown } };
}

/**
 * Registers an operator: rows written by this run, which a re-created database would not have
 * (the admin would not do: ADMIN_PASSWORD re-creates it on an empty database).
 */
async function registerOperator(product: ProductProcess): Promise<Operator> {
  const credentials = { username: `keep_${randomBytes(4).toString('hex')}`, password: 'persisted-pass-1' };
  const { status, envelope } = await post(product, '/api/auth/register', credentials);
  expect(status, JSON.stringify(envelope)).toBe(200);
  return { ...credentials, accessToken: (envelope.data as { access_token: string }).access_token };
}

async function expectSignIn(product: ProductProcess, { username, password }: Operator): Promise<void> {
  const { status, envelope } = await post(product, '/api/auth/login', { username, password });
  expect(status, JSON.stringify(envelope)).toBe(200);
  expect(envelope.code).toBe(0);
  expect(envelope.data).toMatchObject({ user_info: { username, role: 'operator' } });
}

/** SIGTERM: the product must exit 0 having stopped its PostgreSQL. */
async function expectCleanStop(product: ProductProcess): Promise<void> {
  expect(await product.stop(), product.output()).toEqual({ code: 0, signal: null });
  expect(await processesUsing(product.dataDir)).toEqual([]);
}

describe('product lifecycle', { timeout: TIMEOUT }, () => {
  let dataDir: string | undefined;
  let product: ProductProcess | undefined;

  /** A product on a data dir of the test's own, which afterEach stops and removes. */
  async function startOnFreshDataDir(): Promise<ProductProcess> {
    dataDir = await createDataDir();
    product = await startProduct(dataDir);
    return product;
  }

  afterEach(async () => {
    if (dataDir) await discard(dataDir, product);
    dataDir = undefined;
    product = undefined;
  });

  it('exits with code 0 on SIGTERM and leaves no PostgreSQL running', async () => {
    const first = await startOnFreshDataDir();
    expect(await processesUsing(first.dataDir)).toHaveLength(1);
    await expectCleanStop(first);
  });

  it('keeps its data across a restart on the same data dir', async () => {
    const first = await startOnFreshDataDir();
    const operator = await registerOperator(first);
    await expectCleanStop(first);

    product = await startProduct(first.dataDir);
    await expectSignIn(product, operator);
    // The signing key and the session were kept too: a token from before the restart still works.
    const userInfo = await fetch(`${product.url}/api/blade-auth/oauth/user-info`, {
      headers: { token: operator.accessToken },
    });
    expect(userInfo.status).toBe(200);
    await expectCleanStop(product);
  });

  it('recovers after SIGKILL by stopping the PostgreSQL the killed process left running', async () => {
    const first = await startOnFreshDataDir();
    const operator = await registerOperator(first);
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The orphan is what makes this case hard: the next start must deal with it.
    const orphans = await processesUsing(first.dataDir);
    expect(orphans).toHaveLength(1);

    product = await startProduct(first.dataDir);
    const ready = await fetch(`${product.url}/readyz`);
    expect(ready.status).toBe(200);
    await expectSignIn(product, operator);
    expect(await processesUsing(first.dataDir)).not.toContain(orphans[0]);

    await expectCleanStop(product);
  });

  // As root the embedded PostgreSQL runs as the postgres user, who cannot enter a mode-0700 folder
  // such as /root: a clone there must still just work, its data staying in the folder.
  it.runIf(process.getuid?.() === 0)(
    'runs as root from a folder the postgres user cannot enter, across SIGKILL and restart',
    async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ws-e2e-closed-'));
      expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
      const first = await startProduct(dataDir);
      product = first;
      const operator = await registerOperator(first);
      expect(await processesUsing(dataDir)).toHaveLength(1);
      // The server sees its cluster at mount points of its own; a SIGKILL leaves them behind.
      const mountPoints = path.join(dataDir, 'pg', 'mount-points');
      const firstMounts = (await fs.readFile(mountPoints, 'utf8')).trim();
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

      product = await startProduct(dataDir);
      await expectSignIn(product, operator);
      const clusterFiles = await fs.readdir(dataDir, { recursive: true });
      expect(clusterFiles).toContain(path.join('pg', 'cluster', 'PG_VERSION'));
      const secondMounts = (await fs.readFile(mountPoints, 'utf8')).trim();
      expect(secondMounts).not.toBe(firstMounts);
      await expect(fs.access(firstMounts)).rejects.toThrow();
      await expectCleanStop(product);
      await expect(fs.access(secondMounts)).rejects.toThrow();
    },
  );

  it('refuses to start a second process on a data dir that a running one uses', async () => {
    const first = await startOnFreshDataDir();
    const operator = await registerOperator(first);
    await expect(startProduct(first.dataDir)).rejects.toThrow(/in use by another running WS Console process/);
    // The running product and its database are untouched.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    await expectSignIn(first, operator);
    await expectCleanStop(first);
  });
});
