import type pg from 'pg';
import { insertAutoReplies, type NewAutoReply, selectCoolingDown, selectOptedOut } from './auto-reply-repository.js';
import { skipOf, withinHours } from './keyword-matcher.js';
import { autoRepliesOf, type TenantAutoReplies } from './matcher-cache.js';
import type { MatcherGreeting } from './rule-repository.js';
import { scheduleAutoReplies } from './send-job.js';
import { sendDueSteps } from './send-steps.js';

/** An inbound message a customer wrote (1:1, not a system notice), as the drain stored it. */
export interface InboundForReply {
  tenantId: string;
  numberId: string;
  contactId: string;
  /** The stored message's id: the reply's unique key. */
  messageId: string;
  at: Date;
  /** Its text (a caption, a button's title), null for none. */
  text: string | null;
  /** The customer's previous message to the number (null: this is the first). */
  previousInboundAt: Date | null;
}

const WINDOW_MS = 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The drain's automatic replies (decision 0024): the batch's inbound messages are collected as they
 * are stored, and `settle` (once per batch, in its transaction) matches them per tenant against
 * the cached matcher, records one reply per message (its unique key: a redelivery or a rerun
 * records nothing) and queues what can go now through the governor in the same transaction.
 */
export class AutoReplyBatch {
  private inbound: InboundForReply[] = [];

  add(message: InboundForReply): void {
    this.inbound.push(message);
  }

  async settle(client: pg.PoolClient, now = new Date()): Promise<void> {
    const inbound = this.inbound;
    this.clear();
    // A message older than the window (a late redelivery) is not answered: the window it opened is shut.
    const fresh = inbound.filter((message) => now.getTime() - message.at.getTime() < WINDOW_MS);
    if (fresh.length === 0) return;
    const tenants = await autoRepliesOf(client, [...new Set(fresh.map((message) => message.tenantId))]);
    for (const [tenantId, replies] of tenants) {
      await settleTenant(
        client,
        tenantId,
        replies,
        fresh.filter((message) => message.tenantId === tenantId),
        now,
      );
    }
  }

  clear(): void {
    this.inbound = [];
  }
}

async function settleTenant(
  client: pg.PoolClient,
  tenantId: string,
  config: TenantAutoReplies,
  inbound: readonly InboundForReply[],
  now: Date,
): Promise<void> {
  const optedOut = await selectOptedOut(client, tenantId, [...new Set(inbound.map((m) => m.contactId))]);
  const planned = inbound
    .filter((message) => !optedOut.has(message.contactId))
    .map((message) => ({ message, ...choose(config, message, now) }));
  const cooling = await selectCoolingDown(
    client,
    tenantId,
    planned.flatMap(({ message, rule }) =>
      rule && rule.cooldownSeconds > 0
        ? [{ ruleId: rule.id, contactId: message.contactId, cooldownSeconds: rule.cooldownSeconds }]
        : [],
    ),
  );
  const replies: NewAutoReply[] = [];
  const answered = new Set<string>();
  for (const { message, rule, greeting, materialId } of planned) {
    if (materialId === null) continue;
    if (rule && rule.cooldownSeconds > 0) {
      const key = `${rule.id}:${message.contactId}`;
      // Written twice in one batch: the first is answered, the second falls in the cooldown.
      if (cooling.has(key) || answered.has(key)) continue;
      answered.add(key);
    }
    replies.push({
      messageId: message.messageId,
      numberId: message.numberId,
      contactId: message.contactId,
      kind: rule ? 'keyword' : 'greeting',
      ruleId: rule?.id ?? null,
      greetingId: greeting?.id ?? null,
      materialId,
    });
  }
  const ids = await insertAutoReplies(client, tenantId, replies);
  if (ids.length > 0) await sendDueSteps(client, tenantId, ids, scheduleAutoReplies);
}

/**
 * What answers a message: the best keyword rule that may answer on its number now; else, for a
 * contact's first message to the number (or the first after the greeting's days of silence), the
 * number's greeting (or every number's), its outside-hours material outside its hours.
 */
function choose(config: TenantAutoReplies, message: InboundForReply, now: Date) {
  if (message.text !== null) {
    const rule = config.matcher
      .hits(message.text)
      .map((hit) => hit.rule)
      .find((candidate) => skipOf(candidate, message.numberId, now, config.timeZone) === null);
    if (rule) return { rule, greeting: null, materialId: rule.materialId };
  }
  const greeting = greetingOf(config.greetings, message);
  if (!greeting) return { rule: null, greeting: null, materialId: null };
  const inHours = withinHours(greeting.activeHours, now, config.timeZone);
  return { rule: null, greeting, materialId: inHours ? greeting.materialId : greeting.outsideMaterialId };
}

function greetingOf(greetings: readonly MatcherGreeting[], message: InboundForReply): MatcherGreeting | undefined {
  const greeting = greetings.find((g) => g.numberId === message.numberId) ?? greetings.find((g) => g.numberId === null);
  // A number's own greeting switched off silences that number (every number's does not answer there).
  if (!greeting?.enabled) return undefined;
  if (message.previousInboundAt === null) return greeting;
  const silent = message.at.getTime() - message.previousInboundAt.getTime();
  return greeting.silenceDays > 0 && silent >= greeting.silenceDays * DAY_MS ? greeting : undefined;
}
