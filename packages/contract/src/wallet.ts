import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf } from './paging.js';
import {
  Day,
  MoneyAmount,
  MoneyAmountOrZero,
  NewPriceMarket,
  NewPriceRate,
  PriceBook,
  PriceMarket,
  PriceRate,
} from './pricing.js';

/**
 * The tenant wallet (issue 20, decision 0026): a double-entry ledger in integer units — money in
 * micro-units of USD (1 USD = 1 000 000), translation in characters, group invites in invites.
 * Amounts travel as integers, never floating point; money the user types is a decimal string.
 */
export const LEDGER_KINDS = [
  'top_up',
  'translation_usage',
  'message_cost',
  'port_purchase',
  'refund',
  'adjustment',
  'hold',
  'capture',
  'void',
  'invite_credit',
  'invite_usage',
] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

export const LEDGER_UNITS = ['usd_micros', 'chars', 'invites'] as const;
export const LedgerUnit = z.enum(LEDGER_UNITS);
export type LedgerUnit = z.infer<typeof LedgerUnit>;

export const PORT_KINDS = ['number', 'seat'] as const;
export const PortKind = z.enum(PORT_KINDS);
export type PortKind = z.infer<typeof PortKind>;

const TenantId = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be a tenant id');
/** A client-made key of one request: the same key again changes nothing (a retried request never charges twice). */
export const RequestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');
const Remark = z.string().trim().max(255).default('');

/** The platform admin credits a tenant's wallet (money), translation characters or group invites. */
export const MoneyCredit = z.object({ tenantId: TenantId, amount: MoneyAmount, requestId: RequestId, remark: Remark });
export const QuotaCredit = z.object({
  tenantId: TenantId,
  amount: z.number().int().min(1).max(1_000_000_000_000),
  requestId: RequestId,
  remark: Remark,
});
export const CreditReply = z.object({
  transaction_id: Id,
  /** False when the request id had been posted before: nothing changed. */
  posted: z.boolean(),
  balance: z.number().int(),
});
export type CreditReply = z.infer<typeof CreditReply>;

/** Day range of a list (both inclusive, UTC days); the platform admin may name one tenant. */
const DayFilters = {
  from: Day.optional(),
  to: Day.optional(),
  tenantId: TenantId.optional(),
};
export const LedgerListRequest = listRequestOf(DayFilters);
export type LedgerListRequest = z.infer<typeof LedgerListRequest>;

/** One posting: a top-up, a charge. `amount` is the change of the tenant's balance in `unit`. */
export const LedgerRecord = z.object({
  id: Id,
  tenant_id: z.string(),
  kind: LedgerKind,
  unit: LedgerUnit,
  amount: z.number().int(),
  quantity: z.number().int(),
  category: z.string().nullable(),
  country: z.string().nullable(),
  number_id: z.string().nullable(),
  memo: z.string(),
  created_at: z.string(),
});
export type LedgerRecord = z.infer<typeof LedgerRecord>;

/** Usage of one day by kind, category, recipient country and number (the daily roll-up). */
export const UsageRecord = z.object({
  tenant_id: z.string(),
  day: z.string(),
  kind: LedgerKind,
  category: z.string(),
  country: z.string(),
  number_id: z.string().nullable(),
  transactions: z.number().int(),
  quantity: z.number().int(),
  /** Change of the balance (negative: charged). */
  amount: z.number().int(),
});
export type UsageRecord = z.infer<typeof UsageRecord>;

export const WalletInfo = z.object({
  tenant_id: z.string(),
  /** The tenant's plan, expiry and limits as the platform administration sets them (null until it does). */
  plan: z.string().nullable(),
  expires_at: z.string().nullable(),
  contact_limit: z.number().int().nullable(),
  mass_allowed: z.boolean().nullable(),
  prepaid: z.boolean(),
  /** Wallet plus held money. */
  balance: z.number().int(),
  held: z.number().int(),
  /** What new sends may use: balance minus holds. */
  available: z.number().int(),
  low_balance_threshold: z.number().int(),
  low_balance: z.boolean(),
  translation_chars: z.number().int(),
  invites: z.number().int(),
  number_slots: z.number().int(),
  seat_slots: z.number().int(),
});
export type WalletInfo = z.infer<typeof WalletInfo>;

