import { z } from 'zod';
import { Id, IdList, UserRef } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, pageOf, textFilter } from './paging.js';

/**
 * Audience lists (specification section 7, "Data"): customer lists that people agreed to be on,
 * brought in from a file, checked (E.164, type, duplicates, already a contact, opted out) and
 * loaded into the contact book. Never a lookup of whether a number uses WhatsApp.
 */

const AUDIENCE_ACCESS = ['admin', 'operator'] as const;

/** The largest list file: it streams to disk, never into memory. */
export const MAX_AUDIENCE_FILE_BYTES = 1024 * 1024 * 1024;
export const MAX_AUDIENCE_ROWS = 10_000_000;
/** Pasted lines (numbers, one a line), in the form's `lines` field. */
export const MAX_PASTED_BYTES = 2 * 1024 * 1024;
/** An evidence file: a PDF or an image, at most this size. */
export const MAX_EVIDENCE_FILE_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Numbers `data/check` answers at once. */
export const MAX_CHECKED_PHONES = 1_000;
/** Rows of the file shown for the column mapping step. */
export const PREVIEW_ROWS = 10;
export const MAX_AUDIENCE_COLUMNS = 200;
export const MAX_CUSTOM_FIELDS = 20;
export const MAX_TAGS_PER_AUDIENCE_ROW = 10;

/** Where the people on a list agreed to hear from the business. */
export const CONSENT_SOURCES = ['web_form', 'in_store', 'crm_opt_in', 'click_to_chat', 'other'] as const;
export const ConsentSource = z.enum(CONSENT_SOURCES);
export type ConsentSource = z.infer<typeof ConsentSource>;

export const AUDIENCE_FILE_KINDS = ['csv', 'xlsx', 'lines'] as const;
export const AudienceFileKind = z.enum(AUDIENCE_FILE_KINDS);

/**
 * draft: uploaded, waiting for its column mapping; queued/running: being checked; ready: checked;
 * loading/loaded: going into the contact book; failed: the file could not be read (error says why).
 */
export const AUDIENCE_STATUSES = ['draft', 'queued', 'running', 'ready', 'failed', 'loading', 'loaded'] as const;
export const AudienceStatus = z.enum(AUDIENCE_STATUSES);
export type AudienceStatus = z.infer<typeof AudienceStatus>;

/** What the check found for a row: a new person, an existing contact, one who opted out, a repeat, or not a number. */
export const ROW_OUTCOMES = ['new', 'contact', 'opted_out', 'duplicate', 'invalid'] as const;
export const RowOutcome = z.enum(ROW_OUTCOMES);
export type RowOutcome = z.infer<typeof RowOutcome>;

/** Why a row is invalid. */
export const INVALID_REASONS = [
  'empty',
  'not_a_number',
  'no_country',
  'too_short',
  'too_long',
  'invalid_number',
  'bad_opt_in_time',
] as const;
export const InvalidReason = z.enum(INVALID_REASONS);
export type InvalidReason = z.infer<typeof InvalidReason>;

/** libphonenumber's number types, lower case; `unknown` when the metadata cannot tell. */
export const PHONE_TYPES = [
  'mobile',
  'fixed_line',
  'fixed_line_or_mobile',
  'toll_free',
  'premium_rate',
  'shared_cost',
  'voip',
  'personal_number',
  'pager',
  'uan',
  'voicemail',
  'unknown',
] as const;
export const PhoneType = z.enum(PHONE_TYPES);
export type PhoneType = z.infer<typeof PhoneType>;

/** An ISO 3166-1 alpha-2 country code, upper case. */
export const CountryCode = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as CN'));

const ColumnName = z.string().trim().min(1).max(100);
export const CustomFieldKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be lower-case letters, digits or _, starting with a letter');

/**
 * Which column of the file holds what, by the column's header text (or its position, `1`, `2`…,
 * when the file has no header row). Only `phone` is required.
 */
