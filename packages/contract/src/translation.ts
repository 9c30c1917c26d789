import { z } from 'zod';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';

/**
 * The languages the product translates between, as the agent and the conversation name them:
 * ISO 639-1 codes, `zh` for Simplified and `zh-TW` for Traditional Chinese. Each provider's own
 * spelling (DeepL's `EN-US`, Azure's `zh-Hans`, Google's `zh-CN`) is mapped on the server.
 */
export const TRANSLATION_LANGUAGES = [
  'zh',
  'zh-TW',
  'en',
  'es',
  'pt',
  'ar',
  'ru',
  'id',
  'hi',
  'fr',
  'de',
  'ja',
  'ko',
  'vi',
  'th',
  'tr',
  'it',
  'ms',
] as const;
export const TranslationLanguage = z.enum(TRANSLATION_LANGUAGES);
export type TranslationLanguage = z.infer<typeof TranslationLanguage>;

/** Who translates: chosen by the server's configuration (`TRANSLATION_PROVIDER`), never per call. */
export const TRANSLATION_PROVIDERS = [
  'sandbox',
  'libretranslate',
  'deepl',
  'google-v2',
  'google-v3',
  'azure',
  'tencent',
  'off',
] as const;
export const TranslationProvider = z.enum(TRANSLATION_PROVIDERS);
export type TranslationProvider = z.infer<typeof TranslationProvider>;

/** The most texts one call translates, and the longest text: a conversation's page of messages. */
export const MAX_TRANSLATION_TEXTS = 50;
export const MAX_TRANSLATION_TEXT_LENGTH = 5000;

const TranslationText = z.string().min(1).max(MAX_TRANSLATION_TEXT_LENGTH);

export const TranslateTextRequest = z.object({
  texts: z.array(TranslationText).min(1).max(MAX_TRANSLATION_TEXTS),
  /** The texts' language; left out or `auto`, the provider detects it per text. */
  source: z.union([TranslationLanguage, z.literal('auto')]).default('auto'),
  target: TranslationLanguage,
});
export type TranslateTextRequest = z.infer<typeof TranslateTextRequest>;

export const TranslatedText = z.object({
  text: z.string(),
  /** The source language the provider found (source `auto`), or the one given; null when unknown. */
  detected_source: TranslationLanguage.nullable(),
  /** Answered from the cache: no provider call, no characters billed. */
  cached: z.boolean(),
  /** Characters the provider bills for this text (0 when cached), as that provider counts them. */
  characters: z.number().int(),
});
export type TranslatedText = z.infer<typeof TranslatedText>;

export const TranslateTextReply = z.object({
  provider: TranslationProvider,
  /** The embedded pseudo-translation (`⟦es⟧ …`): show a "simulated translation" badge. */
  simulated: z.boolean(),
  target: TranslationLanguage,
  /** One per request text, in order. */
  translations: z.array(TranslatedText),
});
export type TranslateTextReply = z.infer<typeof TranslateTextReply>;

export const DetectLanguageRequest = z.object({ text: z.string().min(1).max(MAX_TRANSLATION_TEXT_LENGTH) });

export const DetectedLanguage = z.object({
  /** A translation language, or null: too short to tell, or a language the product does not translate. */
  language: TranslationLanguage.nullable(),
  /** 0–1: how far the best guess is ahead of the next one. */
  confidence: z.number(),
  /** The detector's own answer (ISO 639-1, `und` when undetermined), also for languages not translated. */
  detected: z.string(),
  /** The detector trusts its answer (enough n-grams, a clear lead). */
  reliable: z.boolean(),
});
export type DetectedLanguage = z.infer<typeof DetectedLanguage>;

export const TranslationLanguageInfo = z.object({
  code: TranslationLanguage,
  /** Whether the configured provider translates into it; null when the provider could not be asked. */
  supported: z.boolean().nullable(),
});

export const TranslationLanguagesReply = z.object({
  provider: TranslationProvider,
  simulated: z.boolean(),
  languages: z.array(TranslationLanguageInfo),
});

export const TranslationSettings = z.object({
  /** The tenant lets customer text be sent to the provider; off, translation calls are refused. */
  allowed: z.boolean(),
  /**
   * True while the tenant has not chosen for the configured provider (never, or only for another
   * one): `allowed` is then the product's default for this provider.
   */
  allowed_is_default: z.boolean(),
  /** The language agents read and write in, unless an agent or conversation says otherwise. */
  agent_language: TranslationLanguage,
  provider: TranslationProvider,
  simulated: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TranslationSettings = z.infer<typeof TranslationSettings>;

export const TranslationSettingsEdit = z.object({
  allowed: z.boolean().optional(),
  agentLanguage: TranslationLanguage.optional(),
});
export type TranslationSettingsEdit = z.infer<typeof TranslationSettingsEdit>;

const everyone = ['admin', 'operator', 'seat'] as const;
const operators = ['admin', 'operator'] as const;

export const translationCalls = {
  translateText: defineCall({
    id: 'translate.text',
    method: 'POST',
    path: '/api/translate/text',
    tag: 'translation',
    summary: 'Translate texts with the configured provider; cached, metered, and only if the tenant allows it',
    access: everyone,
    kind: 'read',
    body: TranslateTextRequest,
    reply: envelopeOf(TranslateTextReply),
  }),
  translateDetect: defineCall({
    id: 'translate.detect',
    method: 'POST',
    path: '/api/translate/detect',
    tag: 'translation',
    summary: 'Detect the language of a text locally (nothing is sent out); short texts are undetermined',
    access: everyone,
    kind: 'read',
    body: DetectLanguageRequest,
    reply: envelopeOf(DetectedLanguage),
  }),
  translateLanguages: defineCall({
    id: 'translate.languages',
    method: 'GET',
    path: '/api/translate/languages',
    tag: 'translation',
    summary: "The product's translation languages and which of them the configured provider supports",
    access: everyone,
    kind: 'read',
    reply: envelopeOf(TranslationLanguagesReply),
  }),
  translateSettings: defineCall({
    id: 'translate.settings',
    method: 'GET',
    path: '/api/translate/settings',
    tag: 'translation',
    summary: "The tenant's translation settings and the configured provider",
    access: everyone,
    kind: 'read',
    reply: envelopeOf(TranslationSettings),
  }),
  translateSettingsEdit: defineCall({
    id: 'translate.settings.edit',
    method: 'POST',
    path: '/api/translate/settings',
    tag: 'translation',
    summary: 'Allow or refuse sending customer text to the provider; set the agents’ default language',
    access: operators,
    kind: 'update',
    body: TranslationSettingsEdit,
    reply: envelopeOf(TranslationSettings),
  }),
} as const;
