import { RENDERER_VERSION } from './renderer-files.js';

export const DOCS_PATH = '/api/docs';
/** The whole API in one document, for tools (client generators, linters). */
export const OPENAPI_PATH = `${DOCS_PATH}/openapi.json`;
/** One document per domain (the calls' tag), the pages the reference renders. */
export const DOMAIN_DOCUMENTS_PATH = `${DOCS_PATH}/openapi`;
export const domainDocumentPath = (domain: string) => `${DOMAIN_DOCUMENTS_PATH}/${domain}.json`;
/** The renderer's files, under its version so a new release is a new URL. */
export const RENDERER_PATH = `${DOCS_PATH}/swagger-ui-${RENDERER_VERSION}`;
export const STARTER_PATH = `${DOCS_PATH}/start.js`;

/** Only this origin: no CDN, no inline script or style, framed only by the console itself. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** The readable API reference: Swagger UI over the contract's OpenAPI documents, one domain at a time. */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>WS Console API reference</title>
    <!-- No icon of its own: without this line the browser asks for /favicon.ico, a 404. -->
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="${RENDERER_PATH}/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${RENDERER_PATH}/swagger-ui-bundle.js"></script>
    <script src="${RENDERER_PATH}/swagger-ui-standalone-preset.js"></script>
    <script src="${STARTER_PATH}"></script>
  </body>
</html>
`;

/**
 * Starts the renderer (a file of its own, since the CSP allows no inline script). Each domain is a
 * document of its own, picked in the top bar (`urls`), so no page holds every operation: Swagger UI
 * 5.35 stopped rendering past about 129 operations in one document. The first domain opens unless
 * `?urls.primaryName=<domain>` names another. The validator badge is off because it would send the
 * document to an outside service. The top bar's Swagger logo is left out: it is an SVG with a
 * `<style>` element of its own, which `style-src 'self'` refuses.
 */
export function docsStarter(domains: readonly string[]): string {
  const urls = domains.map((domain) => ({ url: domainDocumentPath(domain), name: domain }));
  return `window.ui = SwaggerUIBundle({
  urls: ${JSON.stringify(urls)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl, () => ({ components: { Logo: () => null } })],
  layout: 'StandaloneLayout',
});
`;
}
