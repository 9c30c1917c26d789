/**
 * The app's subscription to each WABA's webhooks (`/{waba-id}/subscribed_apps`): made when a WABA
 * is first connected, and checked (and restored) by the channel check. Meta posts nothing of a
 * WABA's numbers to an app that is not subscribed to it.
 */
import type { AppContext } from '../../platform/http/context.js';
import { mapBounded } from '../../platform/map-bounded.js';
import type { CloudApiClient } from '../cloud-api/index.js';
import { CLOUD_API_CONCURRENCY, numberClient } from './number-client.js';
import { recordWebhooksSubscribed, unsubscribedWabas, wabaOfNumber } from './waba-subscription-repository.js';

/**
 * Subscribes the app to every WABA of the tenant that has a live number and no subscription yet,
 * through one of its numbers' tokens. Called after numbers are connected; a failure does not undo
 * the connection: it is logged, and the channel check reports it and subscribes again.
 */
export async function subscribeNewWabas(context: AppContext, tenantId: string): Promise<void> {
  const wabas = await unsubscribedWabas(context.pool, tenantId);
  await mapBounded(wabas, CLOUD_API_CONCURRENCY, async (waba) => {
    try {
      const connection = await numberClient(context, tenantId, waba.numberId);
      if (!connection) return;
      await connection.client.subscribeApp(waba.wabaId);
      await recordWebhooksSubscribed(context.pool, tenantId, waba.wabaRef);
    } catch (error) {
      context.logger.warn(
        { err: error, tenantId, wabaId: waba.wabaId },
        "could not subscribe the app to the WABA's webhooks; the channel check tries again",
      );
    }
  });
}

export type WebhooksSubscription = 'subscribed' | 'resubscribed';

/**
 * Asks Meta whether an app is subscribed to the number's WABA and subscribes it when none is,
 * recording the subscription; 'resubscribed' says it was missing. Throws Meta's refusal. `checked`
 * holds the WABAs already checked in this batch, so numbers of one WABA cost one check.
 */
export async function checkWebhooksSubscription(
  context: AppContext,
  tenantId: string,
  numberId: string,
  client: CloudApiClient,
  checked: Map<string, Promise<WebhooksSubscription>>,
): Promise<WebhooksSubscription | null> {
  const waba = await wabaOfNumber(context.pool, tenantId, numberId);
  if (!waba) return null;
  let outcome = checked.get(waba.wabaRef);
  if (!outcome) {
    outcome = (async () => {
      if ((await client.subscribedApps(waba.wabaId)).length > 0) return 'subscribed';
      await client.subscribeApp(waba.wabaId);
      return 'resubscribed';
    })();
    checked.set(waba.wabaRef, outcome);
  }
  const subscription = await outcome;
  await recordWebhooksSubscribed(context.pool, tenantId, waba.wabaRef);
  return subscription;
}
