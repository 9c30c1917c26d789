import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { listRequestOf, pageOf, textFilter } from './paging.js';

/**
 * Message templates (issue 16, "Templates first"): the approved messages a campaign sends outside
 * the 24-hour window. Each belongs to a WABA; a tenant sees the templates of its own numbers'
 * WABAs. They are created and submitted for review, deleted and synced through the Cloud API;
 * Meta's review decisions arrive by webhook (`message_template_status_update`).
 */

const TEMPLATE_ACCESS = ['admin', 'operator'] as const;

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const TemplateCategory = z.enum(TEMPLATE_CATEGORIES);
export type TemplateCategory = z.infer<typeof TemplateCategory>;

/** Meta's template statuses, and DELETED for one deleted here or gone at Meta. */
export const TEMPLATE_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'DELETED',
] as const;
export const TemplateStatus = z.enum(TEMPLATE_STATUSES);
export type TemplateStatus = z.infer<typeof TemplateStatus>;

export const TEMPLATE_HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export const TemplateHeaderFormat = z.enum(TEMPLATE_HEADER_FORMATS);
export type TemplateHeaderFormat = z.infer<typeof TemplateHeaderFormat>;

export const TEMPLATE_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'] as const;
export const TemplateButtonType = z.enum(TEMPLATE_BUTTON_TYPES);
export type TemplateButtonType = z.infer<typeof TemplateButtonType>;

/** Meta's limits on a template's parts. */
export const TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  body: 1024,
  footer: 60,
  buttons: 10,
  buttonText: 25,
  urlButtons: 2,
  phoneButtons: 1,
  url: 2000,
  phone: 20,
  example: 500,
} as const;

const ExampleValue = z.string().trim().min(1).max(TEMPLATE_LIMITS.example);
const ButtonText = z.string().trim().min(1).max(TEMPLATE_LIMITS.buttonText);

export const TemplateHeaderInput = z.object({
  type: z.literal('HEADER'),
  format: TemplateHeaderFormat,
  /** TEXT headers only: at most 60 characters and one variable, {{1}}. */
  text: z.string().trim().max(TEMPLATE_LIMITS.headerText).optional(),
  example: z
    .object({
      /** The value of the text header's variable. */
      header_text: z.array(ExampleValue).max(1).optional(),
      /** A media header's sample: an uploaded media handle or a public URL. */
      header_handle: z.array(z.string().trim().min(1).max(TEMPLATE_LIMITS.url)).max(1).optional(),
    })
    .optional(),
});

export const TemplateBodyInput = z.object({
  type: z.literal('BODY'),
  /** At most 1024 characters; variables {{1}}..{{n}} in sequence. */
  text: z.string().trim().min(1).max(TEMPLATE_LIMITS.body),
  /** One sample value per variable, in order: `{ body_text: [["Ann", "20%"]] }`, as Meta takes it. */
  example: z.object({ body_text: z.array(z.array(ExampleValue).max(100)).max(1) }).optional(),
});

export const TemplateFooterInput = z.object({
  type: z.literal('FOOTER'),
  text: z.string().trim().min(1).max(TEMPLATE_LIMITS.footer),
});

export const TemplateButtonInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: ButtonText }),
  z.object({
    type: z.literal('URL'),
    text: ButtonText,
    /** An http(s) link, optionally ending in one variable: `https://shop.example/o/{{1}}`. */
    url: z.string().trim().min(1).max(TEMPLATE_LIMITS.url),
    /** With a variable: the whole sample link. */
    example: z.array(z.string().trim().min(1).max(TEMPLATE_LIMITS.url)).max(1).optional(),
  }),
  z.object({
    type: z.literal('PHONE_NUMBER'),
    text: ButtonText,
    phone_number: z.string().trim().min(1).max(TEMPLATE_LIMITS.phone),
  }),
]);
export type TemplateButtonInput = z.infer<typeof TemplateButtonInput>;

export const TemplateButtonsInput = z.object({
  type: z.literal('BUTTONS'),
  buttons: z.array(TemplateButtonInput).min(1).max(TEMPLATE_LIMITS.buttons),
});

/** A component as Meta's creation call takes it (upper-case types). */
export const TemplateComponentInput = z.discriminatedUnion('type', [
  TemplateHeaderInput,
  TemplateBodyInput,
  TemplateFooterInput,
  TemplateButtonsInput,
]);
export type TemplateComponentInput = z.infer<typeof TemplateComponentInput>;

export const NewTemplate = z.object({
  /** The number whose WABA gets the template; its access token makes the call. */
  numberId: Id,
  /** Lower-case letters, digits and underscores, at most 512. */
  name: z.string().trim().min(1).max(TEMPLATE_LIMITS.name),
  /** Meta's language code: en_US, zh_CN, pt_BR, en. */
  language: z.string().trim().min(2).max(15),
  category: TemplateCategory,
  components: z.array(TemplateComponentInput).min(1).max(4),
  /** Let Meta give the template the category its review finds, instead of rejecting a mismatch. */
  allowCategoryChange: z.boolean().default(false),
});
export type NewTemplate = z.infer<typeof NewTemplate>;

