/**
 * Downloading a deletion's export (decision 0032): the platform admin lists a customer's export
 * folders with their files, also once the customer is deleted, and downloads each file as it was
 * written; nobody else may; a name the customer's exports do not list is a 404 naming the field,
 * and no name reaches outside the export's folder.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { calls } from '@ws/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput } from '../../test/bad-input.js';
import { refusesStrangers } from '../../test/refuses-strangers.js';
import { type SignedIn, tenantOperator, useTenants } from '../../test/tenants.js';
import { ADMIN_PASSWORD, useTestApp } from '../../test/test-app.js';
import { postTransaction } from '../wallet/post-transaction.js';
import { deleteCustomerData } from './customer-delete-job.js';
import { CUSTOMER_EXPORTS_DIR } from './customer-export.js';
import { openCustomerExportFile } from './customer-export-files.js';

const t = useTestApp();
const tenants = useTenants(t, 'exportfiles');
const { a, b } = tenants;
const EN = { 'accept-language': 'en' };
let admin: string;
/** The customer deleted with its export. */
let gone: SignedIn;
let folder: string;

const exportsRoot = () => path.join(t.context.config.dataDir, CUSTOMER_EXPORTS_DIR);
const list = (tenantId: string, token = admin) =>
  t.get('/api/auth/exports', { token, headers: EN, query: { tenantId } });
const download = (query: Record<string, string>, token = admin) =>
  t.app.inject({ method: 'GET', url: '/api/auth/exportfile', headers: { token, ...EN }, query });

beforeAll(async () => {
  admin = (await t.signIn('admin', ADMIN_PASSWORD)).access_token;
  gone = await tenantOperator(t, 'exportfiles_gone');
  // Its wallet has a posting: its ledger is kept, and so its tenant row, marked deleted.
  await postTransaction(t.pool, gone.tenantId, {
    kind: 'top_up',
    idempotencyKey: `exportfiles-${gone.tenantId}`,
    unit: 'usd_micros',
    memo: 'before the deletion',
    entries: [
      { tenant: 'wallet', amount: 5_000_000n },
      { platform: 'funding', amount: -5_000_000n },
    ],
  });
  const deleted = await t.post('/api/auth/deletecus', {
    token: admin,
    body: { tenantId: gone.tenantId, graceDays: 0, exportData: true },
  });
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  expect(await deleteCustomerData(t.context, gone.tenantId)).toBe(true);
});

