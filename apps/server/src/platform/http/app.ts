import { randomUUID } from 'node:crypto';
import { type Language, languageFrom } from '@ws/contract';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { DEADLOCK_DETECTED, SERIALIZATION_FAILURE } from '../db/sql-state.js';
import type { AppContext } from './context.js';
import { AppError, errors } from './errors.js';
import { type FrontEndDirs, pageFallbackDir } from './front-end-files.js';
import { InFlightCalls } from './in-flight.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** API handlers still running; closing waits for them. */
    inFlight: InFlightCalls;
  }
}

/** The HTTP server with the envelope, error catalogue, request ids and health probes; modules add routes. */
export function createHttpServer(context: AppContext): FastifyInstance {
  const app = Fastify({
    loggerInstance: context.logger as FastifyBaseLogger,
    // One line per request from our onResponse hook instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: context.config.BODY_LIMIT,
    // Trust exactly TRUST_PROXY hops of X-Forwarded-For, so clients cannot spoof their address.
    trustProxy: (_address: string, hop: number) => hop < context.config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Finish in-flight requests on close, refuse new ones with 503.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Once closing, answer in-flight requests with `Connection: close`; a kept-alive socket would
  // otherwise hold the shutdown for Fastify's 72 s keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const inFlight = new InFlightCalls();
  app.decorate('inFlight', inFlight);
  app.addHook('onClose', () => inFlight.drained(30_000));
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = languageFrom(request.headers['accept-language']);
    const known = error instanceof AppError ? error : fromFrameworkError(error);
    if (known && !(error instanceof AppError) && isDataException(error)) {
      request.log.warn({ err: error }, 'database refused input that validation let through');
    }
    if (known) return sendError(reply, known, language);
    request.log.error({ err: error }, 'unhandled error');
    const message =
      language === 'en'
        ? `Internal server error (request id ${request.id})`
        : `服务器内部错误（请求编号 ${request.id}）`;
    return reply.status(500).send({ code: 500, message, data: null, requestId: request.id });
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await context.pool.query('select 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  return app;
}

/**
 * 404 for unknown calls; a browser navigation (a GET asking for HTML, outside /api and /uploads)
 * answers the index.html of the front end whose prefix the path has (the seat client's under
 * /client/, else the console's) when that one is built, so its router can show the page, whatever
 * the path looks like (`/passenger/chat_record/john.doe` included).
 */
export function setNotFound(app: FastifyInstance, frontEnds: FrontEndDirs): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      request.method === 'GET' &&
      (request.headers.accept ?? '').includes('text/html') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/uploads/');
    const dir = isPage ? pageFallbackDir(frontEnds, path) : undefined;
    if (dir) return reply.type('text/html').sendFile('index.html', dir);
    return sendError(reply, errors.routeNotFound(), languageFrom(request.headers['accept-language']));
  });
}

/** The catalogue's reply for an AppError: `{code, message, data: null}`, plus what the error asks for. */
function sendError(reply: FastifyReply, error: AppError, language: Language) {
  if (error.extra.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
  const message = error.messageIn(language);
  return reply.status(error.status).send({
    code: error.status,
    message,
    data: null,
    ...(error.extra.errorDescription ? { error_description: message } : {}),
  });
}

const isDataException = (error: FastifyError) => typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);

/** Maps Fastify's own client errors (bad JSON, body too large, wrong content type) onto the catalogue. */
function fromFrameworkError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return errors.tooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMedia();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.badJson();
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return errors.badJson();
  // A PostgreSQL data exception (class 22: out of range, bad encoding…) is always input that slipped
  // past validation; answer it as bad input rather than as a server failure.
  if (isDataException(error)) {
    return new AppError('invalidInput', { zh: '请求参数不合法', en: 'Invalid input' });
  }
  // A deadlock or serialization failure (class 40) rolled the request's transaction back whole: the
  // request did nothing and may simply be sent again.
  if (error.code === DEADLOCK_DETECTED || error.code === SERIALIZATION_FAILURE) {
    return new AppError(
      'unavailable',
      { zh: '数据正被其他操作修改，请重试', en: 'Another change to the same data got in the way, please try again' },
      { retryAfterSeconds: 1 },
    );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new AppError(status === 413 ? 'tooLarge' : status === 415 ? 'unsupportedMedia' : 'invalidInput', {
      zh: error.message,
      en: error.message,
    });
  }
  return undefined;
}
