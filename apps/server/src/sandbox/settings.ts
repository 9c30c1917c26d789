import { z } from 'zod';

/**
 * What the sandbox's simulated world does, all adjustable at start (`startSandbox` options) and
 * while running (`POST /_sandbox/config`). Probabilities are per message and drawn from the
 * recipient's own seeded stream.
 */
const probability = z.number().min(0).max(1);
const delayMs = z
  .number()
  .int()
  .min(0)
  .max(7 * 86_400_000);

export const CustomerBehaviourSchema = z.object({
  /** The message reaches the phone (a `delivered` status); otherwise it stays `sent`. */
  deliver: probability,
  /** A delivered message is read (a `read` status). */
  read: probability,
  /** A read message gets a text reply. */
  reply: probability,
  /** The customer opts out of marketing (STOP text, stop button, or the client's preference). */
  stop: probability,
  /** The customer blocks the number: later messages fail, and the number's quality suffers. */
  block: probability,
  /** A read message with reply buttons gets a button tap. */
  tapButton: probability,
  /** A read message carrying a group invite link makes the customer join (or ask to). */
  joinGroup: probability,
  /** The message cannot be delivered at all (a failed status, 131026). */
  fail: probability,
  // What campaigns meet at Meta, per message (1 for one customer makes a per-recipient trigger):
  /** Meta's per-user marketing cap: a marketing template fails by webhook with 131049. */
  marketingCap: probability,
  /** The number's spam rate limit: the message fails by webhook with 131048. */
  spamLimit: probability,
  /** A marketing template is first `held_for_quality_assessment`, then goes on (or fails 132015 if its template was paused meanwhile). */
  holdForQuality: probability,
  /** The send is refused at once with 4, the app's API call rate limit. */
  appRateLimit: probability,
  /** The send is refused at once with 80007, the business account's rate limit. */
  wabaRateLimit: probability,
  /**
   * The send is taken (logged, delivered, its statuses posted) but its answer is lost: HTTP 500
   * with Graph's transient error, as when Meta fails after accepting a request.
   */
  lostReply: probability,
});
export type CustomerBehaviour = z.infer<typeof CustomerBehaviourSchema>;

export const DelaysSchema = z.object({
  sentMs: delayMs,
  deliveredMs: delayMs,
  readMs: delayMs,
  replyMs: delayMs,
  templateApprovalMs: delayMs,
  groupCreateMs: delayMs,
  /** How long Meta holds a marketing template for its quality assessment. */
  qualityHoldMs: delayMs,
  webhookFlushMs: delayMs.min(1).max(60_000),
  webhookRetryBaseMs: delayMs.min(1),
  webhookRetryMaxMs: delayMs.min(1),
});
export type SandboxDelays = z.infer<typeof DelaysSchema>;

export const QualityRulesSchema = z.object({
  /** How many recent individual deliveries of a number its block rate is measured over. */
  windowSize: z.number().int().min(1).max(1_000_000),
  /** No rating change before this many deliveries are in the window. */
  minSample: z.number().int().min(1).max(1_000_000),
  yellowBlockRate: probability,
  redBlockRate: probability,
});
export type QualityRules = z.infer<typeof QualityRulesSchema>;

export const TemplateRulesSchema = z.object({
  /** Share of submitted templates that review rejects instead of approving. */
  rejectRate: probability,
});
export type TemplateRules = z.infer<typeof TemplateRulesSchema>;

export const LimitRulesSchema = z.object({
  /** Pair rate: how many messages one number may send one user at once (Meta: about 45)... */
  pairBurst: z.number().int().min(1).max(10_000),
  /** ...and the average interval after that (Meta: one every 6 seconds). */
  pairIntervalMs: delayMs,
  /** Whether the portfolio's messaging limit (unique users outside the window in 24 h) is enforced. */
  messagingLimit: z.boolean(),
  /**
   * The next this many business-profile updates (`POST whatsapp_business_profile`) are refused
   * with 80007, the business account's rate limit, each refusal counting one down: a test's way
   * to meet Meta's rate limit on a chosen call.
   */
  profileUpdateRefusals: z.number().int().min(0).max(1_000_000),
});
export type LimitRules = z.infer<typeof LimitRulesSchema>;

export const TranslationRulesSchema = z.object({
  /**
   * The LibreTranslate emulation answers every translation with HTTP 503, as a provider that is
   * down: for testing what the product and its clients do when translation fails.
   */
  unavailable: z.boolean(),
});
export type TranslationRules = z.infer<typeof TranslationRulesSchema>;

export interface SandboxSettings {
  behaviour: CustomerBehaviour;
  delays: SandboxDelays;
  quality: QualityRules;
  templates: TemplateRules;
  limits: LimitRules;
  translation: TranslationRules;
}

export const SettingsPatchSchema = z.strictObject({
  behaviour: CustomerBehaviourSchema.partial().optional(),
  delays: DelaysSchema.partial().optional(),
  quality: QualityRulesSchema.partial().optional(),
  templates: TemplateRulesSchema.partial().optional(),
  limits: LimitRulesSchema.partial().optional(),
  translation: TranslationRulesSchema.partial().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const defaultSettings: SandboxSettings = {
  behaviour: {
    deliver: 0.97,
    read: 0.7,
    reply: 0.15,
    stop: 0.01,
    block: 0.002,
    tapButton: 0.3,
    joinGroup: 0.5,
    fail: 0,
    marketingCap: 0,
    spamLimit: 0,
    holdForQuality: 0,
    appRateLimit: 0,
    wabaRateLimit: 0,
    lostReply: 0,
  },
  delays: {
    sentMs: 0,
    deliveredMs: 300,
    readMs: 2_000,
    replyMs: 4_000,
    templateApprovalMs: 5_000,
    groupCreateMs: 200,
    qualityHoldMs: 60_000,
    webhookFlushMs: 50,
    webhookRetryBaseMs: 1_000,
    webhookRetryMaxMs: 60_000,
  },
  quality: { windowSize: 500, minSample: 100, yellowBlockRate: 0.02, redBlockRate: 0.05 },
  templates: { rejectRate: 0 },
  limits: { pairBurst: 45, pairIntervalMs: 6_000, messagingLimit: true, profileUpdateRefusals: 0 },
  translation: { unavailable: false },
};

/** A copy of `base` with every field that `patch` gives replaced. */
export function mergeSettings(base: SandboxSettings, patch: SettingsPatch): SandboxSettings {
  return {
    behaviour: { ...base.behaviour, ...patch.behaviour },
    delays: { ...base.delays, ...patch.delays },
    quality: { ...base.quality, ...patch.quality },
    templates: { ...base.templates, ...patch.templates },
    limits: { ...base.limits, ...patch.limits },
    translation: { ...base.translation, ...patch.translation },
  };
}
