import { z } from 'zod';
import { type ControlRoutes, checked, controlInput, created, notFound } from '../control-router.js';
import { ControlError } from '../http.js';
import { createNumber, numberControlView, updateNumber } from '../numbers.js';
import type { Sandbox } from '../sandbox.js';
import { CustomerBehaviourSchema } from '../settings.js';
import type { SandboxCustomer, SandboxGroup } from '../state.js';
import { customerName } from '../store.js';
import { createTemplate, NewTemplateSchema, setTemplateStatus, templateView } from '../templates.js';
import { inviteLinkOf } from '../webhook-events.js';

const digits = (what: string) => z.string().regex(/^\d{5,20}$/, `must be the ${what}'s digits`);
const quality = z.enum(['GREEN', 'YELLOW', 'RED', 'UNKNOWN']);
const throughputLevel = z.enum(['STANDARD', 'HIGH']);
const tier = z.enum(['TIER_250', 'TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED']);
const numberStatus = z.enum(['CONNECTED', 'PENDING', 'DISCONNECTED', 'FLAGGED', 'RESTRICTED', 'BANNED']);

const NewNumberSchema = z.strictObject({
  phone_number_id: digits('phone number id').optional(),
  waba_id: digits('business account id').optional(),
  business_id: digits('business portfolio id').optional(),
  waba_name: z.string().min(1).max(128).optional(),
  display_phone_number: z
    .string()
    .regex(/^\+?[\d\s()-]{6,24}$/, 'must be a phone number')
    .optional(),
  access_token: z.string().min(16).max(512).optional(),
  verified_name: z.string().min(1).max(128).optional(),
  quality_rating: quality.optional(),
  throughput_level: throughputLevel.optional(),
  messaging_limit_tier: tier.optional(),
  status: numberStatus.optional(),
  registered: z.boolean().optional(),
  webhooks_subscribed: z.boolean().optional(),
  official_business_account: z.boolean().optional(),
});
const NumberChangesSchema = z.strictObject({
  quality_rating: quality.optional(),
  throughput_level: throughputLevel.optional(),
  messaging_limit_tier: tier.optional(),
  status: numberStatus.optional(),
  official_business_account: z.boolean().optional(),
});
const templateStatus = z.enum(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']);
const ControlTemplateSchema = z.object({
  waba_id: z.string().optional(),
  phone_number_id: z.string().optional(),
  name: z.string(),
  language: z.string().default('en_US'),
  category: z.string().default('MARKETING'),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).optional(),
  components: z.array(z.looseObject({})).default([{ type: 'BODY', text: 'Hello {{1}}' }]),
  status: templateStatus.default('PENDING'),
});
/** A review decision or a pause made now, with its webhook: `reason` as Meta words it (INVALID_FORMAT…). */
const TemplateStatusChangeSchema = z.strictObject({
  status: templateStatus,
  reason: z.string().min(1).max(100).optional(),
});
const CustomerSchema = z.strictObject({
  wa_id: z.string().regex(/^\d{5,20}$/, "must be the customer's digits"),
  name: z.string().min(1).max(128).optional(),
  /** A WhatsApp username: webhooks then name the customer by BSUID as well. */
  username: z
    .string()
    .regex(/^[a-z0-9._]{3,35}$/, 'must be 3 to 35 of a-z, 0-9, dot and underscore')
    .optional(),
  /** With a username: hide the phone number from businesses (webhooks carry only the BSUID). */
  hides_phone: z.boolean().optional(),
  behaviour: CustomerBehaviourSchema.partial().optional(),
});
const CustomersSchema = z.union([
  CustomerSchema,
  z.strictObject({ customers: z.array(CustomerSchema).min(1).max(10_000) }),
]);

function customerView(customer: SandboxCustomer) {
  return {
    wa_id: customer.waId,
    name: customerName(customer),
    username: customer.username ?? null,
    hides_phone: customer.hidesPhone === true,
    user_ids: customer.userIds ?? {},
    behaviour: customer.behaviour ?? {},
    marketing_stopped: Object.keys(customer.marketingStopped ?? {}),
    blocked: Object.keys(customer.blocked ?? {}),
    last_inbound: Object.fromEntries(
      Object.entries(customer.lastInbound ?? {}).map(([numberId, at]) => [numberId, new Date(at).toISOString()]),
    ),
  };
}

function groupControlView(group: SandboxGroup) {
  return {
    id: group.id,
    phone_number_id: group.phoneNumberId,
    subject: group.subject,
    description: group.description,
    join_approval_mode: group.joinApprovalMode,
    invite_link: inviteLinkOf(group),
    participants: Object.keys(group.participants),
    join_requests: Object.entries(group.joinRequests).map(([id, request]) => ({ id, wa_id: request.waId })),
    /** Customers an invite to the group (a template's `group_id`) was delivered to. */
    invited: Object.keys(group.invited ?? {}),
  };
}

