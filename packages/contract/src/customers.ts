import { z } from 'zod';
import { Customer, CustomerFilter, Nickname, Password, Username } from './auth.js';
import { defineCall } from './call.js';
import { CalendarDay } from './census.js';
import { envelopeOf } from './envelope.js';
import { pageOf } from './paging.js';
import { WalletInfo } from './wallet.js';

/**
 * Platform administration of customers (issue 20, decision 0027): the platform admin runs each
 * customer tenant's plan, expiry, limits and platform-enforced settings. Every call is the
 * platform admin's only and reads across tenants; every change is in the operation log.
 */

/** A customer's plan: a label the platform sells; the limits below are set per tenant. */
export const PLANS = ['trial', 'standard', 'professional', 'enterprise'] as const;
export const Plan = z.enum(PLANS);
export type Plan = z.infer<typeof Plan>;

/**
 * Where a customer stands: usable, disabled and waiting for its deletion, being deleted now, or
 * deleted with only its wallet ledger kept.
 */
export const CUSTOMER_STATES = ['active', 'disabled', 'deleting', 'deleted'] as const;
export const CustomerState = z.enum(CUSTOMER_STATES);

/** A customer tenant's id: six digits (the platform's own tenant is never one). */
export const CustomerId = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be a six-digit tenant id');

export const CustomerRef = z.object({ tenantId: CustomerId });
/** The most contacts a tenant may hold; null for no limit. */
export const ContactLimit = z.number().int().min(0).max(1_000_000_000).nullable();
export const MAX_RENEW_DAYS = 3650;
export const MAX_GRACE_DAYS = 90;
export const DEFAULT_GRACE_DAYS = 7;

export const NewCustomer = z.object({
  username: Username,
  password: Password,
  nickname: Nickname.optional(),
  plan: Plan.default('standard'),
  /** Days from now until the customer expires; none for no expiry. */
  days: z.number().int().min(1).max(MAX_RENEW_DAYS).optional(),
  contactLimit: ContactLimit.default(null),
  mass: z.boolean().default(true),
});
export const CustomerDeletion = CustomerRef.extend({
  /** Days the tenant stays disabled (and may be restored by the database) before its data is deleted. */
  graceDays: z.number().int().min(0).max(MAX_GRACE_DAYS).default(DEFAULT_GRACE_DAYS),
  /** Write the tenant's data set (CSV files) to the data directory first; `auth/exports` lists it. */
  exportData: z.boolean().default(false),
});
export const CustomerPasswordReset = CustomerRef.extend({ password: Password });
export const CustomerContactLimit = CustomerRef.extend({ limit: ContactLimit });
export const CustomerMass = CustomerRef.extend({ mass: z.boolean() });
export const CustomerPlan = CustomerRef.extend({ plan: Plan });
/** Days added to the expiry, or `until`: the expiry itself (now or past ends the service at once). */
export const CustomerRenewal = CustomerRef.extend({
  days: z.number().int().min(1).max(MAX_RENEW_DAYS).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
}).refine((renewal) => (renewal.days === undefined) !== (renewal.until === undefined), {
  message: 'give either days or until',
  path: ['days'],
});
export const CustomerForce = CustomerRef.extend({ force: z.boolean() });
export const CustomerReadReceipts = CustomerRef.extend({ readReceipts: z.boolean() });
export const MessagePurgeRequest = CustomerRef.extend({
  /** Messages created before this UTC day (00:00) are purged. */
  before: CalendarDay,
});

