/** Fixtures of the audience-list tests: uploads, and waiting for a list to reach a status. */

import type { AudienceList, AudienceStatus } from '@ws/contract';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { multipartForm } from '../../test/multipart.js';
import type { Reply, TestApp } from '../../test/test-app.js';

export interface UploadInput {
  name?: string;
  consentSource?: string;
  evidenceText?: string;
  evidenceUrl?: string;
  defaultCountry?: string;
  hasHeader?: string;
  mapping?: object | string;
  lines?: string;
  file?: { fileName: string; content: Buffer };
  evidence?: { fileName: string; content: Buffer };
}

/** `data/add` with a form as the console sends it; a web-form list with evidence unless told otherwise. */
export async function uploadList(t: TestApp, token: string | null, input: UploadInput): Promise<Reply> {
  const { file, mapping, evidence, ...rest } = input;
  const fields: Record<string, string> = {
    name: 'Spring sign-ups',
    consentSource: 'web_form',
    evidenceText: 'Ticked "send me offers on WhatsApp" on the sign-up form',
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
  };
  if (mapping !== undefined) fields.mapping = typeof mapping === 'string' ? mapping : JSON.stringify(mapping);
  const form = multipartForm(fields, file, evidence && { ...evidence, field: 'evidence' });
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/data/add',
    headers: { ...form.headers, ...(token ? { token } : {}) },
    payload: form.payload,
  });
  return { status: reply.statusCode, body: reply.json(), headers: reply.headers };
}

/** A CSV of these rows (the first is the header), quoted where needed. */
export function csvFile(rows: (string | number)[][], separator = ','): Buffer {
  const quote = (cell: string | number) =>
    /[",;\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell);
  return Buffer.from(`${rows.map((row) => row.map(quote).join(separator)).join('\r\n')}\r\n`);
}

export function xlsxFile(rows: SheetData): Promise<Buffer> {
  return writeXlsxFile(rows).toBuffer();
}

/** Reads the list until it reaches one of the statuses (the worker runs the jobs). */
export async function listWhen(
  t: TestApp,
  token: string,
  id: string,
  statuses: AudienceStatus[],
): Promise<AudienceList> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await t.post('/api/data/list', { token, body: { pageSize: 200 } });
    const list = (reply.body.data.records as AudienceList[]).find((record) => record.id === id);
    if (list && statuses.includes(list.status)) return list;
    if (Date.now() > deadline) throw new Error(`list ${id} is ${list?.status}, not ${statuses.join('/')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
