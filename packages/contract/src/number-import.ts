import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { PageRequest, pageOf } from './paging.js';

/** An upload's limits: larger files are refused before a row is read. */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_TAGS_PER_IMPORT_ROW = 10;
/** Row errors listed in the upload's reply; the count says how many there were in all. */
export const MAX_LISTED_IMPORT_ERRORS = 1_000;
/** Skipped and failed rows listed in a progress reply, in file order. */
export const MAX_LISTED_IMPORT_PROBLEMS = 500;

/** The file's columns, in the template's order; `tags` and `portfolio` may be blank. */
export const IMPORT_COLUMNS = ['phone', 'phone_number_id', 'waba_id', 'token', 'tags', 'portfolio'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Where the numbers live: Meta's Cloud API, or the sandbox this product runs. */
export const IMPORT_TARGETS = ['cloud', 'sandbox'] as const;
export const ImportTarget = z.enum(IMPORT_TARGETS);
export type ImportTarget = z.infer<typeof ImportTarget>;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export const IMPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A row the upload refused: its row number in the file (the header is row 1), the column, why. */
export const ImportRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportStarted = z.object({
  /** Null when no row was valid: nothing was stored and no job runs. */
  import_id: Id.nullable(),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  /** All row errors; `errors` lists the first MAX_LISTED_IMPORT_ERRORS of them. */
  error_count: z.number().int(),
  errors: z.array(ImportRowError),
});
export type ImportStarted = z.infer<typeof ImportStarted>;

export const ImportStatus = z.enum(['queued', 'running', 'done', 'failed']);
export const ImportOutcome = z.enum(['imported', 'skipped', 'failed']);

export const ImportRef = z.object({ importId: Id });

export const ImportSummary = z.object({
  import_id: Id,
  file_name: z.string(),
  target: ImportTarget,
  status: ImportStatus,
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Why the whole import stopped, when it did. */
  error: z.string().nullable(),
  /** Who uploaded the file. */
  username: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

/** A row the job did not import, with the reason (Meta's message when the Cloud API refused it). */
export const ImportProblem = z.object({
  row: z.number().int(),
  phone: z.string(),
  phone_number_id: z.string(),
  outcome: ImportOutcome.exclude(['imported']),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportProgress = ImportSummary.extend({
  /** The first MAX_LISTED_IMPORT_PROBLEMS skipped and failed rows, in file order. */
  problems: z.array(ImportProblem),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

export const ImportTemplateQuery = z.object({ format: z.enum(IMPORT_FORMATS) });

const importCall = { tag: 'number-import', access: ['admin', 'operator'] } as const;

export const numberImportCalls = {
  numberImport: defineCall({
    ...importCall,
    id: 'agent.import',
    method: 'POST',
    path: '/api/agent/import',
    summary: `Import numbers from a CSV or XLSX file (multipart field \`file\`, at most 5 MB and ${MAX_IMPORT_ROWS} rows; field \`target\`: cloud or sandbox). Every row is checked at once; the valid ones are imported by a job`,
    kind: 'create',
    multipart: true,
    reply: envelopeOf(ImportStarted),
  }),
  numberImportProgress: defineCall({
    ...importCall,
    id: 'agent.importprogress',
    method: 'POST',
    path: '/api/agent/importprogress',
    summary: 'Progress of an import: counts, processed/total, and the skipped and failed rows with reasons',
    kind: 'read',
    body: ImportRef,
    reply: envelopeOf(ImportProgress),
  }),
  numberImportList: defineCall({
    ...importCall,
    id: 'agent.importlist',
    method: 'POST',
    path: '/api/agent/importlist',
    summary: "The tenant's imports, newest first",
    kind: 'read',
    body: PageRequest,
    reply: envelopeOf(pageOf(ImportSummary)),
  }),
  numberImportTemplate: defineCall({
    ...importCall,
    id: 'agent.importtemplate',
    method: 'GET',
    path: '/api/agent/importtemplate',
    summary: `The import template with its header row: CSV (${IMPORT_CONTENT_TYPES.csv}) or XLSX (${IMPORT_CONTENT_TYPES.xlsx}); a file, not the JSON envelope`,
    kind: 'read',
    query: ImportTemplateQuery,
    file: { contentType: IMPORT_CONTENT_TYPES.csv },
    reply: z.string().describe('The template file'),
  }),
} as const;
