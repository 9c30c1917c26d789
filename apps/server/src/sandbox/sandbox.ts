import type { KnownChangeInput } from '../whatsapp/meta/webhook-payload.js';
import { BlockRateTracker, MessagingLimitTracker, ThroughputLimiter } from './limits.js';
import { StateFile } from './persistence.js';
import { ResumableUploads } from './resumable-uploads.js';
import { Clock, Scheduler } from './scheduler.js';
import { defaultSettings, mergeSettings, type SandboxSettings, type SettingsPatch } from './settings.js';
import type { LoggedMessage, SandboxNumber } from './state.js';
import { SandboxStore } from './store.js';
import { TemplateStats } from './template-analytics.js';
import type { SandboxLogger } from './types.js';
import { type StatusExtra, type StatusName, writeStatusJson } from './webhook-events.js';
import { WebhookOutbox, type WebhookSender } from './webhook-outbox.js';

export interface SandboxWorldOptions {
  appSecret: string;
  webhookUrl: string | null;
  seed: number;
  settings: SettingsPatch;
  logger: SandboxLogger;
  stateFile?: string;
  messageLogLimit: number;
  webhookConcurrency?: number;
}

const STATUS_RANK = {
  accepted: 0,
  held_for_quality_assessment: 0.5,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
  received: 0,
  blocked: 0,
} as const;

/**
 * The sandbox's world and its machinery: records, settings, clock, delayed work, limits and the
 * webhook outbox. Routes and the customer simulation act through it.
 */
export class Sandbox {
  readonly store: SandboxStore;
  readonly clock = new Clock();
  readonly scheduler: Scheduler;
  readonly outbox: WebhookOutbox;
  readonly throughput = new ThroughputLimiter();
  readonly blockRates = new BlockRateTracker();
  /** Unique users each business portfolio reached outside the window, for its messaging limit. */
  readonly reach = new MessagingLimitTracker();
  /** Per template and day: sent, delivered, read and button clicks, for `template_analytics`. */
  readonly templateStats = new TemplateStats();
  /** Resumable upload sessions and the handles they issued (profile pictures). */
  readonly uploads = new ResumableUploads();
  readonly stateFile: StateFile | undefined;
  readonly logger: SandboxLogger;
  settings: SandboxSettings;
  private readonly senders = new WeakMap<SandboxNumber, WebhookSender>();
  /** Where the sandbox is reached; set once it listens (media download links use it). */
  baseUrl = '';

  constructor(readonly options: SandboxWorldOptions) {
    this.logger = options.logger;
    this.settings = mergeSettings(defaultSettings, options.settings);
    this.store = new SandboxStore(options.seed, options.messageLogLimit);
    this.scheduler = new Scheduler(this.clock, (error) =>
      this.logger.error({ err: error }, 'sandbox: a scheduled simulation step failed'),
    );
    this.outbox = new WebhookOutbox({
      url: options.webhookUrl,
      appSecret: options.appSecret,
      logger: options.logger,
      maxInFlight: options.webhookConcurrency,
      timing: () => ({
        flushMs: this.settings.delays.webhookFlushMs,
        retryBaseMs: this.settings.delays.webhookRetryBaseMs,
        retryMaxMs: this.settings.delays.webhookRetryMaxMs,
      }),
    });
    if (options.stateFile) {
      const stateFile = new StateFile(options.stateFile, () => this.store.toJSON(), this.logger);
      this.stateFile = stateFile;
      this.store.onChange = () => stateFile.changed();
    }
  }

  now(): number {
    return this.clock.now();
  }

  configure(patch: SettingsPatch): SandboxSettings {
    this.settings = mergeSettings(this.settings, patch);
    return this.settings;
  }

  senderOf(number: SandboxNumber): WebhookSender {
    let sender = this.senders.get(number);
    if (!sender) {
      sender = { wabaId: number.wabaId, phoneNumberId: number.id, displayPhoneNumber: number.phone };
      this.senders.set(number, sender);
    }
    return sender;
  }

  /** Moves a sent message's status forward (never back) and posts the status webhook. */
  emitStatus(number: SandboxNumber, message: LoggedMessage, status: StatusName, extra: StatusExtra = {}): void {
    if (!extra.participant) {
      if (STATUS_RANK[status] <= STATUS_RANK[message.status]) return;
      message.status = status;
      if (extra.error) message.errorCode = extra.error.code;
      if (message.templateId !== undefined) this.templateStats.record(message.templateId, status, this.now());
    }
    if (!this.webhooksSubscribed(number.wabaId)) return;
    const out = this.outbox.beginStatus(this.senderOf(number));
    if (!out) return;
    writeStatusJson(out, message, status, this.now(), extra);
    this.outbox.endStatus();
  }

  emitChange(wabaId: string, change: KnownChangeInput): void {
    if (this.webhooksSubscribed(wabaId)) this.outbox.addChange(wabaId, change.field, change.value);
  }

  /** Meta posts a business account's events only once an app is subscribed to it. */
  private webhooksSubscribed(wabaId: string): boolean {
    return this.store.wabas.get(wabaId)?.webhooksSubscribed === true;
  }

  /** Moves the clock and runs what became due. */
  advanceClock(ms: number): void {
    this.clock.advance(ms);
    this.scheduler.runDue();
  }

  /**
   * Waits until no simulated step is pending and every webhook has been delivered, or until
   * `timeoutMs`. With `fastForward`, pending steps run at once instead of at their time.
   */
  async settle(timeoutMs: number, fastForward: boolean): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (fastForward) this.scheduler.runAll();
      if (this.scheduler.size === 0) this.outbox.flush();
      if (this.scheduler.size === 0 && this.outbox.isIdle()) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Forgets every record and pending event; settings stay. */
  reset(): void {
    this.scheduler.clear();
    this.outbox.clear();
    this.throughput.clear();
    this.blockRates.clear();
    this.reach.clear();
    this.templateStats.clear();
    this.store.clear();
  }

  /** Stops the simulation; webhooks already waiting get up to `drainMs` to be delivered. */
  async stop(drainMs = 0): Promise<void> {
    this.scheduler.stop();
    this.outbox.flush();
    const deadline = Date.now() + drainMs;
    while (!this.outbox.isIdle() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    this.outbox.stop();
    await this.stateFile?.save();
  }
}
