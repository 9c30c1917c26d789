import { z } from 'zod';
import { Id } from './auth.js';
import { PageRequest, textFilter } from './paging.js';

/**
 * The intake records of lead-intake orders (`order/adddetail, detaillist, deldetail`) and their
 * history of changes (`order/records`); the calls are in `orders.ts`.
 */

export const DETAIL_LIMITS = { note: 500 } as const;

const Time = z.iso.datetime({ offset: true });
/** A local day, `YYYY-MM-DD`. */
const Day = z.iso.date();

export const DETAIL_SOURCES = ['link', 'manual'] as const;
export const DetailSource = z.enum(DETAIL_SOURCES);
export type DetailSource = z.infer<typeof DetailSource>;

export const ORDER_RECORD_ACTIONS = [
  'create',
  'addshare',
  'delshare',
  'adddetail',
  'deldetail',
  'setaim',
  'resetaim',
  'resetorder',
  'sync',
] as const;
export const OrderRecordAction = z.enum(ORDER_RECORD_ACTIONS);
export type OrderRecordAction = z.infer<typeof OrderRecordAction>;

export const NewDetail = z.object({
  shareId: Id,
  contactId: Id,
  /** When the lead came in; absent: now. Must be inside the share's window. */
  at: Time.optional(),
  note: z.string().trim().max(DETAIL_LIMITS.note).default(''),
});
export type NewDetail = z.output<typeof NewDetail>;

export const DetailListRequest = PageRequest.extend({
  orderId: Id,
  filters: z
    .object({
      shareId: Id.nullish(),
      source: DetailSource.nullish(),
      /** Local days of the order, inclusive. */
      fromDay: Day.nullish(),
      toDay: Day.nullish(),
      /** Part of the contact's name or phone. */
      search: textFilter(64),
      /** Absent: the current period. */
      period: z.number().int().min(1).nullish(),
    })
    .prefault({}),
});
export type DetailListRequest = z.output<typeof DetailListRequest>;

export const IntakeDetail = z.object({
  id: Id,
  order_id: Id,
  share_id: Id,
  contact_id: Id,
  contact_name: z.string(),
  contact_wa_id: z.string(),
  conversation_id: Id.nullable(),
  source: DetailSource,
  period: z.number().int(),
  at: z.string(),
  /** The local day in the order's time zone it counts on. */
  day: z.string(),
  note: z.string(),
  created_by: Id.nullable(),
});
export type IntakeDetail = z.infer<typeof IntakeDetail>;

export const RecordListRequest = PageRequest.extend({ orderId: Id });

export const OrderRecord = z.object({
  id: Id,
  action: OrderRecordAction,
  by_user_id: Id.nullable(),
  by_name: z.string().nullable(),
  /** What changed: values before and after, counts, the rows named. */
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OrderRecord = z.infer<typeof OrderRecord>;