/** Usage from roll-ups: live numbers and seats (small tables), contacts and messages from their tallies. */
export const CustomerUsage = z.object({
  numbers: z.number().int(),
  contacts: z.number().int(),
  seats: z.number().int(),
  /** Messages sent and received, all time (number_daily_count). */
  messages: z.number().int(),
  /** Messages sent and received in the last 30 UTC days, today included. */
  messages_30d: z.number().int(),
});
export const CustomerSettings = z.object({
  tenant_id: z.string(),
  plan: Plan,
  /** Null: never expires. */
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  contact_limit: z.number().int().nullable(),
  mass: z.boolean(),
  force_translate: z.boolean(),
  read_receipts: z.boolean(),
  state: CustomerState,
  /** When a disabled tenant's data is deleted. */
  delete_after: z.string().nullable(),
  /** Where the export made before the deletion lies, in the data directory (null: none asked or not written yet). */
  export_path: z.string().nullable(),
});
/** A row of the customers list: the tenant, its owner and where it stands. */
export const CustomerRow = Customer.extend({
  plan: Plan,
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  state: CustomerState,
});
export type CustomerRow = z.infer<typeof CustomerRow>;
export const CustomerDetails = CustomerRow.extend(CustomerSettings.shape).extend({
  usage: CustomerUsage,
  /** The customer's wallet (decision 0026): balance, holds, quotas; credited through `auth/charge`. */
  wallet: WalletInfo,
});
export type CustomerDetails = z.infer<typeof CustomerDetails>;
export const ForceSetting = z.object({ tenant_id: z.string(), force: z.boolean() });
export const ReadReceiptSetting = z.object({ tenant_id: z.string(), read_receipts: z.boolean() });

/** The caller's own tenant as the platform set it up: what an operator's account page shows. */
export const AccountPlan = CustomerSettings.pick({
  tenant_id: true,
  plan: true,
  expires_at: true,
  expired: true,
  contact_limit: true,
  mass: true,
});