/** Whose wallet: the caller's own tenant unless the platform admin names a customer. */
export const WalletInfoRequest = z.object({ tenantId: TenantId.optional() });

export const WalletSettings = z.object({
  /** Platform admin only. */
  tenantId: TenantId.optional(),
  prepaid: z.boolean().optional(),
  lowBalance: MoneyAmountOrZero.optional(),
});

export const PortPurchase = z.object({
  id: Id,
  tenant_id: z.string(),
  kind: PortKind,
  slots: z.number().int(),
  amount: z.number().int(),
  days: z.number().int(),
  remark: z.string(),
  created_at: z.string(),
});
export type PortPurchase = z.infer<typeof PortPurchase>;
export const NewPortPurchase = z.object({
  tenantId: TenantId,
  kind: PortKind,
  slots: z.number().int().min(1).max(100_000),
  amount: MoneyAmountOrZero,
  days: z.number().int().min(1).max(3660).default(30),
  requestId: RequestId,
  remark: Remark,
});

/** Which wallet list an export or a summary is of. */
export const LEDGER_VIEWS = ['flowcharge', 'flowuse', 'transcharge', 'transuse', 'pulluse', 'chargelist'] as const;
export const LedgerView = z.enum(LEDGER_VIEWS);
export type LedgerView = z.infer<typeof LedgerView>;

export const LedgerDownload = z.object({
  view: LedgerView,
  format: z.enum(['csv', 'xlsx']).default('csv'),
  filters: z.object(DayFilters).prefault({}),
});

