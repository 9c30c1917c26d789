/**
 * HTTP to the Graph API (or the sandbox): one keep-alive undici Agent shared by every number, and one
 * ProxyAgent per egress proxy URL, both made once and reused, so a send costs one pooled request and
 * nothing else. Every step of a request has a limit (connect, proxy CONNECT, TLS, first byte, idle
 * body), kept by undici's own timers rather than one per request. Every failure of a request leaves
 * here as one of the typed errors of `errors.ts`; only a download's body, streamed on, fails later as
 * undici reports it.
 */
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher, errors, type FormData, Pool, ProxyAgent } from 'undici';
import type { z } from 'zod';
import { type CloudApiError, MetaReplyError, metaErrorFrom, transportErrorFrom } from './errors.js';
import { expectReply } from './replies.js';

/** Connect (also a proxy's answer to CONNECT), first-byte and idle-body limits; media gets longer ones. */
export const TIMEOUTS = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  mediaMs: 120_000,
  keepAliveMs: 30_000,
} as const;

const agentOptions = {
  connect: { timeout: TIMEOUTS.connectMs },
  headersTimeout: TIMEOUTS.headersMs,
  bodyTimeout: TIMEOUTS.bodyMs,
  keepAliveTimeout: TIMEOUTS.keepAliveMs,
  keepAliveMaxTimeout: 10 * TIMEOUTS.keepAliveMs,
};

let directAgent: Agent | undefined;
const proxyAgents = new Map<string, ProxyAgent>();

export class CloudApiConfigError extends Error {
  override readonly name = 'CloudApiConfigError';
}

/** The dispatcher for a number: the shared Agent, or the cached ProxyAgent of its egress proxy. */
export function dispatcherFor(proxyUrl?: string | null): Dispatcher {
  if (!proxyUrl) {
    directAgent ??= new Agent(agentOptions);
    return directAgent;
  }
  let agent = proxyAgents.get(proxyUrl);
  if (!agent) {
    const parsed = URL.canParse(proxyUrl) ? new URL(proxyUrl) : undefined;
    if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') {
      throw new CloudApiConfigError('proxyUrl: must be an http(s) URL such as http://user:pass@host:3128');
    }
    agent = proxyAgent(proxyUrl);
    proxyAgents.set(proxyUrl, agent);
  }
  return agent;
}

interface ProxyTimeouts {
  connectMs: number;
}

/**
 * A ProxyAgent whose tunnels cannot hang. ProxyAgent talks to the proxy through a client of its own
 * made with none of our limits, so a proxy that takes the TCP connection and never answers CONNECT
 * would hold the request for undici's 5-minute default headers timeout. That client here waits
 * `connectMs` for the answer, and its silence fails the request as a connect timeout: nothing
 * reached Meta, so the send may be retried.
 */
export function proxyAgent(proxyUrl: string, timeouts: ProxyTimeouts = TIMEOUTS): ProxyAgent {
  const connect = { timeout: timeouts.connectMs };
  return new ProxyAgent({
    // Credentials in the URL become Proxy-Authorization (undici does this from `uri`).
    uri: proxyUrl,
    ...agentOptions,
    // The ProxyAgent connects through its own connectors: these carry the connect timeout.
    proxyTls: connect,
    requestTls: connect,
    clientFactory: (origin, options) =>
      new Pool(origin, { ...options, headersTimeout: timeouts.connectMs }).compose(
        (dispatch) => (request, handler) => dispatch(request, unansweredConnectIsConnectTimeout(handler, timeouts)),
      ),
  });
}

/** Passes a CONNECT's events on, its headers timeout (no answer from the proxy) as a connect timeout. */
function unansweredConnectIsConnectTimeout(
  handler: Dispatcher.DispatchHandler,
  timeouts: ProxyTimeouts,
): Dispatcher.DispatchHandler {
  return {
    onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
    onRequestUpgrade: (controller, statusCode, headers, socket) =>
      handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
    onResponseStart: (controller, statusCode, headers, statusMessage) =>
      handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
    onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
    onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
    onResponseError: (controller, error) =>
      handler.onResponseError?.(
        controller,
        error instanceof errors.HeadersTimeoutError
          ? new errors.ConnectTimeoutError(`proxy did not answer CONNECT within ${timeouts.connectMs} ms`)
          : error,
      ),
  };
}

/** Closes the shared agents (shutdown, tests); the next call makes new ones. */
export async function closeCloudApiAgents(): Promise<void> {
  const agents: Dispatcher[] = [...proxyAgents.values()];
  if (directAgent) agents.push(directAgent);
  directAgent = undefined;
  proxyAgents.clear();
  await Promise.all(agents.map((agent) => agent.close()));
}

export interface GraphConnection {
  /** `https://graph.facebook.com`, or the sandbox's `http://127.0.0.1:PORT` (a path prefix is kept). */
  baseUrl: string;
  /** Graph API version, like `v23.0`. */
  version: string;
  accessToken: string;
  /** Egress proxy for this number, `http(s)://[user:pass@]host:port`. */
  proxyUrl?: string | null;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface GraphCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path after the version, segments already encoded: `123/messages`. */
  path: string;
  query?: Query;
  json?: unknown;
  form?: FormData;
  /**
   * Raw bytes of a resumable upload session, sent from `fileOffset` (Meta's `file_offset` header)
   * with the token as `OAuth`, as the Resumable Upload API documents.
   */
  upload?: { bytes: Uint8Array; fileOffset: number };
  /** Media transfers: longer header and body timeouts. */
  slow?: boolean;
}

/**
 * A media file on its way in: media runs up to 100 MB, so the body is passed on as it arrives
 * instead of being held in memory. The consumer must read it to the end or destroy it: until then
 * it holds a pooled connection (its idle limit is `TIMEOUTS.mediaMs`). A failure mid-body is the
 * stream's 'error' (undici's own error, not a CloudApiError).
 */
