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
import { NUMBER_STATE_COLUMNS, type NumberState, numberState } from './number-rows.js';
import { liveNumberIds } from './numbers-repository.js';

/** Writes what Meta said of the number (fields it left out keep their value) and announces the change. */
const RECORD_STATE = `
  with changed as (
    update wa_number n
       set quality_rating = coalesce($3, n.quality_rating),
           messaging_limit_tier = coalesce($4, n.messaging_limit_tier),
           throughput_level = coalesce($5, n.throughput_level),
           throughput_per_second = coalesce($6, n.throughput_per_second),
           status = coalesce($7, n.status),
           name_status = coalesce($8, n.name_status),
           verified_name = coalesce($9, n.verified_name),
           code_verification_status = coalesce($10, n.code_verification_status),
           checked_at = now(), check_error = null, updated_at = now()
     where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null
    returning ${NUMBER_STATE_COLUMNS}
  )
  select changed.*, pg_notify('wa_number_state', json_build_object('tenantId', $1::text, 'numberId', $2::text)::text)
    from changed`;

const RECORD_FAILURE = `
  update wa_number n set checked_at = now(), check_error = $3, updated_at = now()
   where n.tenant_id = $1 and n.id = $2 and n.deleted_at is null
  returning ${NUMBER_STATE_COLUMNS}`;

function stateValues(info: PhoneNumberInfo): unknown[] {
  const level = info.throughput?.level;
  return [
    info.quality_rating === undefined ? null : qualityOf(info.quality_rating),
    info.messaging_limit_tier ?? null,
    level ?? null,
    (level && THROUGHPUT_OF_LEVEL[level]) ?? null,
    info.status ?? null,
    info.name_status ?? null,
    info.verified_name || null,
    info.code_verification_status ?? null,
  ];
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
    const { rows } = await pool.query<NumberState>(RECORD_STATE, [scope.tenantId, numberId, ...stateValues(info)]);
    const row = rows[0];
    if (!row) return null;
    if (row.quality_rating === 'RED' && !row.paused) {
      await pauseNumber(pool, scope.tenantId, numberId, 'quality_red');
      row.paused = true;
    }
    return { ...numberState(row), ok: true, error: null, webhooks };
  } catch (failure) {
    error = describeFailure(failure);
  }
  const { rows } = await pool.query<NumberState>(RECORD_FAILURE, [scope.tenantId, numberId, error]);
  return rows[0] ? { ...numberState(rows[0]), ok: false, error, webhooks: null } : null;
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
