import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { importList } from './import-list.js';
import { importProgress } from './import-progress.js';
import { importTemplate } from './import-template.js';
import { readUpload } from './read-upload.js';
import { startImport } from './start-import.js';

/** The warehousing screen: number import from CSV or XLSX, its progress, the recent imports, the template. */
export function registerNumberImportRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.numberImport, async ({ scope, request, language, audit }) => {
    const upload = await readUpload(request);
    const started = await startImport(context, scope, upload, language);
    audit(
      `import ${started.import_id ?? '(none)'} ${upload.fileName}: ${started.valid_rows}/${started.total_rows} rows`,
    );
    return started;
  });
  route(app, context, calls.numberImportProgress, ({ scope, body, language }) =>
    importProgress(context, scope, body.importId, language),
  );
  route(app, context, calls.numberImportList, ({ scope, body, language }) =>
    importList(context, scope, body, language),
  );
  fileRoute(app, context, calls.numberImportTemplate, ({ query }) => importTemplate(query.format));
}
