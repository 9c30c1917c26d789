import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { type CallDefinition, defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { type ReplyMediaKind, UploadedReplyMedia, UploadUrl } from './inbox-media.js';
import { cappedPageOf, listRequestOf, textFilter } from './paging.js';
import { QUICK_REPLY_TEXT_MAX } from './quick-replies.js';

/**
 * The material library (issue 19, `/content/material`, decision 0023): the tenant's reusable
 * content in the specification's eight types. One list, add and edit call for every type (the
 * body's `tp` says which), the specification's delete per type, material tags, and bindings that
 * narrow who may use a material. A `text` material is a quick reply: its title is the shortcut the
 * seat client's `/` picker finds.
 */

const OPERATORS = ['admin', 'operator'] as const;
const AGENTS = ['admin', 'operator', 'seat'] as const;

export const MATERIAL_TYPES = ['text', 'img', 'audio', 'video', 'card', 'word', 'auto', 'imgtext'] as const;
export const MaterialType = z.enum(MATERIAL_TYPES);
export type MaterialType = z.infer<typeof MaterialType>;

/** The kind of file each file-bearing type holds (its checks and Meta's limits are the reply media's). */
export const MATERIAL_FILE_KINDS: Partial<Record<MaterialType, ReplyMediaKind>> = {
  img: 'image',
  audio: 'audio',
  video: 'video',
  word: 'document',
  imgtext: 'image',
};

/** WhatsApp's limits: 3 reply buttons of 20 characters; an automatic reply of at most 10 steps, an hour apart at most. */
export const MATERIAL_BUTTONS_MAX = 3;
export const MATERIAL_BUTTON_TITLE_MAX = 20;
export const AUTO_STEPS_MAX = 10;
export const AUTO_DELAY_MAX_SECONDS = 3600;
/** The most materials `ownmater` answers, and tags a tenant may have (neither is paged). */
export const OWN_MATERIALS_MAX = 500;
export const MATERIAL_TAGS_MAX = 1000;

const Title = z.string().trim().min(1).max(64);
/** A text material's title is its shortcut: what an agent types after `/`. */
const Shortcut = Title.regex(/^[^\s/]+$/, 'may not contain spaces or /');
const Caption = z.string().trim().max(1024).default('');

export const MaterialButton = z.object({ title: z.string().trim().min(1).max(MATERIAL_BUTTON_TITLE_MAX) });
export const ContactCard = z.object({
  /** The formatted name WhatsApp shows. */
  name: z.string().trim().min(1).max(100),
  phones: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\+?\d{5,15}$/, 'must be a phone number in international form'),
    )
    .min(1)
    .max(5),
  email: z.string().trim().email().max(254).or(z.literal('')).default(''),
  company: z.string().trim().max(100).default(''),
  title: z.string().trim().max(100).default(''),
  url: z
    .string()
    .trim()
    .regex(/^(https?:\/\/\S{1,500})?$/, 'must start with http:// or https://')
    .default(''),
});
export type ContactCard = z.infer<typeof ContactCard>;
export const AutoStep = z.object({
  /** A material of the tenant, of any type but `auto`. */
  materialId: Id,
  /** Seconds to wait after the step before it (the first: after the message it answers). */
  delaySeconds: z.number().int().min(0).max(AUTO_DELAY_MAX_SECONDS).default(0),
});

const common = { title: Title, tagId: Id.nullish().transform((id) => id ?? null) };
const file = { upload: UploadUrl };
const Buttons = z
  .array(MaterialButton)
  .max(MATERIAL_BUTTONS_MAX)
  .default([])
  .refine((buttons) => new Set(buttons.map((b) => b.title)).size === buttons.length, 'titles must differ');

/** Each type's fields; `extra` adds the edit's id. */
const variants = <E extends z.ZodRawShape>(extra: E) =>
  [
    z.object({
      ...extra,
      tp: z.literal('text'),
      ...common,
      title: Shortcut,
      text: z.string().trim().min(1).max(QUICK_REPLY_TEXT_MAX),
    }),
    z.object({ ...extra, tp: z.literal('img'), ...common, ...file, text: Caption }),
    z.object({ ...extra, tp: z.literal('audio'), ...common, ...file }),
    z.object({ ...extra, tp: z.literal('video'), ...common, ...file, text: Caption }),
    z.object({ ...extra, tp: z.literal('word'), ...common, ...file, text: Caption }),
    z.object({ ...extra, tp: z.literal('card'), ...common, card: ContactCard }),
    z.object({ ...extra, tp: z.literal('auto'), ...common, steps: z.array(AutoStep).min(1).max(AUTO_STEPS_MAX) }),
    z.object({
      ...extra,
      tp: z.literal('imgtext'),
      ...common,
      ...file,
      text: z.string().trim().min(1).max(1024),
      buttons: Buttons,
    }),
  ] as const;