/** Usage of a range from the daily roll-up: per day, and per category, country and number. */
export const UsageSummaryRequest = z.object({
  /** What a usage screen counts: money, translation characters or group invites. */
  unit: LedgerUnit,
  filters: z.object(DayFilters).prefault({}),
});
const Total = z.object({ key: z.string(), quantity: z.number().int(), amount: z.number().int() });
export const UsageSummary = z.object({
  days: z.array(z.object({ day: z.string(), quantity: z.number().int(), amount: z.number().int() })),
  by_category: z.array(Total),
  by_country: z.array(Total),
  by_number: z.array(Total),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

export const LEDGER_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const tenantRead = ['admin', 'operator'] as const;
const admin = ['admin'] as const;
const list = <const I extends string, const P extends string, R extends z.ZodType>(
  id: I,
  path: P,
  summary: string,
  record: R,
) =>
  defineCall({
    id,
    method: 'POST',
    path,
    tag: 'billing',
    summary,
    access: tenantRead,
    acrossTenants: true,
    kind: 'read',
    body: LedgerListRequest,
    reply: envelopeOf(cappedPageOf(record)),
  });
const credit = <const I extends string, const P extends string, B extends z.ZodType>(
  id: I,
  path: P,
  summary: string,
  body: B,
) =>
  defineCall({
    id,
    method: 'POST',
    path,
    tag: 'billing',
    summary,
    access: admin,
    acrossTenants: true,
    kind: 'action',
    body,
    reply: envelopeOf(CreditReply),
  });

export const walletCalls = {
  flowCharge: list(
    'consume.flowcharge',
    '/api/consume/flowcharge',
    'Money top-ups of the wallet, newest first',
    LedgerRecord,
  ),
  flowUse: list(
    'consume.flowuse',
    '/api/consume/flowuse',
    'Money used per day, category, country and number',
    UsageRecord,
  ),
  transCharge: list('consume.transcharge', '/api/consume/transcharge', 'Translation character top-ups', LedgerRecord),
  transUse: list(
    'consume.transuse',
    '/api/consume/transuse',
    'Translation characters used per day and number',
    UsageRecord,
  ),
  pullUse: list(
    'consume.pulluse',
    '/api/consume/pulluse',
    'Group invites used per day (the quota `addpull` credits)',
    UsageRecord,
  ),
  addFlow: credit(
    'consume.addflow',
    '/api/consume/addflow',
    'Credit a tenant’s wallet (traffic money) — platform admin',
    MoneyCredit,
  ),
  addTrans: credit(
    'consume.addtrans',
    '/api/consume/addtrans',
    'Credit a tenant translation characters — platform admin',
    QuotaCredit,
  ),
  addPull: credit(
    'consume.addpull',
    '/api/consume/addpull',
    'Credit a tenant group-invite quota — platform admin',
    QuotaCredit,
  ),
  charge: credit('auth.charge', '/api/auth/charge', 'Credit a customer’s wallet — platform admin', MoneyCredit),
  usageSummary: defineCall({
    id: 'consume.summary',
    method: 'POST',
    path: '/api/consume/summary',
    tag: 'billing',
    summary: 'Usage of a range per day, category, country and number (for the charts)',
    access: tenantRead,
    acrossTenants: true,
    kind: 'read',
    body: UsageSummaryRequest,
    reply: envelopeOf(UsageSummary),
  }),
  ledgerDown: defineCall({
    id: 'consume.down',
    method: 'POST',
    path: '/api/consume/down',
    tag: 'billing',
    summary: 'A wallet list (top-ups, usage, charges) as CSV (UTF-8 with BOM) or XLSX',
    access: tenantRead,
    acrossTenants: true,
    kind: 'action',
    body: LedgerDownload,
    file: { contentType: LEDGER_CONTENT_TYPES.csv },
    reply: z.string().describe('CSV or XLSX with a header row'),
  }),
  vipInfo: defineCall({
    id: 'vip.info',
    method: 'GET',
    path: '/api/vip/info',
    tag: 'billing',
    summary:
      'The wallet: balance, holds, available balance, quotas and slots (the caller’s, or the customer the platform admin names)',
    access: tenantRead,
    acrossTenants: true,
    kind: 'read',
    query: WalletInfoRequest,
    reply: envelopeOf(WalletInfo),
  }),
  vipSettings: defineCall({
    id: 'vip.settings',
    method: 'POST',
    path: '/api/vip/settings',
    tag: 'billing',
    summary: 'The low-balance threshold (the tenant), prepaid (the platform admin)',
    access: tenantRead,
    acrossTenants: true,
    kind: 'update',
    body: WalletSettings,
    reply: envelopeOf(WalletInfo),
  }),
  allPay: list('vip.allpay', '/api/vip/allpay', 'Number and seat slots bought', PortPurchase),
  chargeList: list('vip.chargelist', '/api/vip/chargelist', 'Every money posting of the wallet', LedgerRecord),
  addPay: defineCall({
    id: 'vip.addpay',
    method: 'POST',
    path: '/api/vip/addpay',
    tag: 'billing',
    summary: 'Record slots a tenant bought, charged to its wallet — platform admin',
    access: admin,
    acrossTenants: true,
    kind: 'create',
    body: NewPortPurchase,
    reply: envelopeOf(PortPurchase),
  }),
  delPay: defineCall({
    id: 'vip.delpay',
    method: 'POST',
    path: '/api/vip/delpay',
    tag: 'billing',
    summary: 'Cancel a slot purchase and refund its amount — platform admin',
    access: admin,
    acrossTenants: true,
    kind: 'delete',
    body: z.object({ id: Id, tenantId: TenantId }),
    reply: envelopeOf(PortPurchase),
  }),
  priceList: defineCall({
    id: 'price.list',
    method: 'POST',
    path: '/api/price/list',
    tag: 'billing',
    summary: 'The price book: rates and country markets, newest first',
    access: tenantRead,
    kind: 'read',
    body: z.object({}),
    reply: envelopeOf(PriceBook),
  }),
  priceAdd: defineCall({
    id: 'price.add',
    method: 'POST',
    path: '/api/price/add',
    tag: 'billing',
    summary: 'Add a rate from a date on — platform admin',
    access: admin,
    kind: 'create',
    body: NewPriceRate,
    reply: envelopeOf(PriceRate),
  }),
  priceMarket: defineCall({
    id: 'price.market',
    method: 'POST',
    path: '/api/price/market',
    tag: 'billing',
    summary: 'Place a country in a market from a date on — platform admin',
    access: admin,
    kind: 'create',
    body: NewPriceMarket,
    reply: envelopeOf(PriceMarket),
  }),
} as const;