export const PURGE_STATES = ['running', 'done'] as const;
export const MessagePurge = z.object({
  tenant_id: z.string(),
  before: z.string(),
  status: z.enum(PURGE_STATES),
  run_no: z.number().int(),
  deleted: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

export const PlatformTotals = z.object({
  customers: z.number().int(),
  active_customers: z.number().int(),
  expired_customers: z.number().int(),
  numbers: z.number().int(),
  contacts: z.number().int(),
  seats: z.number().int(),
  messages: z.number().int(),
  messages_today: z.number().int(),
  /** The customers' wallets (micro-units): balance (wallet plus holds) and holds, summed. */
  wallet_balance: z.number().int(),
  wallet_held: z.number().int(),
  /** Customers whose available balance is under the low-balance threshold they set. */
  low_balance_customers: z.number().int(),
});
export const JobRestart = z.object({
  tenant_id: z.string(),
  /** Jobs that had used up their attempts (failed for good) and now run again. */
  failed: z.number().int(),
  /** Jobs locked by a worker for longer than the stuck age, unlocked to run again. */
  stuck: z.number().int(),
});
export const JOB_STUCK_MINUTES = 30;

/** A deletion's export folder: `<tenant>-<UTC time>`, as `deletecus` with `exportData` writes it. */
export const ExportFolder = z
  .string()
  .trim()
  .regex(/^\d{6}-\d{8}-\d{6}$/, 'must be an export folder (tenant-YYYYMMDD-HHMMSS)');
/** One file of an export: a CSV named after its part of the data set. */
export const ExportFileName = z
  .string()
  .trim()
  .regex(/^[a-z_]{1,64}\.csv$/, 'must be an export file name (e.g. contacts.csv)');
export const CustomerExport = z.object({
  folder: z.string(),
  /** When the export was written (from its folder's name, to the second). */
  created_at: z.string(),
  files: z.array(z.object({ name: z.string(), bytes: z.number().int() })),
});
export type CustomerExport = z.infer<typeof CustomerExport>;
export const CustomerExportFileRef = CustomerRef.extend({ folder: ExportFolder, file: ExportFileName });
export const EXPORT_FILE_TYPE = 'text/csv; charset=utf-8';

const admin = { access: ['admin'], acrossTenants: true, tag: 'customers' } as const;
const adminPost = <B extends z.ZodType, R extends z.ZodType>(
  name: string,
  summary: string,
  kind: 'create' | 'update' | 'delete' | 'action',
  body: B,
  reply: R,
) =>
  defineCall({
    ...admin,
    id: `auth.${name}`,
    method: 'POST',
    path: `/api/auth/${name}`,
    summary,
    kind,
    body,
    reply: envelopeOf(reply),
  });
const adminGet = <R extends z.ZodType>(name: string, summary: string, reply: R) =>
  defineCall({
    ...admin,
    id: `auth.${name}`,
    method: 'GET',
    path: `/api/auth/${name}`,
    summary,
    kind: 'read',
    query: CustomerRef,
    reply: envelopeOf(reply),
  });

export const customerCalls = {
  customers: defineCall({
    ...admin,
    id: 'auth.list',
    method: 'POST',
    path: '/api/auth/list',
    summary: 'Customers (tenants with their owner, plan, expiry and state), newest first',
    kind: 'read',
    body: CustomerFilter,
    reply: envelopeOf(pageOf(CustomerRow)),
  }),
  addCustomer: adminPost(
    'addcustomer',
    'Create a customer: a tenant with its owner operator, plan, expiry and limits',
    'create',
    NewCustomer,
    CustomerDetails,
  ),
  deleteCustomer: adminPost(
    'deletecus',
    'Disable a customer at once (its sessions end, sign-in refused) and delete its data after the grace days; with exportData its data set is written out first as CSV files (auth/exports, auth/exportfile)',
    'delete',
    CustomerDeletion,
    CustomerSettings,
  ),
  resetCustomerPassword: adminPost(
    'resetpassword',
    "Set a customer owner's password; its sessions end",
    'update',
    CustomerPasswordReset,
    z.null(),
  ),
  customerContactLimit: adminPost(
    'fanslimit',
    'The most contacts a customer may hold (null: no limit); imports stop at it',
    'update',
    CustomerContactLimit,
    CustomerSettings,
  ),
  customerMass: adminPost('mass', 'Whether a customer may start campaigns', 'update', CustomerMass, CustomerSettings),
  customerPlan: adminPost('acctype', "A customer's plan", 'update', CustomerPlan, CustomerSettings),
  renewCustomer: adminPost(
    'renew',
    'Extend the expiry by days (from the current expiry, or from now when already expired), or set it (`until`)',
    'update',
    CustomerRenewal,
    CustomerSettings,
  ),
  setForce: adminPost(
    'setforce',
    'Forced translation: every conversation of the customer translates, and agents cannot turn it off',
    'update',
    CustomerForce,
    ForceSetting,
  ),
  getForce: adminGet('getforce', "Whether a customer's conversations are always translated", ForceSetting),
  setReadReceipts: adminPost(
    'setreadgm',
    "Read receipts: whether an agent opening a customer's conversation tells the contact it was read",
    'update',
    CustomerReadReceipts,
    ReadReceiptSetting,
  ),
  getReadReceipts: adminGet('getreadgm', "Whether a customer's agents send read receipts", ReadReceiptSetting),
  clearMessages: adminPost(
    'clearmsg',
    "Purge a customer's messages created before a day, by a job in chunks (a new purge replaces a running one)",
    'action',
    MessagePurgeRequest,
    MessagePurge,
  ),
  getCustomer: adminGet('getcustomer', 'One customer with its settings and usage', CustomerDetails),
  customerExports: adminGet(
    'exports',
    "A customer's deletion exports, newest first, with their files and sizes (also after its deletion)",
    z.array(CustomerExport),
  ),
  customerExportFile: defineCall({
    ...admin,
    id: 'auth.exportfile',
    method: 'GET',
    path: '/api/auth/exportfile',
    summary: "One file of a customer's deletion export, streamed as written",
    kind: 'action',
    query: CustomerExportFileRef,
    file: { contentType: EXPORT_FILE_TYPE },
    reply: z.string().describe('The CSV file (UTF-8 with BOM, a header row)'),
  }),
  platformTotals: defineCall({
    ...admin,
    id: 'auth.data',
    method: 'GET',
    path: '/api/auth/data',
    summary: "Platform totals from roll-ups: customers, numbers, contacts, seats, messages, the customers' wallets",
    kind: 'read',
    reply: envelopeOf(PlatformTotals),
  }),
  accountPlan: defineCall({
    id: 'auth.plan',
    method: 'GET',
    path: '/api/auth/plan',
    tag: 'customers',
    summary: "The caller's own plan, expiry and limits (set by the platform admin)",
    access: 'signed-in',
    kind: 'read',
    reply: envelopeOf(AccountPlan),
  }),
  restartJobs: defineCall({
    ...admin,
    id: 'auth.restart',
    method: 'GET',
    path: '/api/auth/restart',
    summary: `Run a customer's failed jobs again and unlock its jobs locked for over ${JOB_STUCK_MINUTES} minutes`,
    kind: 'action',
    query: CustomerRef,
    reply: envelopeOf(JobRestart),
  }),
} as const;
