import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { DetailListRequest, IntakeDetail, NewDetail, OrderRecord, RecordListRequest } from './order-details.js';
import { cappedPageOf, listRequestOf, pageOf, textFilter } from './paging.js';

/**
 * Lead-intake orders (specification `/api/order/*`, the `/marketingTasks/vermicelliOrder` screen,
 * decision 0020): a target number of new contacts over a period, split into shares owned by an
 * agent or a number, each with its own aims, time window and tracked click-to-chat link. Details
 * are the intake records: real new conversations that came through a share, once per order and
 * contact, counted per day in the order's time zone.
 */

const ORDER_ACCESS = ['admin', 'operator'] as const;

export const ORDER_STATES = ['scheduled', 'running', 'ended'] as const;
export const OrderState = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof OrderState>;

export const SHARE_OWNER_KINDS = ['agent', 'number'] as const;
export const ShareOwnerKind = z.enum(SHARE_OWNER_KINDS);
export type ShareOwnerKind = z.infer<typeof ShareOwnerKind>;

export const ORDER_LIMITS = { name: 100, message: 500, aim: 10_000_000 } as const;

const Aim = z.number().int().min(1).max(ORDER_LIMITS.aim);
const Time = z.iso.datetime({ offset: true });

/** An IANA time zone name (`Asia/Shanghai`), as the browser and PostgreSQL know it. */
export const TimeZoneName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be a time zone like Asia/Shanghai');

export const NewOrder = z.object({
  name: z.string().trim().min(1).max(ORDER_LIMITS.name),
  totalAim: Aim,
  dailyAim: Aim.nullish(),
  startsAt: Time,
  /** After `startsAt`. */
  endsAt: Time,
  /** Absent: the tenant's time zone. */
  timeZone: TimeZoneName.optional(),
});
export type NewOrder = z.output<typeof NewOrder>;

export const OrderId = z.object({ id: Id });
export const OrderIds = z.object({ ids: IdList });

export const OrderListRequest = listRequestOf({
  search: textFilter(ORDER_LIMITS.name),
  state: OrderState.nullish(),
});

export const IntakeOrder = z.object({
  id: Id,
  name: z.string(),
  total_aim: z.number().int(),
  daily_aim: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  /** From the clock: before the start, between start and end, after the end. */
  state: OrderState,
  /** The counting period (1, then one more for each `resetorder`) and when it began. */
  period: z.number().int(),
  period_started_at: z.string(),
  /** Leads of the current period, and of today (the order's local day). */
  leads: z.number().int(),
  today: z.object({ day: z.string(), leads: z.number().int() }),
  /** Shares not removed. */
  shares: z.number().int(),
  created_at: z.string(),
});
export type IntakeOrder = z.infer<typeof IntakeOrder>;

export const NewShare = z.object({
  orderId: Id,
  ownerKind: ShareOwnerKind,
  /** An agent (a user of the tenant) when `ownerKind` is agent. */
  ownerUserId: Id.optional(),
  /** A live number of the tenant when `ownerKind` is number. */
  numberId: Id.optional(),
  aim: Aim,
  dailyAim: Aim.nullish(),
  /** The share's window, inside the order's; absent: the order's start and end. */
  startsAt: Time.optional(),
  endsAt: Time.optional(),
  /** The text the visitor's WhatsApp opens with (the link adds its reference token after it). */
  message: z.string().trim().max(ORDER_LIMITS.message).default(''),
});
export type NewShare = z.output<typeof NewShare>;

export const ShareLink = z.object({
  slug: z.string(),
  /** `/l/{slug}`, on the console's own origin. */
  path: z.string(),
});
export type ShareLink = z.infer<typeof ShareLink>;

export const IntakeShare = z.object({
  id: Id,
  order_id: Id,
  owner_kind: ShareOwnerKind,
  /** The agent's user id or the number's id, and a name to show (nickname, or phone). */
  owner_id: Id,
  owner_name: z.string(),
  aim: z.number().int(),
  daily_aim: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  removed: z.boolean(),
  /** Leads of the order's current period, and of today. */
  leads: z.number().int(),
  today_leads: z.number().int(),
  /** The tracked click-to-chat link the share's leads come through; null until it has one. */
  link: ShareLink.nullable(),
  created_at: z.string(),
});
export type IntakeShare = z.infer<typeof IntakeShare>;

export const OrderDay = z.object({ day: z.string(), share_id: Id, leads: z.number().int() });
export type OrderDay = z.infer<typeof OrderDay>;

/** One order with its shares and its leads per local day and share (current period). */
export const OrderProgress = z.object({
  order: IntakeOrder,
  shares: z.array(IntakeShare),
  days: z.array(OrderDay),
});
export type OrderProgress = z.infer<typeof OrderProgress>;

/** Changes an order's aims (no `shareId`) or a share's; `dailyAim: null` removes the daily aim. */
export const SetAim = z
  .object({
    orderId: Id,
    shareId: Id.optional(),
    aim: Aim.optional(),
    dailyAim: Aim.nullish(),
  })
  .refine((body) => body.aim !== undefined || body.dailyAim !== undefined, {
    message: 'give aim or dailyAim',
    path: ['aim'],
  });
export type SetAim = z.output<typeof SetAim>;

export const SyncReply = z.object({
  /** Leads of the current period after the recount, and how many day counts it corrected. */
  leads: z.number().int(),
  corrected: z.number().int(),
  /** Link attributions of the order's shares that had no intake record yet and got one (0 unless the drain's step was missed). */
  added: z.number().int(),
});

export const QR_FORMATS = ['png', 'svg'] as const;

