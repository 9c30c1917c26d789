/**
 * `GET /l/{slug}`, public. Two doors to the same `LinkRedirect.visit`: a Fastify route (what
 * `inject` and the error handler see), and, once the server listens, a lean path in front of
 * Fastify's request handler that answers `/l/…` straight from Node's request: no request id, no
 * per-request log line, no hooks (bench/README.md, "Links", has the figures that decided it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/http/context.js';
import { LinkRedirect, type VisitAnswer } from './link-visit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The redirect of `/l/{slug}`: its link cache and click buffer (tests flush it). */
    linkRedirect: LinkRedirect;
  }
}

const UNAVAILABLE: VisitAnswer = {
  status: 503,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' },
  body: 'Service unavailable, please try again.',
};

export function registerLinkRedirect(app: FastifyInstance, context: AppContext): void {
  const redirect = new LinkRedirect(context.pool, context.logger);
  app.decorate('linkRedirect', redirect);
  app.addHook('onClose', () => redirect.close());

  // A HEAD is not a visit: it is answered without a click or a pick.
  app.head<{ Params: { slug: string } }>('/l/:slug', async (request, reply) => {
    const status = await redirect.head(request.params.slug).catch(() => 503);
    return reply
      .status(status)
      .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .send();
  });
  app.get<{ Params: { slug: string } }>('/l/:slug', { exposeHeadRoute: false }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const answer = await answerOrUnavailable(redirect, context, {
      slug: request.params.slug,
      query,
      headers: request.headers,
      address: request.ip,
    });
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const trustedHops = context.config.TRUST_PROXY;
  app.addHook('onReady', async () => {
    if (context.config.LINKS_LEAN === 'off') return;
    const server = app.server;
    const [fastifyHandler] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    if (!fastifyHandler) return;
    server.removeListener('request', fastifyHandler);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? '';
      if (req.method !== 'GET' || !url.startsWith('/l/') || closing) return fastifyHandler(req, res);
      const end = url.indexOf('?');
      const path = end < 0 ? url.slice(3) : url.slice(3, end);
      const slug = path.endsWith('/') ? path.slice(0, -1) : path;
      if (slug.includes('/')) return fastifyHandler(req, res);
      const answer = answerOrUnavailable(redirect, context, {
        slug,
        query: end < 0 ? '' : url.slice(end + 1),
        headers: req.headers,
        address: clientAddress(req, trustedHops),
      });
      if (answer instanceof Promise) void answer.then((ready) => send(res, ready));
      else send(res, answer);
    });
  });
}

function answerOrUnavailable(
  redirect: LinkRedirect,
  context: AppContext,
  visit: Parameters<LinkRedirect['visit']>[0],
): VisitAnswer | Promise<VisitAnswer> {
  const failed = (error: unknown) => {
    context.logger.error({ err: error, slug: visit.slug }, 'link visit failed');
    return UNAVAILABLE;
  };
  try {
    const answer = redirect.visit(visit);
    return answer instanceof Promise ? answer.catch(failed) : answer;
  } catch (error) {
    return failed(error);
  }
}

function send(res: ServerResponse, answer: VisitAnswer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

/** The client's address as Fastify's `request.ip` gives it: the socket's, or `hops` trusted proxies back in X-Forwarded-For. */
function clientAddress(req: IncomingMessage, hops: number): string {
  const socket = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  if (hops === 0 || typeof forwarded !== 'string') return socket;
  const chain = [
    socket,
    ...forwarded
      .split(',')
      .map((part) => part.trim())
      .reverse(),
  ];
  return chain[Math.min(hops, chain.length - 1)] ?? socket;
}
