import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, textFilter } from './paging.js';

/**
 * Automatic replies (issue 19, decision 0024): keyword rules (`/content/keyword`) and the
 * first-contact greeting (`/content/friendsvia`). Each answers an inbound message with one
 * material of the library, or an `auto` material's steps with their delays, as service messages
 * inside the window the customer just opened.
 */

const OPERATORS = ['admin', 'operator'] as const;

export const MATCH_MODES = ['exact', 'contains', 'prefix', 'regex'] as const;
export const MatchMode = z.enum(MATCH_MODES);
export type MatchMode = z.infer<typeof MatchMode>;

export const KEYWORDS_MAX = 20;
export const KEYWORD_LENGTH_MAX = 200;
export const COOLDOWN_MAX_SECONDS = 7 * 24 * 3600;
/** Rules a tenant may keep (the matcher is built for ten thousand). */
export const KEYWORD_RULES_MAX = 10_000;

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM');
/** Local times of the tenant's time zone, [from, to), may wrap past midnight; absent: always. */
export const ActiveHours = z
  .object({ from: ClockTime, to: ClockTime })
  .refine((hours) => hours.from !== hours.to, { message: 'from and to must differ' });
export type ActiveHours = z.infer<typeof ActiveHours>;

const ruleFields = {
  name: z.string().trim().min(1).max(64),
  keywords: z.array(z.string().trim().min(1).max(KEYWORD_LENGTH_MAX)).min(1).max(KEYWORDS_MAX),
  matchMode: MatchMode,
  /** Empty: every number of the tenant. */
  numberIds: z.array(Id).max(1000).default([]),
  /** A material of the library (an `auto` material sends its steps). */
  materialId: Id,
  activeHours: ActiveHours.nullish().transform((hours) => hours ?? null),
  /** The highest answers when several match; equal ones: the newest. */
  priority: z.number().int().min(-1000).max(1000).default(0),
  /** The rule answers a contact at most once in this many seconds; 0: every time. */
  cooldownSeconds: z.number().int().min(0).max(COOLDOWN_MAX_SECONDS).default(0),
  enabled: z.boolean().default(true),
};
export const KeywordRuleInput = z.object(ruleFields);
export type KeywordRuleInput = z.infer<typeof KeywordRuleInput>;
export const KeywordRuleEdit = z.object({ id: Id, ...ruleFields });
export type KeywordRuleEdit = z.infer<typeof KeywordRuleEdit>;

const MaterialRef = z.object({ id: Id, tp: z.string(), title: z.string() });

