/**
 * The app's subscription to a WhatsApp Business Account's webhooks: without it Meta posts nothing
 * that happens to the account's numbers (messages, statuses, quality, templates) to the app.
 */
import { z } from 'zod';
import { successReply } from './replies.js';
import { type GraphTransport, segment } from './transport.js';

const subscribedAppsReply = z.looseObject({
  data: z.array(
    z.looseObject({
      whatsapp_business_api_data: z.looseObject({ id: z.string(), name: z.string().optional() }).optional(),
    }),
  ),
});
export type SubscribedApp = z.infer<typeof subscribedAppsReply>['data'][number];

export function subscribedAppsApi(graph: GraphTransport) {
  const path = (wabaId: string) => `${segment(wabaId)}/subscribed_apps`;
  return {
    /** Subscribes the token's app to the WABA's webhooks; subscribing again changes nothing. */
    async subscribeApp(wabaId: string): Promise<void> {
      await graph.expect(successReply, { method: 'POST', path: path(wabaId) });
    },

    /** The apps subscribed to the WABA's webhooks. */
    async subscribedApps(wabaId: string): Promise<SubscribedApp[]> {
      return (await graph.expect(subscribedAppsReply, { method: 'GET', path: path(wabaId) })).data;
    },
  };
}
