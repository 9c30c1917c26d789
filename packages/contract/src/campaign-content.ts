import { z } from 'zod';
import { Id } from './auth.js';

/**
 * What a campaign sends (issue 16): an approved template with its variables mapped, or free-form
 * text. The main content and an A/B split's second content (`campaign-split.ts`) share it.
 */

/** The contact fields a template variable can take. */
export const CONTACT_FIELDS = ['name', 'phone', 'first_name'] as const;
export const ContactField = z.enum(CONTACT_FIELDS);

export const CAMPAIGN_LIMITS = { name: 100, text: 4096, constant: 1024, chosenContacts: 10_000 } as const;

/** A template variable's value: a contact field, or the same text for everyone. */
export const VariableBinding = z.discriminatedUnion('source', [
  z.object({ source: z.literal('field'), field: ContactField, fallback: z.string().trim().max(100).default('') }),
  z.object({ source: z.literal('constant'), value: z.string().trim().min(1).max(CAMPAIGN_LIMITS.constant) }),
]);
export type VariableBinding = z.output<typeof VariableBinding>;

/**
 * Variables are keyed by where they sit: `header.1`, `body.1`, `body.2`…, `button.<index>.1`
 * (a URL button's suffix). A named parameter keeps its name: `body.first_name`.
 */
export const VARIABLE_KEY = /^(header|body|button\.\d{1,2})\.[a-z0-9_]{1,60}$/;

export const TemplateContent = z.object({
  kind: z.literal('template'),
  templateId: Id,
  variables: z.record(z.string().regex(VARIABLE_KEY, 'must be like body.1'), VariableBinding).default({}),
  /** A media header's file: a public link or a media id of the Cloud API. */
  headerMedia: z
    .object({ link: z.url().max(2000).optional(), id: z.string().trim().min(1).max(100).optional() })
    .refine((media) => media.link || media.id, { message: 'give a link or a media id' })
    .optional(),
});

/** Free-form text: only contacts whose 24-hour window is open get it. */
export const TextContent = z.object({
  kind: z.literal('text'),
  text: z.string().trim().min(1).max(CAMPAIGN_LIMITS.text),
});

export const CampaignContent = z.discriminatedUnion('kind', [TemplateContent, TextContent]);
export type CampaignContent = z.output<typeof CampaignContent>;
