import { readFileSync } from 'node:fs';
import { allCalls, buildOpenApiDocument, type CallDefinition, openApiDomains } from '@ws/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../platform/http/errors.js';
import { once } from '../../platform/once.js';
import {
  DOCS_CSP,
  DOCS_PAGE,
  DOCS_PATH,
  DOMAIN_DOCUMENTS_PATH,
  docsStarter,
  OPENAPI_PATH,
  RENDERER_PATH,
  STARTER_PATH,
} from './docs-page.js';
import { type Encoded, encodeAll, preferredEncoding, RENDERER_FILES, rendererFile } from './renderer-files.js';

/** The server package's version, for the OpenAPI documents (src/ and dist/ sit at the same depth). */
const SERVER_VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/** Sends the encoding the request accepts, saying that the reply depends on Accept-Encoding. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, file: Encoded) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(file[encoding]);
}

/** A document of these calls, encoded once, when first asked for (the whole one is 109 KB of JSON that compresses to a tenth). */
const encodedDocument = (calls: readonly CallDefinition[], title?: string) =>
  once(() => encodeAll(Buffer.from(JSON.stringify(buildOpenApiDocument(calls, SERVER_VERSION, title)))));

const sendDocument = async (request: FastifyRequest, reply: FastifyReply, document: () => Promise<Encoded>) =>
  sendEncoded(
    request,
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache'),
    await document(),
  );

/**
 * The API reference page at /api/docs, the OpenAPI documents beside it (the whole API, and one per
 * domain, which the page renders one at a time), and the renderer's own files.
 */
export function registerApiDocsRoutes(app: FastifyInstance): void {
  const wholeDocument = encodedDocument(allCalls);
  const domains = openApiDomains(allCalls);
  const domainDocuments = new Map(
    domains.map((domain) => [
      `${domain}.json`,
      encodedDocument(
        allCalls.filter((call) => call.tag === domain),
        domain,
      ),
    ]),
  );
  const starter = docsStarter(domains);

  app.get(OPENAPI_PATH, async (request, reply) => sendDocument(request, reply, wholeDocument));
  app.get<{ Params: { file: string } }>(`${DOMAIN_DOCUMENTS_PATH}/:file`, async (request, reply) => {
    const document = domainDocuments.get(request.params.file);
    if (!document) throw errors.routeNotFound();
    return sendDocument(request, reply, document);
  });

  app.get(DOCS_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCS_CSP)
      .header('cache-control', 'no-cache')
      .send(DOCS_PAGE),
  );
  app.get(STARTER_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(starter),
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