export const ColumnMapping = z.object({
  phone: ColumnName,
  name: ColumnName.nullish(),
  optedInAt: ColumnName.nullish(),
  language: ColumnName.nullish(),
  /** Tag names, separated by `|`, `,` or `;`. */
  tags: ColumnName.nullish(),
  /** Custom contact fields: field key → column. */
  fields: z
    .record(CustomFieldKey, ColumnName)
    .refine((fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS, {
      message: `at most ${MAX_CUSTOM_FIELDS} fields`,
    })
    .default({}),
});
export type ColumnMapping = z.output<typeof ColumnMapping>;

const Evidence = z.string().trim().max(2000);

/**
 * The form fields of `data/add` (multipart: `file` or `lines`, an optional `evidence` file, and
 * these).
 */
export const AudienceUploadFields = z.object({
  name: z.string().trim().min(1).max(100),
  consentSource: ConsentSource,
  /** How the people agreed (the form's wording, the sign-up sheet…); text, a URL, or both. */
  evidenceText: Evidence.optional(),
  evidenceUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  /** National numbers are read as this country's. */
  defaultCountry: CountryCode.optional(),
  /** Whether the first row names the columns (default yes; pasted lines never have one). */
  hasHeader: z.stringbool().default(true),
  /** A ColumnMapping as JSON: given, the check starts at once; otherwise the list waits as a draft for `data/run`. */
  mapping: z.string().max(10_000).optional(),
});
export type AudienceUploadFields = z.output<typeof AudienceUploadFields>;

export const AudienceCounts = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  new: z.number().int(),
  contact: z.number().int(),
  opted_out: z.number().int(),
  /** Valid rows by number type. */
  types: z.record(z.string(), z.number().int()),
  /** Invalid rows by reason. */
  reasons: z.record(z.string(), z.number().int()),
  /** Valid rows by country. */
  countries: z.record(z.string(), z.number().int()),
});
export type AudienceCounts = z.infer<typeof AudienceCounts>;

export const AudienceList = z.object({
  id: Id,
  name: z.string(),
  consent_source: ConsentSource,
  evidence_text: z.string().nullable(),
  evidence_url: z.string().nullable(),
  /** The uploaded proof of consent, read with `data/evidence`. */
  evidence_file: z.object({ name: z.string(), type: z.string(), size: z.number().int() }).nullable(),
  /** Without evidence, rows load as contacts with no consent: they can be served but get no marketing. */
  has_evidence: z.boolean(),
  default_country: z.string().nullable(),
  file_name: z.string(),
  file_kind: AudienceFileKind,
  file_size: z.number().int(),
  has_header: z.boolean(),
  /** The file's columns (header texts, or positions) and its first rows, for the mapping step. */
  columns: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  /** The mapping in use, or a guess from the header for a draft. */
  mapping: ColumnMapping.nullable(),
  status: AudienceStatus,
  error: z.string().nullable(),
  /** Bytes of the file read so far (for the progress bar) and the file's size. */
  read_bytes: z.number().int(),
  counts: AudienceCounts,
  /** Rows loaded into the contact book, of the valid rows. */
  loaded_rows: z.number().int(),
  created_contacts: z.number().int(),
  updated_contacts: z.number().int(),
  creator: UserRef.nullable(),
  created_at: z.string(),
  checked_at: z.string().nullable(),
  loaded_at: z.string().nullable(),
});
export type AudienceList = z.infer<typeof AudienceList>;

export const AudienceRef = z.object({ id: Id });

export const AudienceListRequest = listRequestOf({
  /** A part of the list's name or file name. */
  search: textFilter(100),
  status: AudienceStatus.nullish(),
});

export const AudienceRun = z.object({
  id: Id,
  /** A new mapping, default country or header flag; absent: the list's own. */
  mapping: ColumnMapping.optional(),
  defaultCountry: CountryCode.nullish(),
  hasHeader: z.boolean().optional(),
});
export type AudienceRun = z.infer<typeof AudienceRun>;

export const AudienceRow = z.object({
  /** The row's line in the file (the header is row 1). */
  row: z.number().int(),
  phone: z.string(),
  /** The number in E.164 (`+8613800138000`), when valid. */
  e164: z.string().nullable(),
  country: z.string().nullable(),
  type: z.string().nullable(),
  name: z.string(),
  outcome: RowOutcome,
  reason: InvalidReason.nullable(),
  opted_in_at: z.string().nullable(),
  language: z.string().nullable(),
  tags: z.array(z.string()),
  fields: z.record(z.string(), z.string()),
});
export type AudienceRow = z.infer<typeof AudienceRow>;

export const AudienceDetailsRequest = listRequestOf({
  outcome: RowOutcome.nullish(),
  /** Digits found in the number as written or in its E.164 form. */
  search: textFilter(32),
}).extend({ pid: Id });

export const AudienceDownload = z.object({
  id: Id,
  format: z.enum(['csv', 'xlsx']).default('csv'),
  outcome: RowOutcome.nullish(),
});

export const AudienceLoad = z.object({
  id: Id,
  /** The business number new and unowned contacts get as their owner (their sticky sender). */
  numberId: Id.nullish(),
  /** The agent new and unassigned contacts are given to. */
  ownerUserId: Id.nullish(),
  /** Contact tags every loaded row gets, besides those of its tags column. */
  tagIds: z
    .array(Id)
    .max(20)
    .transform((ids) => [...new Set(ids)])
    .default([]),
});
export type AudienceLoad = z.infer<typeof AudienceLoad>;

export const PhoneCheckRequest = z.object({
  phones: z.array(z.string().max(64)).min(1).max(MAX_CHECKED_PHONES, `at most ${MAX_CHECKED_PHONES} numbers at once`),
  defaultCountry: CountryCode.nullish(),
});

