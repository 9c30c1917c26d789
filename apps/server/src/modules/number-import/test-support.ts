/** Fixtures of the number-import tests: the sandbox, an app that reaches it, files to upload. */

import { afterAll, beforeAll } from 'vitest';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.js';
import { multipartForm } from '../../test/multipart.js';
import { type Reply, type TestApp, useTestApp } from '../../test/test-app.js';

export interface SandboxNumber {
  phone_number_id: string;
  waba_id: string;
  display_phone_number: string;
  access_token: string;
  verified_name: string;
}

export interface ImportWorld {
  app: TestApp;
  sandbox(): RunningSandbox;
  /** A number in the sandbox, in a WABA of its own unless one is named. */
  newSandboxNumber(input?: Record<string, unknown>): Promise<SandboxNumber>;
  upload(token: string | null, file: Buffer, fileName: string, fields?: Record<string, string>): Promise<UploadReply>;
}

export type UploadReply = Pick<Reply, 'status' | 'body'>;

/**
 * A test app whose Cloud API base URL (unless `cloudUrl` is given) and sandbox port both point at a
 * sandbox of the test's own, so the `cloud` and the `sandbox` targets reach the same numbers.
 */
export function useImportWorld(options: { worker?: boolean; cloudUrl?: string } = {}): ImportWorld {
  const env: Record<string, string> = {};
  let sandbox: RunningSandbox | undefined;
  // Registered before useTestApp's own hook, so the app starts with the sandbox's address.
  beforeAll(async () => {
    sandbox = await startSandbox({ appSecret: 'number-import-tests', webhookUrl: null });
    env.SANDBOX_PORT = String(sandbox.port);
    env.WHATSAPP_API_BASE_URL = options.cloudUrl ?? sandbox.url;
  });
  const app = useTestApp(env, { worker: options.worker ?? false });
  afterAll(() => sandbox?.stop());
  let made = 0;
  return {
    app,
    sandbox: () => sandbox as RunningSandbox,
    async newSandboxNumber(input = {}) {
      made += 1;
      const reply = await (sandbox as RunningSandbox).control('POST', '/numbers', {
        display_phone_number: `+1 555 ${String(3_000_000 + made * 7 + (process.pid % 1000)).slice(-7)}`,
        verified_name: 'Acme Imports',
        messaging_limit_tier: 'TIER_2K',
        ...input,
      });
      if (reply.status !== 201 && reply.status !== 200)
        throw new Error(`sandbox number: ${JSON.stringify(reply.body)}`);
      return reply.body as SandboxNumber;
    },
    async upload(token, file, fileName, fields = {}) {
      const form = multipartForm(fields, { fileName, content: file });
      const reply = await app.app.inject({
        method: 'POST',
        url: '/api/agent/import',
        headers: { ...form.headers, ...(token ? { token } : {}) },
        payload: form.payload,
      });
      return { status: reply.statusCode, body: reply.json() };
    },
  };
}

export const HEADER = ['phone', 'phone_number_id', 'waba_id', 'token', 'tags', 'portfolio'];

/** A CSV with the template's header and these rows. */
export function csvOf(rows: (string | number)[][], header: string[] = HEADER): Buffer {
  const quote = (cell: string | number) =>
    /[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : cell;
  return Buffer.from([header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n'));
}

/** An XLSX with the template's header; numbers stay number cells, as Excel stores typed digits. */
export function xlsxOf(rows: SheetData, header: string[] = HEADER): Promise<Buffer> {
  return writeXlsxFile([header, ...rows]).toBuffer();
}

/** The row of the file that imports this sandbox number. */
export const rowOf = (number: SandboxNumber, tags = '', portfolio = '') => [
  `+${number.display_phone_number}`,
  number.phone_number_id,
  number.waba_id,
  number.access_token,
  tags,
  portfolio,
];

export async function progressUntilFinished(app: TestApp, token: string, importId: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const reply = await app.post('/api/agent/importprogress', { token, body: { importId } });
    if (reply.status !== 200) throw new Error(`progress: ${JSON.stringify(reply.body)}`);
    if (reply.body.data.status === 'done' || reply.body.data.status === 'failed') return reply.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish in 20 s');
}
