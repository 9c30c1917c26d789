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
});
export type CustomerBehaviour = z.infer<typeof CustomerBehaviourSchema>;

export const DelaysSchema = z.object({
  sentMs: delayMs,
  deliveredMs: delayMs,
  readMs: delayMs,
  replyMs: delayMs,
  templateApprovalMs: delayMs,
  groupCreateMs: delayMs,
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

export interface SandboxSettings {
  behaviour: CustomerBehaviour;
  delays: SandboxDelays;
  quality: QualityRules;
  templates: TemplateRules;
}

export const SettingsPatchSchema = z.strictObject({
  behaviour: CustomerBehaviourSchema.partial().optional(),
  delays: DelaysSchema.partial().optional(),
  quality: QualityRulesSchema.partial().optional(),
  templates: TemplateRulesSchema.partial().optional(),
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
  },
  delays: {
    sentMs: 0,
    deliveredMs: 300,
    readMs: 2_000,
    replyMs: 4_000,
    templateApprovalMs: 5_000,
    groupCreateMs: 200,
    webhookFlushMs: 50,
    webhookRetryBaseMs: 1_000,
    webhookRetryMaxMs: 60_000,
  },
  quality: { windowSize: 500, minSample: 100, yellowBlockRate: 0.02, redBlockRate: 0.05 },
  templates: { rejectRate: 0 },
};

/** A copy of `base` with every field that `patch` gives replaced. */
export function mergeSettings(base: SandboxSettings, patch: SettingsPatch): SandboxSettings {
  return {
    behaviour: { ...base.behaviour, ...patch.behaviour },
    delays: { ...base.delays, ...patch.delays },
    quality: { ...base.quality, ...patch.quality },
    templates: { ...base.templates, ...patch.templates },
  };
}