export interface Downloaded {
  body: Readable;
  contentType: string | undefined;
  /** The size Meta announced, when it sent a valid content-length. */
  contentLength: number | undefined;
}

const encodeQuery = (query: Query): string => {
  let text = '';
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    text += `${text ? '&' : '?'}${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;
  }
  return text;
};

/** Encodes one id for use as a path segment. */
export const segment = (id: string): string => encodeURIComponent(id);

/** A number's connection to the Graph API: everything per call is precomputed here once. */
export class GraphTransport {
  private readonly origin: string;
  private readonly prefix: string;
  private readonly dispatcher: Dispatcher;
  private readonly authorization: string;
  private readonly jsonHeaders: Record<string, string>;
  private readonly plainHeaders: Record<string, string>;

  constructor(connection: GraphConnection) {
    if (!URL.canParse(connection.baseUrl)) throw new CloudApiConfigError('baseUrl: must be an absolute URL');
    if (!/^v\d+\.\d+$/.test(connection.version)) throw new CloudApiConfigError('version: must look like v23.0');
    const base = new URL(connection.baseUrl);
    this.origin = base.origin;
    this.prefix = `${base.pathname.replace(/\/+$/, '')}/${connection.version}/`;
    this.dispatcher = dispatcherFor(connection.proxyUrl);
    this.authorization = `Bearer ${connection.accessToken}`;
    this.plainHeaders = { authorization: this.authorization, accept: 'application/json' };
    this.jsonHeaders = { ...this.plainHeaders, 'content-type': 'application/json' };
  }

  /** One Graph call; resolves with the parsed JSON reply, rejects with a typed CloudApiError. */
  async call(request: GraphCall): Promise<unknown> {
    const endpoint = `${request.method} ${request.path}`;
    const body = request.upload?.bytes ?? (request.json === undefined ? request.form : JSON.stringify(request.json));
    let statusCode: number;
    let text: string;
    try {
      const response = await this.dispatcher.request({
        origin: this.origin,
        path: this.prefix + request.path + (request.query ? encodeQuery(request.query) : ''),
        method: request.method,
        headers: this.headersOf(request),
        body,
        ...(request.slow ? { headersTimeout: TIMEOUTS.mediaMs, bodyTimeout: TIMEOUTS.mediaMs } : {}),
      });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw transportErrorFrom(endpoint, error);
    }
    return parseReply(endpoint, statusCode, text);
  }

  private headersOf(request: GraphCall): Record<string, string> {
    if (request.upload) {
      return {
        authorization: `OAuth ${this.authorization.slice('Bearer '.length)}`,
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        file_offset: String(request.upload.fileOffset),
      };
    }
    return request.json === undefined ? this.plainHeaders : this.jsonHeaders;
  }

  /** One Graph call whose reply must match `schema`; resolves with the typed reply. */
  async expect<S extends z.ZodType>(schema: S, request: GraphCall): Promise<z.infer<S>> {
    return expectReply(schema, await this.call(request), `${request.method} ${request.path}`);
  }

  /** Fetches a media URL from a lookup: Meta wants the same bearer token there. */
  async download(url: string): Promise<Downloaded> {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new CloudApiConfigError('url: must be the http(s) URL from a media lookup');
    }
    const target = new URL(url);
    const endpoint = `GET ${target.pathname}`;
    let statusCode: number;
    let text: string;
    try {
      const response = await this.dispatcher.request({
        origin: target.origin,
        path: target.pathname + target.search,
        method: 'GET',
        headers: { authorization: this.authorization },
        headersTimeout: TIMEOUTS.mediaMs,
        bodyTimeout: TIMEOUTS.mediaMs,
      });
      statusCode = response.statusCode;
      if (statusCode >= 200 && statusCode < 300) {
        const { headers } = response;
        return {
          body: response.body,
          contentType: firstHeader(headers['content-type']),
          contentLength: byteCount(firstHeader(headers['content-length'])),
        };
      }
      // An error reply is Meta's small JSON envelope (or a proxy's page): read whole, as for any call.
      text = await response.body.text();
    } catch (error) {
      throw transportErrorFrom(endpoint, error);
    }
    throw failedReply(endpoint, statusCode, text);
  }
}

const firstHeader = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** A content-length as a number; anything that is not a plain byte count is left out. */
const byteCount = (value: string | undefined): number | undefined => {
  const digits = value?.trim();
  return digits && /^\d{1,15}$/.test(digits) ? Number(digits) : undefined;
};

const parseJson = (endpoint: string, statusCode: number, text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new MetaReplyError(endpoint, statusCode, 'not-json', text.slice(0, 200) || '(empty body)');
  }
};

/** The error a non-2xx reply stands for: Meta's envelope when it has one. */
function failedReply(endpoint: string, statusCode: number, text: string): CloudApiError {
  let json: unknown;
  try {
    json = parseJson(endpoint, statusCode, text);
  } catch (error) {
    return error as MetaReplyError;
  }
  return (
    metaErrorFrom(endpoint, statusCode, json) ??
    new MetaReplyError(endpoint, statusCode, 'unexpected-shape', 'an error status without Meta error envelope')
  );
}

/** JSON out of a 2xx reply; Meta's error envelope (Graph sometimes sends it with 200) is thrown. */
function parseReply(endpoint: string, statusCode: number, text: string): unknown {
  if (statusCode < 200 || statusCode >= 300) throw failedReply(endpoint, statusCode, text);
  const json = parseJson(endpoint, statusCode, text);
  const metaError = metaErrorFrom(endpoint, statusCode, json);
  if (metaError) throw metaError;
  return json;
}