export const MaterialInput = z.discriminatedUnion('tp', variants({}));
export type MaterialInput = z.infer<typeof MaterialInput>;
/** An edit replaces the whole material; its type cannot change. */
export const MaterialEdit = z.discriminatedUnion('tp', variants({ id: Id }));
export type MaterialEdit = z.infer<typeof MaterialEdit>;

export const MaterialFile = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  /** A small JPEG of an image, or a video's poster (its first frame); null for other files and unreadable videos. */
  thumbnail_url: z.string().nullable(),
});
export type MaterialFile = z.infer<typeof MaterialFile>;

export const Material = z.object({
  id: Id,
  tp: MaterialType,
  title: z.string(),
  /** A text's reply, a file's caption, an image-and-text's body. */
  text: z.string(),
  file: MaterialFile.nullable(),
  card: ContactCard.nullable(),
  buttons: z.array(MaterialButton),
  steps: z.array(z.object({ material_id: Id, delay_seconds: z.number().int(), tp: MaterialType, title: z.string() })),
  tag: z.object({ id: Id, name: z.string() }).nullable(),
  owner_user_id: Id.nullable(),
  /** How many users and numbers it is bound to; 0: every agent may use it. */
  bindings: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Material = z.infer<typeof Material>;

export const MaterialFilter = listRequestOf({ search: textFilter(64), tagId: Id.nullish() }).extend({
  tp: MaterialType,
});
export type MaterialFilter = z.infer<typeof MaterialFilter>;
export const MaterialPage = cappedPageOf(Material);

export const UploadedMaterialFile = UploadedReplyMedia.extend({ thumbnail_url: z.string().nullable() });
export type UploadedMaterialFile = z.infer<typeof UploadedMaterialFile>;

export const MaterialTag = z.object({ id: Id, name: z.string(), count: z.number().int(), created_at: z.string() });
export type MaterialTag = z.infer<typeof MaterialTag>;
export const MaterialTagName = z.object({ name: Title });
export const MaterialTagEdit = z.object({ id: Id, name: Title });

export const BINDING_KINDS = ['user', 'number'] as const;
export const BindingKind = z.enum(BINDING_KINDS);
export type BindingKind = z.infer<typeof BindingKind>;
export const BindRequest = z
  .object({
    materialIds: IdList,
    userIds: z.array(Id).max(1000).default([]),
    numberIds: z.array(Id).max(1000).default([]),
  })
  .refine((request) => request.userIds.length + request.numberIds.length > 0, {
    path: ['userIds'],
    message: 'name at least one user or number',
  });
export type BindRequest = z.infer<typeof BindRequest>;
export const MaterialBinding = z.object({
  id: Id,
  material_id: Id,
  kind: BindingKind,
  /** The bound user's or number's id, and its username or phone number. */
  target_id: Id,
  target_name: z.string(),
  created_at: z.string(),
});
export type MaterialBinding = z.infer<typeof MaterialBinding>;

const MaterialIds = z.object({ ids: IdList });
const OneMaterial = z.object({ id: Id });

/** The specification's delete per type, each deleting only materials of its type. */
export const MATERIAL_DELETES = {
  text: 'quickdel',
  img: 'imagedel',
  audio: 'audiodel',
  video: 'videodel',
  card: 'carddel',
  word: 'worddel',
  auto: 'autodel',
  imgtext: 'imgtextdel',
} as const satisfies Record<MaterialType, string>;

const deleteCall = <T extends MaterialType>(tp: T) =>
  defineCall({
    id: `material.${MATERIAL_DELETES[tp]}`,
    method: 'POST',
    path: `/api/mater/${MATERIAL_DELETES[tp]}`,
    tag: 'materials',
    summary: `Delete ${tp} materials (others are skipped); one an automatic reply uses is refused`,
    access: OPERATORS,
    kind: 'delete',
    body: MaterialIds,
    reply: envelopeOf(BatchReply),
  });

export const materialDeleteCalls = {
  materialQuickDel: deleteCall('text'),
  materialImageDel: deleteCall('img'),
  materialAudioDel: deleteCall('audio'),
  materialVideoDel: deleteCall('video'),
  materialCardDel: deleteCall('card'),
  materialWordDel: deleteCall('word'),
  materialAutoDel: deleteCall('auto'),
  materialImgtextDel: deleteCall('imgtext'),
} as const satisfies Record<string, CallDefinition>;

export const materialCalls = {
  materialList: defineCall({
    id: 'material.list',
    method: 'POST',
    path: '/api/mater/list',
    tag: 'materials',
    summary:
      "A type's materials, newest first, by tag or searched by title or text; a seat sees those bound to it, its numbers, or no one",
    access: AGENTS,
    kind: 'read',
    body: MaterialFilter,
    reply: envelopeOf(MaterialPage),
  }),
  materialAdd: defineCall({
    id: 'material.add',
    method: 'POST',
    path: '/api/mater/add',
    tag: 'materials',
    summary: 'Add a material of any type (`tp`); a file is named by the url `mater/upload` answered',
    access: OPERATORS,
    kind: 'create',
    body: MaterialInput,
    reply: envelopeOf(Material),
  }),
  materialEdit: defineCall({
    id: 'material.edit',
    method: 'POST',
    path: '/api/mater/edit',
    tag: 'materials',
    summary: 'Replace a material (its type stays)',
    access: OPERATORS,
    kind: 'update',
    body: MaterialEdit,
    reply: envelopeOf(Material),
  }),
  materialUpload: defineCall({
    id: 'material.upload',
    method: 'POST',
    path: '/api/mater/upload',
    tag: 'materials',
    summary:
      'Store a material file (multipart field `file`), checked by content and Meta limits; the same content is stored once per tenant; an image gets a thumbnail and a video a poster (its first frame) where FFmpeg can read it',
    access: OPERATORS,
    kind: 'create',
    multipart: true,
    reply: envelopeOf(UploadedMaterialFile),
  }),
  materialGet: defineCall({
    id: 'material.getmater',
    method: 'POST',
    path: '/api/mater/getmater',
    tag: 'materials',
    summary: 'One material',
    access: AGENTS,
    kind: 'read',
    body: OneMaterial,
    reply: envelopeOf(Material),
  }),
  materialOwn: defineCall({
    id: 'material.ownmater',
    method: 'POST',
    path: '/api/mater/ownmater',
    tag: 'materials',
    summary: `The caller's own materials of a type (at most ${OWN_MATERIALS_MAX}), newest first`,
    access: OPERATORS,
    kind: 'read',
    body: z.object({ tp: MaterialType }),
    reply: envelopeOf(z.array(Material)),
  }),
  materialTagList: defineCall({
    id: 'material.taglist',
    method: 'POST',
    path: '/api/mater/taglist',
    tag: 'materials',
    summary: 'Every material tag with how many materials carry it',
    access: OPERATORS,
    kind: 'read',
    reply: envelopeOf(z.array(MaterialTag)),
  }),
  materialTagAdd: defineCall({
    id: 'material.tagadd',
    method: 'POST',
    path: '/api/mater/tagadd',
    tag: 'materials',
    summary: 'Add a material tag; names are unique per tenant, ignoring case',
    access: OPERATORS,
    kind: 'create',
    body: MaterialTagName,
    reply: envelopeOf(MaterialTag),
  }),
  materialTagEdit: defineCall({
    id: 'material.tagedit',
    method: 'POST',
    path: '/api/mater/tagedit',
    tag: 'materials',
    summary: 'Rename a material tag',
    access: OPERATORS,
    kind: 'update',
    body: MaterialTagEdit,
    reply: envelopeOf(MaterialTag),
  }),
  materialTagDel: defineCall({
    id: 'material.tagdel',
    method: 'POST',
    path: '/api/mater/tagdel',
    tag: 'materials',
    summary: 'Delete material tags; their materials stay, untagged',
    access: OPERATORS,
    kind: 'delete',
    body: MaterialIds,
    reply: envelopeOf(BatchReply),
  }),
  materialBind: defineCall({
    id: 'material.binduser',
    method: 'POST',
    path: '/api/mater/binduser',
    tag: 'materials',
    summary: 'Bind materials to users (agents) or numbers: once bound, only they may use it',
    access: OPERATORS,
    kind: 'create',
    body: BindRequest,
    reply: envelopeOf(BatchReply),
  }),
  materialUnbind: defineCall({
    id: 'material.delbind',
    method: 'POST',
    path: '/api/mater/delbind',
    tag: 'materials',
    summary: 'Remove bindings (by the ids bindlist answers)',
    access: OPERATORS,
    kind: 'delete',
    body: MaterialIds,
    reply: envelopeOf(BatchReply),
  }),
  materialBindList: defineCall({
    id: 'material.bindlist',
    method: 'POST',
    path: '/api/mater/bindlist',
    tag: 'materials',
    summary: "A material's bindings",
    access: OPERATORS,
    kind: 'read',
    body: OneMaterial,
    reply: envelopeOf(z.array(MaterialBinding)),
  }),
  ...materialDeleteCalls,
} as const;
