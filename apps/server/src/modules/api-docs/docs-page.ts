import { RENDERER_VERSION } from './renderer-files.js';

export const DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = `${DOCS_PATH}/openapi.json`;
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

/** The readable API reference: Swagger UI over the contract's OpenAPI document. */
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
    <script src="${STARTER_PATH}"></script>
  </body>
</html>
`;

/**
 * Starts the renderer (a file of its own, since the CSP allows no inline script). The validator
 * badge is off because it would send the document to an outside service.
 */
export const DOCS_STARTER = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
