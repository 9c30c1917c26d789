/**
 * One stored event: its envelope, each change parsed by its field and handed to the field's
 * handler, and the event's outcome from what the changes came to:
 * - processed: every change applied (problem holds notes, if any: an unknown message type kept);
 * - unknown_number: no change applied because every one names a number or WABA we do not have;
 * - partial: some changes not applied (unknown field, invalid value, unknown number beside known
 *   ones, a template or group not found), listed in problem;
 * - failed: the stored text is not a webhook at all, or applying it hit an error (see drain.ts).
 */
import { describeIssues, type KnownChange, parseChange, WebhookEnvelope } from '../meta/webhook-payload.js';
import type { EventOutcome, StoredEvent } from './event-repository.js';
import { handleGroups } from './group-events.js';
import { handleMessages } from './inbound-messages.js';
import {
  handleAccountReview,
  handleAccountUpdate,
  handleBusinessCapability,
  handleNameUpdate,
  handleQualityUpdate,
} from './number-events.js';
import { handleUserPreferences } from './opt-out.js';
import { handleTemplateCategory, handleTemplateQuality, handleTemplateStatus } from './template-events.js';
import type { ChangeResult, Work } from './work.js';

/** The longest problem text an event keeps. */
export const PROBLEM_LENGTH = 2000;

function dispatch(
  work: Work,
  wabaId: string,
  change: KnownChange,
  raw: Record<string, unknown>,
): Promise<ChangeResult> {
  switch (change.field) {
    case 'messages':
      return handleMessages(work, change.value, raw);
    case 'user_preferences':
      return handleUserPreferences(work, change.value);
    case 'phone_number_quality_update':
      return handleQualityUpdate(work, wabaId, change.value);
    case 'phone_number_name_update':
      return handleNameUpdate(work, wabaId, change.value);
    case 'account_update':
      return handleAccountUpdate(work, wabaId, change.value);
    case 'account_review_update':
      return handleAccountReview(work, wabaId, change.value);
    case 'business_capability_update':
      return handleBusinessCapability(work, wabaId, change.value);
    case 'message_template_status_update':
      return handleTemplateStatus(work, wabaId, change.value);
    case 'message_template_quality_update':
      return handleTemplateQuality(work, wabaId, change.value);
    case 'template_category_update':
      return handleTemplateCategory(work, wabaId, change.value);
    case 'group_lifecycle_update':
    case 'group_participants_update':
    case 'group_settings_update':
    case 'group_status_update':
      return handleGroups(work, change.field, change.value);
  }
}

/** Statuses alone can wait in the buffer; anything else first writes what the buffer holds, keeping order. */
const onlyStatuses = (change: KnownChange) => change.field === 'messages' && !change.value.messages?.length;

export async function processEvent(work: Work, event: StoredEvent): Promise<EventOutcome> {
  let payload: unknown;
  try {
    payload = JSON.parse(event.payload);
  } catch {
    return { id: event.id, outcome: 'failed', problem: 'not valid JSON', tenantId: null };
  }
  const envelope = WebhookEnvelope.safeParse(payload);
  if (!envelope.success) {
    return { id: event.id, outcome: 'failed', problem: describeIssues(envelope.error.issues), tenantId: null };
  }

  let applied = 0;
  let tenantId: string | null = null;
  const unknownNumbers: string[] = [];
  const incomplete: string[] = [];
  const notes: string[] = [];
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      const parsed = parseChange(change);
      if (parsed.kind === 'unknown') {
        incomplete.push(`field "${change.field}" not handled`);
        continue;
      }
      if (parsed.kind === 'invalid') {
        incomplete.push(`${change.field}: ${parsed.problem}`);
        continue;
      }
      // Inbound messages wait in theirs; anything else first stores them (what follows may read them).
      if (parsed.change.field !== 'messages') await work.inbound.flush(work);
      if (!onlyStatuses(parsed.change)) await work.statuses.flush();
      const result = await dispatch(work, entry.id, parsed.change, change.value);
      if ('unknownNumber' in result) {
        unknownNumbers.push(`${change.field}: unknown ${result.unknownNumber}`);
        continue;
      }
      applied += 1;
      tenantId ??= result.tenantId;
      incomplete.push(...(result.incomplete ?? []).map((problem) => `${change.field}: ${problem}`));
      notes.push(...(result.notes ?? []).map((note) => `${change.field}: ${note}`));
    }
  }

  const outcome =
    unknownNumbers.length > 0 && applied === 0 && incomplete.length === 0
      ? 'unknown_number'
      : unknownNumbers.length > 0 || incomplete.length > 0
        ? 'partial'
        : 'processed';
  const said = [...unknownNumbers, ...incomplete, ...notes].join('; ');
  return {
    id: event.id,
    outcome,
    problem: said === '' ? null : said.slice(0, PROBLEM_LENGTH),
    tenantId,
  };
}
