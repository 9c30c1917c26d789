import { readFileSync } from 'node:fs';
import { allCalls, buildOpenApiDocument } from '@ws/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../platform/http/errors.js';
import {
  DOCS_CSP,
  DOCS_PAGE,
  DOCS_PATH,
  DOCS_STARTER,
  OPENAPI_PATH,
  RENDERER_PATH,
  STARTER_PATH,
} from './docs-page.js';
import { type Encoded, encodeAll, once, preferredEncoding, RENDERER_FILES, rendererFile } from './renderer-files.js';

/** The server package's version, for the OpenAPI document (src/ and dist/ sit at the same depth). */
const SERVER_VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/**
 * The calls the reference renders. Known problem (2026-11-26): Swagger UI 5.35 stops rendering
 * after about 129 operations, silently, whatever they hold (measured by adding calls one at a time);
 * until the page is split or the renderer fixed, the agents' inbox calls (tag `inbox`, issue 17) are
 * left out of the reference, so every operation it lists is shown. The contract still defines them.
 */
function documentedCalls() {
  return allCalls.filter((call) => call.tag !== 'inbox');
}

/** Sends the encoding the request accepts, saying that the reply depends on Accept-Encoding. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, file: Encoded) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(file[encoding]);
}

/** The API reference page at /api/docs, the OpenAPI document beside it, and the renderer's own files. */
export function registerApiDocsRoutes(app: FastifyInstance): void {
  // 109 KB of JSON that compresses to a tenth: encoded once, when first asked for.
  const openApi = once(() =>
    encodeAll(Buffer.from(JSON.stringify(buildOpenApiDocument(documentedCalls(), SERVER_VERSION)))),
  );
  app.get(OPENAPI_PATH, async (request, reply) =>
    sendEncoded(
      request,
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache'),
      await openApi(),
    ),
  );

  app.get(DOCS_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCS_CSP)
      .header('cache-control', 'no-cache')
      .send(DOCS_PAGE),
  );
  app.get(STARTER_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_STARTER),
  );

  app.get<{ Params: { file: string } }>(`${RENDERER_PATH}/:file`, async (request, reply) => {
    const file = rendererFile(request.params.file);
    if (!file) throw errors.routeNotFound();
    reply
      .type(RENDERER_FILES[request.params.file] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable');
    return sendEncoded(request, reply, await file);
  });
}