/**
 * `agid`: a share id (digits) for that share's link, or `agent-<userId>` for the agent's share in
 * its newest running order. A seat may ask only for its own shares and itself.
 */
export const QrQuery = z.object({
  agid: z
    .string()
    .trim()
    .regex(/^(agent-)?[1-9]\d{0,18}$/, 'must be a share id or agent-<user id>'),
  format: z.enum(QR_FORMATS).default('png'),
  /** Pixels of a PNG's side. */
  size: z.coerce.number().int().min(64).max(1024).default(256),
});
export type QrQuery = z.output<typeof QrQuery>;

const call = { tag: 'orders', access: ORDER_ACCESS } as const;

export const orderCalls = {
  orderCreate: defineCall({
    ...call,
    id: 'order.create',
    method: 'POST',
    path: '/api/order/create',
    summary:
      "Creates a lead-intake order: a total aim over a period, optionally a daily aim, counted in a time zone (the tenant's by default)",
    kind: 'create',
    body: NewOrder,
    reply: envelopeOf(IntakeOrder),
  }),
  orderList: defineCall({
    ...call,
    id: 'order.list',
    method: 'POST',
    path: '/api/order/list',
    summary: 'The orders, newest first, with their state and the leads of the current period and of today',
    kind: 'read',
    body: OrderListRequest,
    reply: envelopeOf(pageOf(IntakeOrder)),
  }),
  orderProgress: defineCall({
    ...call,
    id: 'order.progress',
    method: 'POST',
    path: '/api/order/progress',
    summary: 'One order with its shares, their links and aims, and the leads per local day and share',
    kind: 'read',
    body: OrderId,
    reply: envelopeOf(OrderProgress),
  }),
  orderDel: defineCall({
    ...call,
    id: 'order.del',
    method: 'POST',
    path: '/api/order/del',
    summary: 'Deletes orders with their shares, details and records',
    kind: 'delete',
    body: OrderIds,
    reply: envelopeOf(BatchReply),
  }),
  orderAddShare: defineCall({
    ...call,
    id: 'order.addshare',
    method: 'POST',
    path: '/api/order/addshare',
    summary: 'Adds a share owned by an agent or a number, with its aims and window; it gets its tracked link',
    kind: 'create',
    body: NewShare,
    reply: envelopeOf(IntakeShare),
  }),
  orderDelShare: defineCall({
    ...call,
    id: 'order.delshare',
    method: 'POST',
    path: '/api/order/delshare',
    summary: 'Removes shares: they take no new leads, their details stay counted',
    kind: 'delete',
    body: OrderIds,
    reply: envelopeOf(BatchReply),
  }),
  orderAddDetail: defineCall({
    ...call,
    id: 'order.adddetail',
    method: 'POST',
    path: '/api/order/adddetail',
    summary: 'Records a lead by hand (a contact who came through a share); once per order and contact; logged',
    kind: 'create',
    body: NewDetail,
    reply: envelopeOf(IntakeDetail),
  }),
  orderDetailList: defineCall({
    ...call,
    id: 'order.detaillist',
    method: 'POST',
    path: '/api/order/detaillist',
    summary: "An order's intake records, newest first, by share, source, local days, contact and period",
    kind: 'read',
    body: DetailListRequest,
    reply: envelopeOf(cappedPageOf(IntakeDetail)),
  }),
  orderDelDetail: defineCall({
    ...call,
    id: 'order.deldetail',
    method: 'POST',
    path: '/api/order/deldetail',
    summary: 'Removes wrong intake records; logged in the order records',
    kind: 'delete',
    body: OrderIds,
    reply: envelopeOf(BatchReply),
  }),
  orderSetAim: defineCall({
    ...call,
    id: 'order.setaim',
    method: 'POST',
    path: '/api/order/setaim',
    summary: "Changes the order's aims, or a share's (shareId)",
    kind: 'update',
    body: SetAim,
    reply: envelopeOf(OrderProgress),
  }),
  orderResetAim: defineCall({
    ...call,
    id: 'order.resetaim',
    method: 'POST',
    path: '/api/order/resetaim',
    summary: "Splits the order's total and daily aims evenly over its live shares",
    kind: 'update',
    body: OrderId,
    reply: envelopeOf(OrderProgress),
  }),
  orderResetOrder: defineCall({
    ...call,
    id: 'order.resetorder',
    method: 'POST',
    path: '/api/order/resetorder',
    summary: 'Starts a new counting period: aims count from zero, earlier details stay (and still deduplicate)',
    kind: 'action',
    body: OrderId,
    reply: envelopeOf(OrderProgress),
  }),
  orderSync: defineCall({
    ...call,
    id: 'order.sync',
    method: 'POST',
    path: '/api/order/sync',
    summary: "Recounts the order's per-day counts from its intake records",
    kind: 'action',
    body: OrderId,
    reply: envelopeOf(SyncReply),
  }),
  orderRecords: defineCall({
    ...call,
    id: 'order.records',
    method: 'POST',
    path: '/api/order/records',
    summary: "The order's history of changes, newest first",
    kind: 'read',
    body: RecordListRequest,
    reply: envelopeOf(pageOf(OrderRecord)),
  }),
  infoGetQr: defineCall({
    tag: 'orders',
    access: ['admin', 'operator', 'seat'],
    id: 'info.getqr',
    method: 'GET',
    path: '/api/info/getqr',
    summary:
      "The QR code (PNG or SVG) of a share's link, or of an agent's current share (agid=agent-<userId>); a seat only its own",
    kind: 'read',
    query: QrQuery,
    reply: z.string().describe('the QR code image'),
    file: { contentType: 'image/png' },
  }),
} as const;