export const KeywordRule = z.object({
  id: Id,
  name: z.string(),
  keywords: z.array(z.string()),
  match_mode: MatchMode,
  number_ids: z.array(Id),
  material: MaterialRef,
  active_hours: ActiveHours.nullable(),
  priority: z.number().int(),
  cooldown_seconds: z.number().int(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KeywordRule = z.infer<typeof KeywordRule>;

export const KeywordRuleFilter = listRequestOf({ search: textFilter(64), numberId: Id.nullish() });
export type KeywordRuleFilter = z.infer<typeof KeywordRuleFilter>;

export const KeywordTest = z.object({
  text: z.string().min(1).max(4096),
  /** The number the text is written to; absent: rules of every number count. */
  numberId: Id.nullish(),
  /** The moment to judge active hours at; absent: now. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type KeywordTest = z.infer<typeof KeywordTest>;

/** Why a rule that matches the text would not answer. */
export const KEYWORD_SKIPS = ['disabled', 'other_number', 'outside_hours', 'lower_priority'] as const;
export const KeywordSkip = z.enum(KEYWORD_SKIPS);
export type KeywordSkip = z.infer<typeof KeywordSkip>;

export const KeywordTestReply = z.object({
  /** The rule that would answer, or null. */
  rule: KeywordRule.nullable(),
  /** The keyword of that rule that matched. */
  keyword: z.string().nullable(),
  /** Every rule whose keywords match, best first, and why the others would not answer. */
  matches: z.array(z.object({ rule_id: Id, name: z.string(), keyword: z.string(), skipped: KeywordSkip.nullable() })),
  /** Opt-out words are the product's: such a text is never answered. */
  opt_out: z.boolean(),
});
export type KeywordTestReply = z.infer<typeof KeywordTestReply>;

const greetingFields = {
  /** Absent or null: the greeting of every number without its own. */
  numberId: Id.nullish().transform((id) => id ?? null),
  materialId: Id,
  /** Sent instead outside the active hours; null: nothing then. */
  outsideMaterialId: Id.nullish().transform((id) => id ?? null),
  activeHours: ActiveHours.nullish().transform((hours) => hours ?? null),
  /** 0: only a contact's first message to the number; N: also after N days without one. */
  silenceDays: z.number().int().min(0).max(365).default(0),
  enabled: z.boolean().default(true),
};
export const GreetingInput = z.object(greetingFields);
export type GreetingInput = z.infer<typeof GreetingInput>;

export const Greeting = z.object({
  id: Id,
  number_id: Id.nullable(),
  /** The number's phone, null for every number. */
  number_phone: z.string().nullable(),
  material: MaterialRef,
  outside_material: MaterialRef.nullable(),
  active_hours: ActiveHours.nullable(),
  silence_days: z.number().int(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export type Greeting = z.infer<typeof Greeting>;

const Ids = z.object({ ids: IdList });

export const autoReplyCalls = {
  keywordList: defineCall({
    id: 'keyword.list',
    method: 'POST',
    path: '/api/keyword/list',
    tag: 'auto-replies',
    summary: 'Keyword rules, highest priority first, searched by name or keyword, or of one number',
    access: OPERATORS,
    kind: 'read',
    body: KeywordRuleFilter,
    reply: envelopeOf(cappedPageOf(KeywordRule)),
  }),
  keywordAdd: defineCall({
    id: 'keyword.add',
    method: 'POST',
    path: '/api/keyword/add',
    tag: 'auto-replies',
    summary: 'Add a keyword rule; a regular expression that could backtrack catastrophically is refused',
    access: OPERATORS,
    kind: 'create',
    body: KeywordRuleInput,
    reply: envelopeOf(KeywordRule),
  }),
  keywordEdit: defineCall({
    id: 'keyword.edit',
    method: 'POST',
    path: '/api/keyword/edit',
    tag: 'auto-replies',
    summary: 'Replace a keyword rule',
    access: OPERATORS,
    kind: 'update',
    body: KeywordRuleEdit,
    reply: envelopeOf(KeywordRule),
  }),
  keywordDel: defineCall({
    id: 'keyword.del',
    method: 'POST',
    path: '/api/keyword/del',
    tag: 'auto-replies',
    summary: 'Delete keyword rules',
    access: OPERATORS,
    kind: 'delete',
    body: Ids,
    reply: envelopeOf(BatchReply),
  }),
  keywordTest: defineCall({
    id: 'keyword.test',
    method: 'POST',
    path: '/api/keyword/test',
    tag: 'auto-replies',
    summary: 'Which rule would answer a sample text, and why the other matching ones would not',
    access: OPERATORS,
    kind: 'read',
    body: KeywordTest,
    reply: envelopeOf(KeywordTestReply),
  }),
  greetingList: defineCall({
    id: 'greeting.list',
    method: 'POST',
    path: '/api/greeting/list',
    tag: 'auto-replies',
    summary: 'Every greeting: the one for all numbers first, then per number',
    access: OPERATORS,
    kind: 'read',
    reply: envelopeOf(z.array(Greeting)),
  }),
  greetingSave: defineCall({
    id: 'greeting.save',
    method: 'POST',
    path: '/api/greeting/save',
    tag: 'auto-replies',
    summary: "Set a number's greeting (or every number's): one per number, replaced when saved again",
    access: OPERATORS,
    kind: 'update',
    body: GreetingInput,
    reply: envelopeOf(Greeting),
  }),
  greetingDel: defineCall({
    id: 'greeting.del',
    method: 'POST',
    path: '/api/greeting/del',
    tag: 'auto-replies',
    summary: 'Delete greetings',
    access: OPERATORS,
    kind: 'delete',
    body: Ids,
    reply: envelopeOf(BatchReply),
  }),
} as const;
