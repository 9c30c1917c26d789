import {
  type BodyOf,
  type CallDefinition,
  type DataOf,
  type ErrorEnvelope,
  type QueryOf,
  SUCCESS_CODE,
  SUCCESS_MESSAGES,
} from '@ws/contract';
import { translate } from '../i18n/i18n.js';
import { currentLanguage } from '../i18n/language.js';
import { currentSession } from '../session/session-store.js';
import { SILENT_ERROR_CODES } from '../settings.js';
import { ApiError, showError, showSuccess } from './api-error.js';
import { fetchWithUploadProgress } from './upload-progress.js';

export { ApiError } from './api-error.js';

interface CommonOptions {
  /** Leave the failure to the caller: no toast and no sign-out on 401. */
  silent?: boolean;
  /** Show the call kind's success toast (新增成功, 更新成功, 删除成功) when it succeeds. */
  notifySuccess?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Told how much of the request's body has been sent (0..1): for uploads, which then go through XMLHttpRequest. */
  onUploadProgress?: (fraction: number) => void;
}

/** `body` and `query` are required exactly when the call's contract has them. */
export type CallOptions<C> = CommonOptions &
  (BodyOf<C> extends undefined ? { body?: undefined } : { body: BodyOf<C> }) &
  (QueryOf<C> extends undefined ? { query?: undefined } : { query: QueryOf<C> }) &
  (C extends { multipart: true } ? { form: FormData } : { form?: undefined });

type OptionsArgument<C> =
  Record<string, never> extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

type LooseOptions = CommonOptions & { body?: unknown; query?: Record<string, unknown>; form?: FormData };

/** HTTP statuses that are answers to read (specification section 8); anything else is a failure to reach the API. */
const isAnswer = (status: number) => status >= 200 && status <= 500;

/**
 * The request wrapper: makes one contract call and returns the `data` of its envelope. A failure is
 * shown once (unless its code is whitelisted or the caller asked for silence) and thrown as an
 * ApiError; a 401 ends the session and leads to /login.
 */
export async function callApi<C extends CallDefinition>(call: C, ...[options]: OptionsArgument<C>): Promise<DataOf<C>> {
  const loose = (options ?? {}) as LooseOptions;
  const data = (await reported(loose, () => send(call, loose))) as DataOf<C>;
  if (loose.notifySuccess) showSuccess(SUCCESS_MESSAGES[call.kind][currentLanguage()]);
  return data;
}

/**
 * A call whose successful reply is a file or a stream (exports, templates) rather than the JSON
 * envelope: the same token, refresh and failure handling as callApi, but the 200 response is
 * returned unread so the caller can stream its body.
 */
export async function callFile<C extends CallDefinition>(call: C, ...[options]: OptionsArgument<C>): Promise<Response> {
  const loose = (options ?? {}) as LooseOptions;
  return reported(loose, async () => {
    const response = await request(call, loose);
    if (response.status !== 200) throw await failureOf(response);
    return response;
  });
}

/** Runs one request; a failure is shown once (see report) and thrown as an ApiError. */
async function reported<T>(options: LooseOptions, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (caught) {
    // A caller that gave up (unmounted) needs no toast.
    if (options.signal?.aborted) throw caught;
    const error = caught instanceof ApiError ? caught : new ApiError(0, translate('api:networkError'));
    if (!options.silent) report(error);
    throw error;
  }
}

async function send(call: CallDefinition, options: LooseOptions): Promise<unknown> {
  const response = await request(call, options);
  if (response.status !== 200) throw await failureOf(response);
  const envelope = await readJson(response);
  if (envelope?.code === SUCCESS_CODE) return envelope.data;
  throw errorOf(response, envelope);
}

async function failureOf(response: Response): Promise<ApiError> {
  if (!isAnswer(response.status)) return new ApiError(response.status, translate('api:networkError'));
  return errorOf(response, await readJson(response));
}

function errorOf(response: Response, envelope: Awaited<ReturnType<typeof readJson>>): ApiError {
  // Sign-in failures carry the text meant for the user in error_description.
  const message = envelope?.error_description || envelope?.message || translate('api:unknownError');
  return new ApiError(response.status, message, envelope?.code, envelope?.requestId);
}

/**
 * What the wrapper needs of the session: a token past its refresh age refreshed before a call, and
 * the session ended on a 401. The session itself calls the API, so it hands these over when the
 * app starts (`connectSessionToApi`) rather than being imported here.
 */
export interface SessionHooks {
  /** Resolves once a due refresh is done; undefined when none was due. */
  refreshIfDue(): Promise<void> | undefined;
  end(): void;
}

let sessionHooks: SessionHooks | undefined;

export function connectSession(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

async function request(call: CallDefinition, options: LooseOptions): Promise<Response> {
  // A token past its refresh age is refreshed before it is used (the refresh call itself is public).
  if (call.access !== 'public') await sessionHooks?.refreshIfDue();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  const token = currentSession()?.accessToken;
  if (call.access !== 'public' && token) headers.token = token;
  let payload: BodyInit | undefined;
  if (options.form) {
    payload = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }

  const url = urlOf(call.path, options.query);
  const init = { method: call.method, headers, body: payload, signal: options.signal ?? null };
  try {
    if (options.onUploadProgress) return await fetchWithUploadProgress(url, init, options.onUploadProgress);
    return await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, translate('api:networkError'));
  }
}

function urlOf(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<(Partial<ErrorEnvelope> & { data?: unknown }) | undefined> {
  try {
    const parsed: unknown = await response.json();
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function report(error: ApiError): void {
  if (error.code !== undefined && SILENT_ERROR_CODES.includes(error.code)) return;
  if (error.status !== 401) {
    showError(error);
    return;
  }
  // The session is gone on the server: forget it here too and ask for a new sign-in. The shared
  // key makes simultaneous failing calls show one toast between them.
  sessionHooks?.end();
  showError(new ApiError(401, translate('api:sessionExpired')), { key: 'session-expired' });
  error.shown = true;
}
