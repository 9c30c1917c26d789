import { graphErrors } from '../graph-errors.js';
import { requestedFields } from '../graph-input.js';
import { graphPage } from '../graph-paging.js';
import type { GraphCall, GraphRoutes } from '../graph-router.js';
import { defaultPhoneNumberFields, phoneNumberFields } from '../numbers.js';
import type { SandboxNumber, SandboxWaba } from '../state.js';

function numberView(number: SandboxNumber, fields: string[] | undefined): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const field of fields ?? defaultPhoneNumberFields) {
    const read = phoneNumberFields[field];
    if (!read) throw graphErrors.unknownField(field, 'WhatsAppBusinessPhoneNumber');
    view[field] = read(number);
  }
  view.id = number.id;
  return view;
}

const wabaFields: Record<string, (waba: SandboxWaba) => unknown> = {
  id: (waba) => waba.id,
  name: (waba) => waba.name,
  currency: (waba) => waba.currency,
  timezone_id: (waba) => waba.timezoneId,
  message_template_namespace: (waba) => waba.templateNamespace,
  account_review_status: () => 'APPROVED',
  business_verification_status: () => 'verified',
};

/** The app the sandbox stands for, as `GET /{waba-id}/subscribed_apps` names it. */
const SANDBOX_APP = {
  id: '1000000000000001',
  link: 'https://www.facebook.com/games/?app_id=1000000000000001',
  name: 'WS Console sandbox app',
};

function setWebhooksSubscribed(call: GraphCall<{ kind: 'waba'; id: string; waba: SandboxWaba }>, subscribed: boolean) {
  call.object.waba.webhooksSubscribed = subscribed;
  call.sandbox.store.changed();
  return { success: true };
}

/**
 * Phone number fields (quality, throughput, limits, name), the business account's numbers, and
 * the app's subscription to the account's webhooks.
 */
export const numberRoutes: GraphRoutes = {
  number: {
    'GET ': (call) => numberView(call.object.number, requestedFields(call.query)),
  },
  waba: {
    'GET ': (call) => {
      const view: Record<string, unknown> = {};
      for (const field of requestedFields(call.query) ?? ['id', 'name', 'timezone_id', 'message_template_namespace']) {
        const read = wabaFields[field];
        if (!read) throw graphErrors.unknownField(field, 'WhatsAppBusinessAccount');
        view[field] = read(call.object.waba);
      }
      view.id = call.object.id;
      return view;
    },
    'GET phone_numbers': (call) => {
      const fields = requestedFields(call.query);
      const numbers = call.sandbox.store.numbersOf(call.object.id).map((number) => numberView(number, fields));
      return graphPage(numbers, call.query, call.selfUrl);
    },
    'GET subscribed_apps': (call) => ({
      data: call.object.waba.webhooksSubscribed ? [{ whatsapp_business_api_data: SANDBOX_APP }] : [],
    }),
    'POST subscribed_apps': (call) => setWebhooksSubscribed(call, true),
    'DELETE subscribed_apps': (call) => setWebhooksSubscribed(call, false),
  },
};
