import type { NumberCheckResult } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { mapBounded } from '../../platform/map-bounded.js';
import type { PhoneNumberInfo } from '../../whatsapp/cloud-api/index.js';
import { qualityOf, THROUGHPUT_OF_LEVEL } from '../../whatsapp/numbers/meta-number-state.js';
import { CLOUD_API_CONCURRENCY, describeFailure, numberClient } from '../../whatsapp/numbers/number-client.js';
import { pauseNumber } from '../../whatsapp/numbers/number-repository.js';
import { checkWebhooksSubscription, type WebhooksSubscription } from '../../whatsapp/numbers/waba-subscription.js';
import { noneOfTheNumbers } from './batch-result.js';
import { numberState } from './number-rows.js';
import {
  liveNumberIds,
  type MetaNumberFields,
  recordNumberCheck,
  recordNumberCheckFailure,
} from './numbers-repository.js';

/** What Meta said of the number, as recorded: fields it left out are null and keep their value. */
function metaFields(info: PhoneNumberInfo): MetaNumberFields {
  const level = info.throughput?.level;
  return {
    qualityRating: info.quality_rating === undefined ? null : qualityOf(info.quality_rating),
    messagingLimitTier: info.messaging_limit_tier ?? null,
    throughputLevel: level ?? null,
    throughputPerSecond: (level ? THROUGHPUT_OF_LEVEL[level] : undefined) ?? null,
    status: info.status ?? null,
    nameStatus: info.name_status ?? null,
    verifiedName: info.verified_name || null,
    codeVerificationStatus: info.code_verification_status ?? null,
  };
}

/** Checks one number; null when it is no longer a live number of the tenant. */
async function checkOne(
  context: AppContext,
  scope: Scope,
  numberId: string,
  checkedWabas: Map<string, Promise<WebhooksSubscription>>,
): Promise<NumberCheckResult | null> {
  const { pool } = context;
  let error: string;
  try {
    const connection = await numberClient(context, scope.tenantId, numberId);
    if (!connection) return null;
    const info = await connection.client.getPhoneNumber(connection.number.phoneNumberId);
    const webhooks = await checkWebhooksSubscription(
      context,
      scope.tenantId,
      numberId,
      connection.client,
      checkedWabas,
    );
    const row = await recordNumberCheck(pool, scope, numberId, metaFields(info));
    if (!row) return null;
    if (row.quality_rating === 'RED' && !row.paused) {
      await pauseNumber(pool, scope.tenantId, numberId, 'quality_red');
      row.paused = true;
    }
    return { ...numberState(row), ok: true, error: null, webhooks };
  } catch (failure) {
    error = describeFailure(failure);
  }
  const failed = await recordNumberCheckFailure(pool, scope, numberId, error);
  return failed ? { ...numberState(failed), ok: false, error, webhooks: null } : null;
}

/**
 * Reads each number's state from the Cloud API with the number's own token, a few numbers at a
 * time, and records it; the app's subscription to each WABA's webhooks is checked and restored. Quality RED pauses the number as the quality webhook does; only an
 * operator's resume clears it.
 */
export async function checkNumbers(context: AppContext, scope: Scope, ids: string[]) {
  const numberIds = await liveNumberIds(context.pool, scope, ids);
  if (numberIds.length === 0) throw noneOfTheNumbers();
  const checkedWabas = new Map<string, Promise<WebhooksSubscription>>();
  const results = await mapBounded(numberIds, CLOUD_API_CONCURRENCY, (id) =>
    checkOne(context, scope, id, checkedWabas),
  );
  return { results: results.filter((result): result is NumberCheckResult => result !== null) };
}
