import { randomBytes } from 'node:crypto';
import type {
  ContactRecord,
  ConversationPage,
  Page as ListPage,
  NumberListRecord,
  Tag,
  TagKind,
  TokenPair,
} from '@ws/contract';
import { afterAll, beforeAll, inject } from 'vitest';
import { apiSignIn, postApi } from './console-pages.js';
import { DEMO_PASSWORD } from './product.js';

/** What the end-to-end tests share of the product: the demo tenant's operator and the Cloud API sandbox. */

const baseUrl = inject('baseUrl');
const sandboxUrl = inject('sandboxUrl');

/** An object filled before the file's tests, so that tests (and page.evaluate) can hold it from the start. */
function filledBeforeAll<T extends object>(make: () => Promise<T>): T {
  const value = {} as T;
  beforeAll(async () => {
    Object.assign(value, await make());
  });
  return value;
}

/** The demo operator's session, opened through the API before the file's tests. */
export function useDemo(): TokenPair {
  return filledBeforeAll(() => apiSignIn(baseUrl, 'demo', DEMO_PASSWORD));
}

/**
 * A tag of the demo tenant's with a fresh name, made before the file's tests and deleted after
 * them: the demo tenant is shared with the other tests.
 */
export function useDemoTag(demo: TokenPair, kind: TagKind, color: string): Tag {
  const tag = filledBeforeAll(() =>
    postApi<Tag>(
      baseUrl,
      '/api/tag/add',
      { kind, name: `e2e-${randomBytes(3).toString('hex')}`, color },
      demo.access_token,
    ),
  );
  afterAll(() => postApi(baseUrl, '/api/tag/del', { ids: [tag.id] }, demo.access_token));
  return tag;
}

/** The demo contact chat-history.test.ts talks to: no campaign or invitation of a test writes to it. */
/**
 * The first `count` demo numbers a link may send visitors to now: earlier files may have paused one
 * or turned it RED (the campaigns' burst send does).
 */
export async function sendingDemoNumbers(demo: TokenPair, count: number): Promise<{ id: string; phone: string }[]> {
  const page = await postApi<ListPage<NumberListRecord>>(
    baseUrl,
    '/api/agent/list',
    { page: 1, pageSize: 50, filters: {} },
    demo.access_token,
  );
  const numbers = page.records
    .filter((number) => !number.paused && number.quality_rating !== 'RED')
    .slice(0, count)
    .map((number) => ({ id: number.id, phone: number.phone }));
  if (numbers.length < count) throw new Error(`the demo has fewer than ${count} numbers that may take visitors`);
  return numbers;
}

export const KEPT_AWAY = '15550200250';

/**
 * The demo's contacts with consent (the first 200, but the one kept away), read before the file's
 * tests: a file hands them out a slice at a time, so its tests never share an audience.
 */
export function useConsentingContacts(demo: TokenPair): ContactRecord[] {
  const contacts: ContactRecord[] = [];
  beforeAll(async () => {
    const found = await postApi<ListPage<ContactRecord>>(
      baseUrl,
      '/api/friend/list',
      { page: 1, pageSize: 200, filters: { consent: 'opted_in' } },
      demo.access_token,
    );
    contacts.push(...found.records.filter((contact) => contact.wa_id && contact.wa_id !== KEPT_AWAY));
  });
  return contacts;
}

/** A number as the sandbox's control calls show it. */
export interface SandboxNumber {
  phone_number_id: string;
  waba_id: string;
  display_phone_number: string;
  access_token: string;
  registered: boolean;
  status: string;
  /** The code the sandbox "sent" by SMS or voice, instead of sending it. */
  pending_code: string | null;
}

/** A control call of the product's sandbox (`/_sandbox/...`): makes numbers, shows sent codes, lets customers write. */
export async function sandboxControl<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandboxUrl}/_sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`sandbox ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The sandbox's id of a number (`phone_number_id`), found by its phone. */
export async function sandboxPhoneNumberId(phone: string): Promise<string> {
  const digits = (text: string) => text.replace(/\D/g, '');
  const number = (await sandboxControl<SandboxNumber[]>('GET', '/numbers')).find(
    (candidate) => digits(candidate.display_phone_number) === digits(phone),
  );
  if (!number) throw new Error(`no sandbox number ${phone}`);
  return number.phone_number_id;
}

/**
 * Makes a demo number healthy again, as an operator would, for the files that share the demo's
 * numbers: its quality back to GREEN at the sandbox (Meta's UNFLAGGED), and resumed when the
 * product paused it (a number Meta flags RED stays paused until an operator resumes it).
 */
export async function restoreDemoNumber(demo: TokenPair, phone: string): Promise<void> {
  await sandboxControl('POST', `/numbers/${await sandboxPhoneNumberId(phone)}`, { quality_rating: 'GREEN' });
  const numbers = await postApi<ListPage<NumberListRecord>>(
    baseUrl,
    '/api/agent/list',
    { page: 1, pageSize: 50, filters: {} },
    demo.access_token,
  );
  const record = numbers.records.find((number) => number.phone.replace(/\D/g, '') === phone.replace(/\D/g, ''));
  if (record?.paused) await postApi(baseUrl, '/api/agent/resume', { ids: [record.id] }, demo.access_token);
}

/** The demo number of the tenant's newest conversation: its id in the product and in the sandbox. */
export async function newestConversationNumber(
  baseUrl: string,
  demo: TokenPair,
): Promise<{ numberId: string; phoneNumberId: string }> {
  const newest = (await postApi<ConversationPage>(baseUrl, '/api/message/conversations', {}, demo.access_token))
    .records[0];
  if (!newest) throw new Error('the demo tenant has no conversation');
  return { numberId: newest.number_id, phoneNumberId: await sandboxPhoneNumberId(newest.number_phone) };
}