export const PhoneCheck = z.object({
  phone: z.string(),
  valid: z.boolean(),
  reason: InvalidReason.nullable(),
  e164: z.string().nullable(),
  country: z.string().nullable(),
  type: z.string().nullable(),
  /** Whether a live contact of the tenant has this number, and whether it opted out. */
  contact: z.boolean(),
  opted_out: z.boolean(),
});
export type PhoneCheck = z.infer<typeof PhoneCheck>;

export const AudienceChoice = z.object({
  id: Id,
  name: z.string(),
  status: AudienceStatus,
  valid: z.number().int(),
  loaded_rows: z.number().int(),
});

export const AUDIENCE_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const call = { tag: 'audiences', access: AUDIENCE_ACCESS } as const;

export const audienceCalls = {
  audienceAdd: defineCall({
    ...call,
    id: 'data.add',
    method: 'POST',
    path: '/api/data/add',
    summary:
      'Upload an audience list: multipart `file` (CSV or XLSX, at most 1 GB and 10 000 000 rows) or `lines` (pasted numbers), with `name`, `consentSource`, `evidenceText`/`evidenceUrl` and/or an `evidence` file (PDF or image, 10 MB), `defaultCountry`, `hasHeader` and an optional `mapping` (JSON). Answers at once; with a mapping the check runs as a job, without one the list waits as a draft with its columns and first rows',
    kind: 'create',
    multipart: true,
    reply: envelopeOf(AudienceList),
  }),
  audienceRun: defineCall({
    ...call,
    id: 'data.run',
    method: 'POST',
    path: '/api/data/run',
    summary:
      '(Re)check a list, optionally with a new mapping or default country: E.164, type, invalid rows with the reason, repeats in the list, existing and opted-out contacts',
    kind: 'action',
    body: AudienceRun,
    reply: envelopeOf(AudienceList),
  }),
  audienceCheck: defineCall({
    ...call,
    id: 'data.check',
    method: 'POST',
    path: '/api/data/check',
    summary: `Check up to ${MAX_CHECKED_PHONES} numbers at once: valid, E.164, country, type, already a contact, opted out. Never a WhatsApp lookup`,
    kind: 'read',
    body: PhoneCheckRequest,
    reply: envelopeOf(z.array(PhoneCheck)),
  }),
  audienceList: defineCall({
    ...call,
    id: 'data.list',
    method: 'POST',
    path: '/api/data/list',
    summary: "The tenant's audience lists, newest first, with their counts",
    kind: 'read',
    body: AudienceListRequest,
    reply: envelopeOf(pageOf(AudienceList)),
  }),
  audienceDetails: defineCall({
    ...call,
    id: 'data.details',
    method: 'POST',
    path: '/api/data/details',
    summary: 'The rows of one list (`pid`) in file order with what the check found, filterable by outcome',
    kind: 'read',
    body: AudienceDetailsRequest,
    reply: envelopeOf(cappedPageOf(AudienceRow)),
  }),
  audienceGetall: defineCall({
    ...call,
    id: 'data.getall',
    method: 'POST',
    path: '/api/data/getall',
    summary: 'Every audience list of the tenant, for pickers',
    kind: 'read',
    reply: envelopeOf(z.array(AudienceChoice)),
  }),
  audienceDelete: defineCall({
    ...call,
    id: 'data.del',
    method: 'POST',
    path: '/api/data/del',
    summary: 'Delete lists and their rows (contacts already loaded stay)',
    kind: 'delete',
    body: z.object({ ids: IdList }),
    reply: envelopeOf(BatchReply),
  }),
  audienceDownload: defineCall({
    ...call,
    id: 'data.down',
    method: 'POST',
    path: '/api/data/down',
    summary: "A list's rows with each row's outcome, as CSV (UTF-8 with BOM) or XLSX, streamed",
    kind: 'action',
    body: AudienceDownload,
    file: { contentType: AUDIENCE_CONTENT_TYPES.csv },
    reply: z.string().describe('CSV or XLSX with a header row'),
  }),
  audienceEvidence: defineCall({
    ...call,
    id: 'data.evidence',
    method: 'POST',
    path: '/api/data/evidence',
    summary: "A list's uploaded evidence of consent (PDF or image), as it was uploaded",
    kind: 'read',
    body: AudienceRef,
    file: { contentType: 'application/octet-stream' },
    reply: z.string().describe('The evidence file'),
  }),
  audienceLoad: defineCall({
    ...call,
    id: 'data.login',
    method: 'POST',
    path: '/api/data/login',
    summary:
      "Load a checked list's valid rows into the contact book as a job: new contacts with the list's consent (when it has evidence), existing ones get the tags and empty fields; opted-out contacts stay opted out",
    kind: 'action',
    body: AudienceLoad,
    reply: envelopeOf(AudienceList),
  }),
} as const;