/** The business account a control call names directly or through one of its numbers. */
function wabaOf(sandbox: Sandbox, wabaId: string | undefined, phoneNumberId: string | undefined): string {
  if (wabaId) {
    if (!sandbox.store.wabas.has(wabaId)) throw notFound('waba_id', wabaId);
    return wabaId;
  }
  if (phoneNumberId) {
    const number = sandbox.store.numbers.get(phoneNumberId);
    if (!number) throw notFound('phone_number_id', phoneNumberId);
    return number.wabaId;
  }
  throw new ControlError('waba_id: give waba_id or phone_number_id');
}

/** Control calls that set up the world: numbers, templates, customers; and views of groups. */
export const controlWorldRoutes: ControlRoutes = {
  'GET /numbers': ({ sandbox }) =>
    [...sandbox.store.numbers.values()].map((number) => numberControlView(sandbox, number)),
  'POST /numbers': (call) => {
    const input = controlInput(NewNumberSchema, call);
    const { store } = call.sandbox;
    if (input.phone_number_id && store.isKnownId(input.phone_number_id)) {
      throw new ControlError(`phone_number_id: ${input.phone_number_id} is already used`, 409);
    }
    if (input.access_token && store.numbersByToken.has(input.access_token)) {
      throw new ControlError('access_token: already used by another number', 409);
    }
    if (input.waba_id && !store.wabas.has(input.waba_id) && store.isKnownId(input.waba_id)) {
      throw new ControlError(`waba_id: ${input.waba_id} is the id of something else`, 409);
    }
    const existing = input.waba_id ? store.wabas.get(input.waba_id) : undefined;
    if (existing && input.business_id && (existing.businessId ?? existing.id) !== input.business_id) {
      throw new ControlError(`business_id: business account ${existing.id} belongs to another portfolio`, 409);
    }
    return created(numberControlView(call.sandbox, createNumber(call.sandbox, input)));
  },
  'POST /numbers/:id': (call) => {
    const [id = ''] = call.params;
    const number = call.sandbox.store.numbers.get(id);
    if (!number) throw notFound('phone_number_id', id);
    updateNumber(call.sandbox, number, controlInput(NumberChangesSchema, call));
    return numberControlView(call.sandbox, number);
  },
  'GET /templates': ({ sandbox, query }) => {
    const wabaId = query.get('waba_id');
    return [...sandbox.store.templates.values()]
      .filter((template) => !wabaId || template.wabaId === wabaId)
      .map((template) => ({ ...templateView(template), waba_id: template.wabaId }));
  },
  'POST /templates': (call) => {
    const input = controlInput(ControlTemplateSchema, call);
    const wabaId = wabaOf(call.sandbox, input.waba_id, input.phone_number_id);
    const template = checked(NewTemplateSchema, input);
    if (call.sandbox.store.findTemplate(wabaId, template.name, template.language)) {
      throw new ControlError(`name: ${template.name} already exists in ${template.language}`, 409);
    }
    return created({ ...templateView(createTemplate(call.sandbox, wabaId, template, input.status)), waba_id: wabaId });
  },
  'POST /templates/:id': (call) => {
    const [id = ''] = call.params;
    const template = call.sandbox.store.templates.get(id);
    if (!template) throw notFound('template id', id);
    const change = controlInput(TemplateStatusChangeSchema, call);
    const reason = change.reason ?? (change.status === 'REJECTED' ? 'INVALID_FORMAT' : 'NONE');
    setTemplateStatus(call.sandbox, template, change.status, reason);
    return { ...templateView(template), waba_id: template.wabaId };
  },
  'GET /customers': ({ sandbox, query }) => {
    const waId = query.get('wa_id');
    const customers = waId
      ? [sandbox.store.customers.get(waId)].filter((c) => c !== undefined)
      : [...sandbox.store.customers.values()];
    return customers.map(customerView);
  },
  'POST /customers': (call) => {
    const input = controlInput(CustomersSchema, call);
    const { store } = call.sandbox;
    const upserted = ('customers' in input ? input.customers : [input]).map((entry) => {
      const customer = store.customers.get(entry.wa_id) ?? store.newCustomer(entry.wa_id, entry.name);
      if (entry.name) customer.name = entry.name;
      if (entry.username) customer.username = entry.username;
      if (entry.hides_phone !== undefined) {
        if (entry.hides_phone && !customer.username) {
          throw new ControlError(`hides_phone: customer ${entry.wa_id} needs a username to hide the phone`, 400);
        }
        if (entry.hides_phone) customer.hidesPhone = true;
        else delete customer.hidesPhone;
      }
      if (entry.behaviour) customer.behaviour = { ...customer.behaviour, ...entry.behaviour };
      store.customers.set(customer.waId, customer);
      return customerView(customer);
    });
    store.changed();
    return created('customers' in input ? upserted : upserted[0]);
  },
  'GET /groups': ({ sandbox, query }) => {
    const numberId = query.get('phone_number_id');
    return [...sandbox.store.groups.values()]
      .filter((group) => !numberId || group.phoneNumberId === numberId)
      .map(groupControlView);
  },
};
