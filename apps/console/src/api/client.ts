import {
  type BodyOf,
  type CallDefinition,
  type DataOf,
  type ErrorEnvelope,
  type QueryOf,
  SUCCESS_CODE,
} from '@ws/contract';
import { currentLanguage } from '../i18n/language.js';
import { texts } from '../i18n/texts.js';
import { navigate } from '../router.js';
import { clearSession, currentSession } from '../session/session-store.js';
import { ApiError, showError } from './api-error.js';

export { ApiError } from './api-error.js';

interface CommonOptions {
  /** Leave the failure to the caller: no toast, no 401 sign-out. */
  silent?: boolean;
  signal?: AbortSignal;
}

/** `body` and `query` are required exactly when the call's contract has them. */
export type CallOptions<C> = CommonOptions &
  (BodyOf<C> extends undefined ? { body?: undefined } : { body: BodyOf<C> }) &
  (QueryOf<C> extends undefined ? { query?: undefined } : { query: QueryOf<C> }) &
  (C extends { multipart: true } ? { form: FormData } : { form?: undefined });

type OptionsArgument<C> =
  Record<string, never> extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

/**
 * Makes one contract call and returns the `data` of its envelope. Every failure is shown once
 * through showError and then thrown as an ApiError; a 401 also ends the session.
 */
export async function callApi<C extends CallDefinition>(call: C, ...[options]: OptionsArgument<C>): Promise<DataOf<C>> {
  const {
    body,
    query,
    form,
    silent = false,
    signal,
  } = (options ?? {}) as CommonOptions & {
    body?: unknown;
    query?: Record<string, unknown>;
    form?: FormData;
  };
  try {
    return (await send(call, { body, query, form, signal })) as DataOf<C>;
  } catch (caught) {
    // A caller that gave up (unmounted) needs no toast.
    if (signal?.aborted) throw caught;
    const error =
      caught instanceof ApiError ? caught : new ApiError(0, caught instanceof Error ? caught.message : String(caught));
    if (!silent) report(error);
    throw error;
  }
}

async function send(
  call: CallDefinition,
  input: { body?: unknown; query?: Record<string, unknown>; form?: FormData; signal?: AbortSignal | undefined },
): Promise<unknown> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = currentSession()?.accessToken;
  if (call.access !== 'public' && token) headers.token = token;
  let payload: BodyInit | undefined;
  if (input.form) {
    payload = input.form;
  } else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(input.body);
  }

  let response: Response;
  try {
    response = await fetch(urlOf(call.path, input.query), {
      method: call.method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: input.signal,
    });
  } catch {
    throw new ApiError(0, texts().networkError);
  }

  const envelope = await readJson(response);
  if (response.ok && envelope?.code === SUCCESS_CODE) return envelope.data;
  // Sign-in failures carry the text meant for the user in error_description.
  const message = envelope?.error_description || envelope?.message || texts().unknownError;
  const status = response.ok ? (envelope?.code ?? response.status) : response.status;
  throw new ApiError(status, message, envelope?.requestId);
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
  if (error.status !== 401) {
    showError(error);
    return;
  }
  // The session is gone on the server: forget it here too and ask for a new sign-in. The shared
  // key makes simultaneous failing calls show one toast between them.
  clearSession();
  navigate('/login', { replace: true });
  showError(new ApiError(401, texts().sessionExpired), { key: 'session-expired' });
  error.shown = true;
}
