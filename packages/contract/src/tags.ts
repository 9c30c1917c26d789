import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';

/** Numbers and contacts have separate tag lists, as on the screens. */
export const TAG_KINDS = ['number', 'contact'] as const;
export const TagKind = z.enum(TAG_KINDS);
export type TagKind = z.infer<typeof TagKind>;

/** The most tags of one kind a tenant may have: lists of tags are never paged. */
export const MAX_TAGS_PER_KIND = 5_000;

export const TagName = z.string().trim().min(1).max(64);
/** A `#rrggbb` colour, or empty for the default. */
export const TagColor = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'must be a colour like #296EFF');
export const TagRemark = z.string().trim().max(255);

/** A tag as the numbers and contacts that carry it show it. */
export const TagRef = z.object({ id: Id, name: z.string(), color: z.string() });

export const TagListRequest = z.object({
  kind: TagKind.default('contact'),
  /** Number tags only: count only numbers with this standby flag. */
  standby: z.boolean().optional(),
});
export type TagListRequest = z.infer<typeof TagListRequest>;

export const Tag = z.object({
  id: Id,
  kind: TagKind,
  name: z.string(),
  color: z.string(),
  remark: z.string(),
  /** Tagged contacts, or tagged numbers not in the recycle bin. */
  count: z.number().int(),
  created_at: z.string(),
});
export type Tag = z.infer<typeof Tag>;

export const NewTag = z.object({
  kind: TagKind,
  name: TagName,
  color: TagColor.default(''),
  remark: TagRemark.default(''),
});
export type NewTag = z.infer<typeof NewTag>;

export const TagEdit = z.object({
  id: Id,
  name: TagName.optional(),
  color: TagColor.optional(),
  remark: TagRemark.optional(),
});
export type TagEdit = z.infer<typeof TagEdit>;

export const TagIds = z.object({ ids: IdList });

const access = ['admin', 'operator'] as const;

export const tagCalls = {
  tagAll: defineCall({
    id: 'tag.all',
    method: 'POST',
    path: '/api/tag/all',
    tag: 'tags',
    summary: 'Every tag of one kind (contact by default) with its count, newest first',
    access,
    kind: 'read',
    body: TagListRequest,
    reply: envelopeOf(z.array(Tag)),
  }),
  tagAdd: defineCall({
    id: 'tag.add',
    method: 'POST',
    path: '/api/tag/add',
    tag: 'tags',
    summary: 'Add a number or contact tag; names are unique per kind, ignoring case',
    access,
    kind: 'create',
    body: NewTag,
    reply: envelopeOf(Tag),
  }),
  tagEdit: defineCall({
    id: 'tag.edit',
    method: 'POST',
    path: '/api/tag/edit',
    tag: 'tags',
    summary: 'Rename a tag or change its colour or remark',
    access,
    kind: 'update',
    body: TagEdit,
    reply: envelopeOf(Tag),
  }),
  tagDel: defineCall({
    id: 'tag.del',
    method: 'POST',
    path: '/api/tag/del',
    tag: 'tags',
    summary: 'Delete tags; they are removed from every number and contact that had them',
    access,
    kind: 'delete',
    body: TagIds,
    reply: envelopeOf(BatchReply),
  }),
} as const;
