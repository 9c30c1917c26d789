import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { CustomerId } from './customers.js';
import { envelopeOf } from './envelope.js';
import { cappedPageOf, listRequestOf, textFilter } from './paging.js';

/**
 * The operation log (issue 21, decision 0029): one entry per call that changed something, written by
 * `route()`: who (user and the name they had then), what (the call's id, its `action`), on what
 * (`target`, the text the call gave), from where (`address`) and when.
 */
export const OperationLogEntry = z.object({
  id: Id,
  tenant_id: z.string(),
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  address: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type OperationLogEntry = z.infer<typeof OperationLogEntry>;

/** An action is a call's id (`tag.add`, `auth.login`). */
export const ActionName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must be an action name such as tag.add');

const ipv4Octets = /^(\d{1,3})(?:\.(\d{1,3}))?(?:\.(\d{1,3}))?\.?$/;

/**
 * An address filter as typed: one address (exact), a network (`10.1.0.0/16`, `2001:db8::/32`) or the
 * leading octets of an IPv4 address (`10.1` or `10.1.`, the network `10.1.0.0/16`). It arrives as a
 * network and whether it is one address.
 */
export const AddressFilter = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((text, context) => {
    if (!text) return undefined;
    if (z.ipv4().safeParse(text).success || z.ipv6().safeParse(text).success) return { network: text, exact: true };
    if (z.cidrv4().safeParse(text).success || z.cidrv6().safeParse(text).success) {
      return { network: text, exact: false };
    }
    const octets = ipv4Octets
      .exec(text)
      ?.slice(1)
      .filter((octet) => octet !== undefined);
    if (octets?.every((octet) => Number(octet) <= 255)) {
      const padded = [...octets, '0', '0', '0'].slice(0, 4).join('.');
      return { network: `${padded}/${octets.length * 8}`, exact: false };
    }
    context.addIssue({ code: 'custom', message: 'must be an IP address, a network such as 10.1.0.0/16, or 10.1' });
    return z.NEVER;
  });

export const OperationLogFilters = {
  /** The user's name, exactly (case does not matter). */
  username: textFilter(64),
  action: ActionName.nullish().transform((action) => action || undefined),
  /** Text anywhere in the target. */
  target: textFilter(200),
  address: AddressFilter,
  from: z.iso.datetime({ offset: true }).nullish(),
  to: z.iso.datetime({ offset: true }).nullish(),
  /** The platform admin's: one tenant's entries. Others always see their own tenant's. */
  tenantId: CustomerId.nullish(),
};
export const OperationLogListRequest = listRequestOf(OperationLogFilters);
export type OperationLogListRequest = z.infer<typeof OperationLogListRequest>;
export type OperationLogFilter = OperationLogListRequest['filters'];

export const OperationLogDownload = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  filters: z.object(OperationLogFilters).prefault({}),
});

/** How long entries stay in the log before the daily job archives them, and what it did last. */
export const OperationLogRetention = z.object({
  days: z.number().int(),
  archived: z.number().int(),
  /** The newest entry archived so far. */
  archived_through: z.string().nullable(),
  last_file: z.string().nullable(),
  last_run_at: z.string().nullable(),
  updated_at: z.string(),
});
export type OperationLogRetention = z.infer<typeof OperationLogRetention>;

export const MIN_RETENTION_DAYS = 7;
export const MAX_RETENTION_DAYS = 3650;
export const RetentionChange = z.object({
  days: z.number().int().min(MIN_RETENTION_DAYS).max(MAX_RETENTION_DAYS),
});

const readers = ['admin', 'operator'] as const;
const admin = ['admin'] as const;

export const operationLogCalls = {
  operationList: defineCall({
    id: 'operation.list',
    method: 'POST',
    path: '/api/operation/list',
    tag: 'operation-log',
    summary: 'The operation log, newest first: the tenant’s, or every tenant’s for the platform admin',
    access: readers,
    acrossTenants: true,
    kind: 'read',
    body: OperationLogListRequest,
    reply: envelopeOf(cappedPageOf(OperationLogEntry)),
  }),
  operationDown: defineCall({
    id: 'operation.down',
    method: 'POST',
    path: '/api/operation/down',
    tag: 'operation-log',
    summary: 'The filtered operation log as CSV (UTF-8 with BOM) or XLSX, newest first',
    access: readers,
    acrossTenants: true,
    kind: 'action',
    body: OperationLogDownload,
    file: { contentType: 'text/csv; charset=utf-8' },
    reply: z.string().describe('CSV or XLSX with a header row'),
  }),
  operationRetention: defineCall({
    id: 'operation.retention',
    method: 'GET',
    path: '/api/operation/retention',
    tag: 'operation-log',
    summary: 'How many days entries stay before they are archived, and the archive job’s progress — platform admin',
    access: admin,
    kind: 'read',
    reply: envelopeOf(OperationLogRetention),
  }),
  operationSetRetention: defineCall({
    id: 'operation.setretention',
    method: 'POST',
    path: '/api/operation/setretention',
    tag: 'operation-log',
    summary: 'Set the retention in days (7 to 3650) — platform admin',
    access: admin,
    kind: 'update',
    body: RetentionChange,
    reply: envelopeOf(OperationLogRetention),
  }),
} as const;