/** A stored component, as Meta answers it (synced templates may hold kinds this form does not make). */
export const TemplateComponent = z.looseObject({
  type: z.string(),
  format: z.string().optional(),
  text: z.string().optional(),
  buttons: z
    .array(
      z.looseObject({
        type: z.string(),
        text: z.string().optional(),
        url: z.string().optional(),
        phone_number: z.string().optional(),
      }),
    )
    .optional(),
  example: z.unknown().optional(),
});
export type TemplateComponent = z.infer<typeof TemplateComponent>;

export const Template = z.object({
  id: Id,
  /** Meta's id of the template; null until Meta answered the creation. */
  meta_template_id: z.string().nullable(),
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** One of TEMPLATE_STATUSES, or a status Meta added since. */
  status: z.string(),
  /** Meta's quality score (GREEN, YELLOW, RED, UNKNOWN), once known. */
  quality_score: z.string().nullable(),
  rejected_reason: z.string().nullable(),
  waba_id: z.string(),
  waba_name: z.string(),
  /** A live number of the WABA (the first connected), to say whose template it is. */
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof Template>;

export const TemplateDetails = Template.extend({ components: z.array(TemplateComponent) });
export type TemplateDetails = z.infer<typeof TemplateDetails>;

export const TemplateListRequest = listRequestOf({
  /** Templates of this number's WABA. */
  numberId: Id.nullish(),
  /** Templates of this WABA (Meta's id). */
  wabaId: textFilter(32),
  /** Absent: every status but DELETED. */
  status: TemplateStatus.nullish(),
  category: TemplateCategory.nullish(),
  language: textFilter(15),
  /** Part of the name. */
  search: textFilter(100),
});

export const TemplateRef = z.object({ id: Id });

export const TemplateSyncRequest = z.object({
  /** Sync this number's WABA; absent: every WABA of the tenant's numbers. */
  numberId: Id.nullish(),
});

export const TemplateSyncReply = z.object({
  wabas: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  /** Templates no longer at Meta, now DELETED here. */
  deleted: z.number().int(),
  /** WABAs the Cloud API could not be read for, and why. */
  failures: z.array(z.object({ waba_id: z.string(), message: z.string() })),
});
export type TemplateSyncReply = z.infer<typeof TemplateSyncReply>;

const call = { tag: 'templates', access: TEMPLATE_ACCESS } as const;

export const templateCalls = {
  templateList: defineCall({
    ...call,
    id: 'template.list',
    method: 'POST',
    path: '/api/template/list',
    summary:
      "The templates of the tenant's WABAs, newest change first, filterable by number or WABA, status, category, language and name",
    kind: 'read',
    body: TemplateListRequest,
    reply: envelopeOf(pageOf(Template)),
  }),
  templateSync: defineCall({
    ...call,
    id: 'template.sync',
    method: 'POST',
    path: '/api/template/sync',
    summary:
      "Read a WABA's templates (a number's, or every WABA of the tenant) from the Cloud API: new ones are added, known ones updated, those gone at Meta marked DELETED",
    kind: 'action',
    body: TemplateSyncRequest,
    reply: envelopeOf(TemplateSyncReply),
  }),
  templateAdd: defineCall({
    ...call,
    id: 'template.add',
    method: 'POST',
    path: '/api/template/add',
    summary:
      "Create a template on a number's WABA and submit it for review (PENDING until Meta's decision arrives by webhook). Header TEXT (60 characters, one variable) or IMAGE/VIDEO/DOCUMENT with a sample, BODY (1024 characters, variables {{1}}..{{n}} with sample values), FOOTER (60), up to 10 BUTTONS (QUICK_REPLY, URL with at most one variable, PHONE_NUMBER)",
    kind: 'create',
    body: NewTemplate,
    reply: envelopeOf(TemplateDetails),
  }),
  templateDel: defineCall({
    ...call,
    id: 'template.del',
    method: 'POST',
    path: '/api/template/del',
    summary:
      "Delete a template at Meta (by name, on its WABA; this language only once Meta's id is known) and mark it DELETED",
    kind: 'delete',
    body: TemplateRef,
    reply: envelopeOf(BatchReply),
  }),
  templateDetails: defineCall({
    ...call,
    id: 'template.details',
    method: 'POST',
    path: '/api/template/details',
    summary: 'One template with its components, for its preview',
    kind: 'read',
    body: TemplateRef,
    reply: envelopeOf(TemplateDetails),
  }),
} as const;
