import type { AddressInfo } from 'node:net';
import { type ControlRoutes, isStatusResult, matchControl } from './control-router.js';
import { GraphError, graphErrors } from './graph-errors.js';
import { callerOf, dispatchGraph, type GraphRoutes, graphPath } from './graph-router.js';
import { ControlError, type SandboxReply } from './http.js';
import { createHttp1Server, type Http1Reply, type Http1Server } from './http1-server.js';
import { isResumableUploadPath, MAX_RESUMABLE_BYTES, routeResumableUpload } from './resumable-uploads.js';
import { blockUsersRoutes } from './routes/block-users.js';
import { controlActivityRoutes } from './routes/control-activity.js';
import { controlWorldRoutes } from './routes/control-world.js';
import { groupRoutes } from './routes/groups.js';
import { downloadMedia, MAX_UPLOAD_BYTES, mediaRoutes } from './routes/media.js';
import { messageRoutes } from './routes/messages.js';
import { numberRoutes } from './routes/numbers.js';
import { PROFILE_PICTURES, profilePicture, profileRoutes } from './routes/profile.js';
import { registrationRoutes } from './routes/registration.js';
import { templateRoutes } from './routes/templates.js';
import type { Sandbox } from './sandbox.js';
import { templateAnalyticsRoutes } from './template-analytics.js';
import { routeTranslation, TRANSLATE_PREFIX } from './translation.js';

const GRAPH_BODY_LIMIT = 4 * 1024 * 1024;
const CONTROL_BODY_LIMIT = 16 * 1024 * 1024;
const CONTROL_PREFIX = '/_sandbox/';
const PICTURE_PREFIX = `${CONTROL_PREFIX}${PROFILE_PICTURES}/`;
const DOWNLOAD_PATH = '/whatsapp_business/attachments/';

/** Every Graph route of every area, merged per node kind. */
function mergeGraphRoutes(...tables: GraphRoutes[]): GraphRoutes {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const table of tables) {
    for (const [kind, handlers] of Object.entries(table)) merged[kind] = { ...merged[kind], ...handlers };
  }
  return merged as GraphRoutes;
}

const graphRoutes = mergeGraphRoutes(
  messageRoutes,
  mediaRoutes,
  templateRoutes,
  templateAnalyticsRoutes,
  numberRoutes,
  registrationRoutes,
  profileRoutes,
  groupRoutes,
  blockUsersRoutes,
);
export const controlRoutes: ControlRoutes = { ...controlWorldRoutes, ...controlActivityRoutes };

const JSON_TYPE = 'application/json; charset=UTF-8';

function graphErrorReply(error: GraphError): SandboxReply {
  return { status: error.status, body: { ...error.beside, error: error.body } };
}

function controlErrorReply(error: unknown): SandboxReply {
  if (error instanceof ControlError) return { status: error.status, body: { error: { message: error.message } } };
  throw error;
}

function graphFailure(error: unknown): SandboxReply {
  if (error instanceof GraphError) return graphErrorReply(error);
  throw error;
}

const graphReply = (body: unknown): SandboxReply => ({ status: 200, body });
const controlReply = (result: unknown): SandboxReply =>
  isStatusResult(result) ? { status: result.status, body: result.body } : { status: 200, body: result };

interface Incoming {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** A Graph call's reply; a promise only when the handler is asynchronous (uploads). */
function routeGraph(sandbox: Sandbox, incoming: Incoming): SandboxReply | Promise<SandboxReply> {
  const { headers, search, path } = incoming;
  try {
    const caller = callerOf(sandbox, headers.authorization, search);
    if (path === DOWNLOAD_PATH) return downloadMedia(sandbox, caller, new URLSearchParams(search));
    const target = graphPath(path);
    if (!target) throw graphErrors.unknownPath(path.replace(/^\//, ''));
    const upload = routeResumableUpload(sandbox, caller, incoming, target);
    if (upload) return upload;
    const call = {
      sandbox,
      method: incoming.method,
      search,
      contentType: headers['content-type'],
      rawBody: incoming.body,
      caller,
    };
    const result = dispatchGraph(graphRoutes, call, target);
    return result instanceof Promise ? result.then(graphReply, graphFailure) : graphReply(result);
  } catch (error) {
    return graphFailure(error);
  }
}

function routeControl(sandbox: Sandbox, incoming: Incoming): SandboxReply | Promise<SandboxReply> {
  const { method, path } = incoming;
  try {
    if (method === 'GET' && path.startsWith(PICTURE_PREFIX)) return profilePicture(sandbox, path);
    const match = matchControl(controlRoutes, method, path.slice(CONTROL_PREFIX.length - 1));
    if (!match) throw new ControlError(`${method} ${path}: no such sandbox control call`, 404);
    const query = new URLSearchParams(incoming.search);
    const contentType = incoming.headers['content-type'];
    const result = match.handler({ sandbox, params: match.params, query, contentType, rawBody: incoming.body });
    return result instanceof Promise ? result.then(controlReply, controlErrorReply) : controlReply(result);
  } catch (error) {
    return controlErrorReply(error);
  }
}

/** How many body bytes a request may have: uploads are large, everything else small. */
function bodyLimit(method: string, path: string): number {
  if (path.startsWith(CONTROL_PREFIX)) return CONTROL_BODY_LIMIT;
  if (method === 'POST' && isResumableUploadPath(path)) return MAX_RESUMABLE_BYTES;
  return method === 'POST' && path.endsWith('/media') ? MAX_UPLOAD_BYTES : GRAPH_BODY_LIMIT;
}

function http1Reply(reply: SandboxReply): Http1Reply {
  if (reply.raw) return { status: reply.status, contentType: reply.raw.contentType, body: reply.raw.data };
  return { status: reply.status, contentType: JSON_TYPE, body: JSON.stringify(reply.body ?? {}) };
}

/**
 * The sandbox's HTTP server. The send path stays synchronous from the last body byte to the
 * reply (no promise per layer): at tens of thousands of sends a second that is measurable. An
 * unexpected failure is a 500 in Graph's error shape, and logged.
 */
export function createSandboxServer(sandbox: Sandbox): Http1Server {
  return createHttp1Server({
    bodyLimit,
    handle(request) {
      const reply = request.path.startsWith(CONTROL_PREFIX)
        ? routeControl(sandbox, request)
        : request.path.startsWith(TRANSLATE_PREFIX)
          ? routeTranslation(
              sandbox.settings.translation,
              request.method,
              request.path,
              request.headers['content-type'],
              request.body,
            )
          : routeGraph(sandbox, request);
      return reply instanceof Promise ? reply.then(http1Reply) : http1Reply(reply);
    },
    tooLarge(_method, path, limit) {
      const message = `body: larger than ${limit} bytes`;
      const error = path.startsWith(CONTROL_PREFIX) ? { message } : graphErrors.invalidParameter(message).body;
      return http1Reply({ status: 413, body: { error } });
    },
    onError(error, request) {
      sandbox.logger.error({ err: error, method: request.method, path: request.path }, 'sandbox: request failed');
      return http1Reply({
        status: 500,
        body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1, is_transient: true } },
      });
    },
  });
}

export function listen(server: Http1Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
