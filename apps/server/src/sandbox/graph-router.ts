import { graphErrors } from './graph-errors.js';
import { decodeStructured } from './graph-input.js';
import { bodyFields, InvalidBodyError } from './http.js';
import type { Sandbox } from './sandbox.js';
import type { SandboxGroup, SandboxMedia, SandboxNumber, SandboxTemplate, SandboxWaba } from './state.js';

/** The Graph node a path names, found among the sandbox's records. */
export type GraphObject =
  | { kind: 'number'; id: string; number: SandboxNumber }
  | { kind: 'waba'; id: string; waba: SandboxWaba }
  | { kind: 'template'; id: string; template: SandboxTemplate }
  | { kind: 'media'; id: string; media: SandboxMedia }
  | { kind: 'group'; id: string; group: SandboxGroup };
type Kind = GraphObject['kind'];

/** One Graph call as handlers see it; the query and the node's URL are worked out only when read. */
export class GraphCall<O extends GraphObject = GraphObject> {
  private parsedQuery: URLSearchParams | undefined;

  constructor(
    readonly sandbox: Sandbox,
    readonly method: string,
    readonly object: O,
    /** The edge after the id (`messages`, `phone_numbers`), empty for the node itself. */
    readonly edge: string,
    /** The raw query string, without `?`. */
    readonly search: string,
    readonly contentType: string | undefined,
    readonly rawBody: Buffer,
    /** The token's phone number: its business account is what the token may reach. */
    readonly caller: SandboxNumber,
    private readonly version: string,
  ) {}

  get query(): URLSearchParams {
    this.parsedQuery ??= new URLSearchParams(this.search);
    return this.parsedQuery;
  }

  /** This node's URL without query, for paging links. */
  get selfUrl(): string {
    return `${this.sandbox.baseUrl}/${this.version}/${this.object.id}${this.edge ? `/${this.edge}` : ''}`;
  }
}

export type GraphHandler<O extends GraphObject = GraphObject> = (call: GraphCall<O>) => unknown;
/** Handlers per node kind, keyed `METHOD edge` (`GET ` for the node itself). */
export type GraphRoutes = { [K in Kind]?: Record<string, GraphHandler<Extract<GraphObject, { kind: K }>>> };

/**
 * Query parameters and body fields together, as Graph reads parameters from either, with
 * structured parameters given as JSON text decoded; `decoded` tells whether any was.
 */
export function decodedCallFields(call: GraphCall): { fields: Record<string, unknown>; decoded: boolean } {
  return decodeStructured(rawCallFields(call));
}

export function callFields(call: GraphCall): Record<string, unknown> {
  return decodedCallFields(call).fields;
}

function rawCallFields(call: GraphCall): Record<string, unknown> {
  let body: Record<string, unknown>;
  try {
    body = bodyFields(call.contentType, call.rawBody);
  } catch (error) {
    if (error instanceof InvalidBodyError) throw graphErrors.invalidParameter(error.message);
    throw error;
  }
  if (call.search === '') return body;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of call.query) if (key !== 'access_token') fields[key] = value;
  return Object.assign(fields, body);
}

const VERSION = /^v\d+\.\d+$/;

/** Splits `/v23.0/{id}/{edge}` (the version is optional, as at Graph) into id and edge. */
export function graphPath(path: string): { version: string | undefined; id: string; edge: string } | undefined {
  let rest = path.charCodeAt(0) === 47 ? path.slice(1) : path;
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  let slash = rest.indexOf('/');
  let version: string | undefined;
  const first = slash === -1 ? rest : rest.slice(0, slash);
  if (VERSION.test(first)) {
    version = first;
    rest = slash === -1 ? '' : rest.slice(slash + 1);
    slash = rest.indexOf('/');
  }
  const id = slash === -1 ? rest : rest.slice(0, slash);
  if (!id) return undefined;
  return {
    version,
    id: id.includes('%') ? decodeURIComponent(id) : id,
    edge: slash === -1 ? '' : rest.slice(slash + 1),
  };
}

function findObject(sandbox: Sandbox, id: string): { object: GraphObject; wabaId: string } | undefined {
  const { store } = sandbox;
  const number = store.numbers.get(id);
  if (number) return { object: { kind: 'number', id, number }, wabaId: number.wabaId };
  const waba = store.wabas.get(id);
  if (waba) return { object: { kind: 'waba', id, waba }, wabaId: waba.id };
  const template = store.templates.get(id);
  if (template) return { object: { kind: 'template', id, template }, wabaId: template.wabaId };
  const media = store.media.get(id);
  if (media) return { object: { kind: 'media', id, media }, wabaId: media.wabaId };
  const group = store.groups.get(id);
  const owner = group ? store.numbers.get(group.phoneNumberId) : undefined;
  if (group && owner) return { object: { kind: 'group', id, group }, wabaId: owner.wabaId };
  return undefined;
}

/** The token of a call: `Authorization: Bearer …` or the `access_token` query parameter. */
export function callerOf(sandbox: Sandbox, authorization: string | undefined, search: string): SandboxNumber {
  // Graph takes `Bearer`; the Resumable Upload API's examples send `OAuth`.
  const scheme = authorization?.startsWith('Bearer ') ? 7 : authorization?.startsWith('OAuth ') ? 6 : 0;
  let token = scheme > 0 ? authorization?.slice(scheme).trim() : undefined;
  if (!token && search.includes('access_token=')) token = new URLSearchParams(search).get('access_token') ?? undefined;
  const number = token ? sandbox.store.numbersByToken.get(token) : undefined;
  if (!number) throw graphErrors.invalidToken();
  return number;
}

export interface GraphRequest {
  sandbox: Sandbox;
  method: string;
  search: string;
  contentType: string | undefined;
  rawBody: Buffer;
  caller: SandboxNumber;
}

/**
 * Finds the node, checks that the caller's token reaches it (its business account), and runs the
 * handler of the node kind for the method and edge. A node the token cannot see is answered
 * exactly like a node that does not exist, as Graph does.
 */
export function dispatchGraph(
  routes: GraphRoutes,
  request: GraphRequest,
  target: { version: string | undefined; id: string; edge: string },
): unknown {
  const { id, edge } = target;
  const found = findObject(request.sandbox, id);
  if (!found || found.wabaId !== request.caller.wabaId) throw graphErrors.unknownObject(id, request.method);
  const table = routes[found.object.kind] as Record<string, GraphHandler> | undefined;
  const handler = table?.[`${request.method} ${edge}`];
  if (!handler) {
    if (edge === '' || table?.[`GET ${edge}`] || table?.[`POST ${edge}`] || table?.[`DELETE ${edge}`]) {
      throw graphErrors.unknownObject(id, request.method);
    }
    throw graphErrors.unknownPath(edge);
  }
  const { sandbox, method, search, contentType, rawBody, caller } = request;
  return handler(
    new GraphCall(sandbox, method, found.object, edge, search, contentType, rawBody, caller, target.version ?? 'v23.0'),
  );
}