describe('GET /api/auth/exports', () => {
  it('lists a deleted customer’s export with its files and sizes', async () => {
    const reply = await list(gone.tenantId);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const exports = reply.body.data;
    expect(exports).toHaveLength(1);
    folder = exports[0].folder;
    expect(folder).toMatch(new RegExp(`^${gone.tenantId}-\\d{8}-\\d{6}$`));
    expect(exports[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    expect(exports[0].files.map((file: { name: string }) => file.name)).toEqual([
      'campaign_recipients.csv',
      'campaigns.csv',
      'contacts.csv',
      'conversations.csv',
      'ledger.csv',
      'messages.csv',
    ]);
    for (const file of exports[0].files) {
      expect(file.bytes).toBe(readFileSync(path.join(exportsRoot(), folder, file.name)).length);
    }
  });

  it('answers an empty list for a customer without exports, a 404 naming tenantId for no customer', async () => {
    expect((await list(b.tenantId)).body.data).toEqual([]);
    for (const tenantId of ['999999', '000000']) {
      const reply = await list(tenantId);
      expect(reply.status, tenantId).toBe(404);
      expect(reply.body.message).toMatch(/^tenantId: Customer/);
    }
  });

  it('refuses everyone but the platform admin, and bad input', async () => {
    await refusesStrangers(t, tenants, calls.customerExports, { valid: () => ({ tenantId: gone.tenantId }) });
    for (const token of [a.token, b.token]) expect((await list(gone.tenantId, token)).status).toBe(403);
    await expectBadInput(
      (query) => t.get('/api/auth/exports', { token: admin, query }),
      [[{ tenantId: '../x' }, 'tenantId']],
    );
  });
});

describe('GET /api/auth/exportfile', () => {
  it('sends each file as it was written, and logs the download', async () => {
    for (const name of ['contacts.csv', 'ledger.csv', 'messages.csv']) {
      const reply = await download({ tenantId: gone.tenantId, folder, file: name });
      expect(reply.statusCode, reply.body).toBe(200);
      const written = readFileSync(path.join(exportsRoot(), folder, name));
      expect(reply.rawPayload.equals(written)).toBe(true);
      expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(reply.headers['content-length']).toBe(String(written.length));
      expect(reply.headers['content-disposition']).toContain(`${folder}-${name}`);
    }
    expect(readFileSync(path.join(exportsRoot(), folder, 'ledger.csv'), 'utf8')).toContain('before the deletion');
    const { rows } = await t.pool.query(
      `select target from operation_log where action = 'auth.exportfile' order by id desc limit 1`,
    );
    expect(rows[0]?.target).toBe(`${gone.tenantId}: ${folder}/messages.csv`);
  });

  it('streams the file from the disk rather than reading it whole', async () => {
    const scope = { tenantId: '000000', userId: '1', role: 'admin' as const, acrossTenants: true, assignee: undefined };
    const reply = await openCustomerExportFile(t.context, scope, {
      tenantId: gone.tenantId,
      folder,
      file: 'messages.csv',
    });
    expect(reply.body).toBeInstanceOf(Readable);
    (reply.body as Readable).destroy();
  });

  it('refuses a tenant’s operator and a seat, and anyone without a token', async () => {
    const query = { tenantId: gone.tenantId, folder, file: 'contacts.csv' };
    expect((await download(query, a.token)).statusCode).toBe(403);
    expect((await download(query, b.token)).statusCode).toBe(403);
    expect((await download(query, tenants.seat.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/exportfile', query })).statusCode).toBe(401);
  });

  it('answers 404 naming the field for a folder or file the customer’s exports do not list', async () => {
    // Another customer's folder under this customer's id; a link planted in the folder.
    const stranger = `${b.tenantId}-20260101-000000`;
    mkdirSync(path.join(exportsRoot(), stranger));
    writeFileSync(path.join(exportsRoot(), stranger, 'contacts.csv'), 'not yours');
    symlinkSync('/etc/hostname', path.join(exportsRoot(), folder, 'planted.csv'));
    // An export being written.
    const writing = `${gone.tenantId}-20990101-000000`;
    mkdirSync(path.join(exportsRoot(), `${writing}.partial`));
    writeFileSync(path.join(exportsRoot(), `${writing}.partial`, 'contacts.csv'), 'half');
    for (const [query, field] of [
      [{ tenantId: gone.tenantId, folder: `${gone.tenantId}-20200101-000000`, file: 'contacts.csv' }, 'folder'],
      [{ tenantId: gone.tenantId, folder: stranger, file: 'contacts.csv' }, 'folder'],
      [{ tenantId: b.tenantId, folder, file: 'contacts.csv' }, 'folder'],
      [{ tenantId: '999999', folder, file: 'contacts.csv' }, 'tenantId'],
      [{ tenantId: gone.tenantId, folder: writing, file: 'contacts.csv' }, 'folder'],
      [{ tenantId: gone.tenantId, folder, file: 'nothing.csv' }, 'file'],
      [{ tenantId: gone.tenantId, folder, file: 'planted.csv' }, 'file'],
    ] as const) {
      const reply = await download(query);
      expect(reply.statusCode, JSON.stringify(query)).toBe(404);
      expect(reply.json().message, JSON.stringify(query)).toMatch(new RegExp(`^${field}: `));
    }
    const listed = (await list(gone.tenantId)).body.data;
    expect(listed.map((made: { folder: string }) => made.folder)).toEqual([folder]);
    expect(listed[0].files.some((file: { name: string }) => file.name === 'planted.csv')).toBe(false);
  });

  it('answers 400 naming the field for a name that could leave the folder', async () => {
    await expectBadInput(
      async (query) => {
        const reply = await download(query);
        return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
      },
      [
        [{ tenantId: gone.tenantId, folder: '..', file: 'contacts.csv' }, 'folder'],
        [{ tenantId: gone.tenantId, folder: `${folder}/..`, file: 'contacts.csv' }, 'folder'],
        [{ tenantId: gone.tenantId, folder, file: '../../../etc/passwd' }, 'file'],
        [{ tenantId: gone.tenantId, folder, file: 'contacts.csv/..' }, 'file'],
        [{ tenantId: gone.tenantId, folder, file: '%2e%2e%2fcontacts.csv' }, 'file'],
        [{ tenantId: '..', folder, file: 'contacts.csv' }, 'tenantId'],
      ],
    );
  });
});
