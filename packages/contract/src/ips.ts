import { z } from 'zod';
import { Id, IdList } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { DEFAULT_PAGE_SIZE, listRequestOf, PAGE_SIZES, PageRequest, pageOf } from './paging.js';

/**
 * Egress IPs: outbound proxies through which the server reaches the Cloud API, for networks that
 * cannot reach it directly. `system` IPs and groups belong to the platform and every tenant may
 * use them (only the platform admin changes them, and only the admin sees their credentials);
 * `own` ones belong to the caller's tenant.
 */
export const IP_SCOPES = ['system', 'own'] as const;
export const IpScope = z.enum(IP_SCOPES);
export type IpScope = z.infer<typeof IpScope>;

export const IP_PROTOCOLS = ['http', 'https'] as const;
export const IpProtocol = z.enum(IP_PROTOCOLS);
export type IpProtocol = z.infer<typeof IpProtocol>;

/** The spec's constant: the console loads every group for its selects as page 1 of 100000. */
export const ALL_GROUPS_PAGE_SIZE = 100_000;
/** The most IPs one health check may name; each check may take up to 10 s. */
export const MAX_IP_CHECKS = 50;
/** The most lines one bulk paste may hold. */
export const MAX_IP_LINES = 1_000;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const ipv6 = z.ipv6();

/** A host name (RFC 1123, not all digits) or an IPv4 or IPv6 address, lower case, IPv6 without brackets. */
export function isProxyHost(host: string): boolean {
  if (IPV4.test(host)) return true;
  if (host.includes(':')) return ipv6.safeParse(host).success;
  if (host.length > 253) return false;
  const labels = host.split('.');
  // An all-digit name is a mistyped IPv4 address, not a host name.
  if (labels.every((label) => /^\d+$/.test(label))) return false;
  return labels.every((label) => HOST_LABEL.test(label));
}

export const ProxyHost = z
  .string()
  .trim()
  .toLowerCase()
  .transform((host) => host.replace(/^\[(.*)\]$/, '$1'))
  .refine(isProxyHost, 'must be a host name or an IP address');
export const ProxyPort = z.number().int().min(1).max(65_535);
export const ProxyUsername = z
  .string()
  .trim()
  .max(128)
  .regex(/^[^\s:]*$/, 'must not contain spaces or colons');
export const ProxyPassword = z.string().max(256);
export const IpRemark = z.string().trim().max(255);
export const IpGroupName = z.string().trim().min(1).max(64);

export interface ProxyAddress {
  protocol: IpProtocol;
  host: string;
  port: number;
  username: string;
  password: string | null;
}

/** `protocol://user:pass@host:port`, the form undici's ProxyAgent takes (credentials percent-encoded). */
export function proxyUrlOf(address: ProxyAddress): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  const credentials = address.username
    ? `${encodeURIComponent(address.username)}${address.password ? `:${encodeURIComponent(address.password)}` : ''}@`
    : '';
  return `${address.protocol}://${credentials}${host}:${address.port}`;
}

const scope = IpScope.default('own');

export const IpGroupListRequest = PageRequest.extend({
  scope,
  pageSize: z
    .number()
    .int()
    .refine((size) => size === ALL_GROUPS_PAGE_SIZE || (PAGE_SIZES as readonly number[]).includes(size), {
      message: `must be one of ${[...PAGE_SIZES, ALL_GROUPS_PAGE_SIZE].join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
});
export type IpGroupListRequest = z.infer<typeof IpGroupListRequest>;

export const IpGroup = z.object({
  id: Id,
  scope: IpScope,
  name: z.string(),
  remark: z.string(),
  /** IPs in the group. */
  ip_count: z.number().int(),
  created_at: z.string(),
});
export type IpGroup = z.infer<typeof IpGroup>;

export const NewIpGroup = z.object({ scope, name: IpGroupName, remark: IpRemark.default('') });
export const IpGroupEdit = z
  .object({ scope, id: Id, name: IpGroupName.optional(), remark: IpRemark.optional() })
  .refine((edit) => edit.name !== undefined || edit.remark !== undefined, {
    path: ['name'],
    message: 'name or remark is required',
  });
export const IpIds = z.object({ scope, ids: IdList });
export const DeletedIpGroups = BatchReply.extend({
  /** IPs of the deleted groups, now in no group. */
  ungrouped: z.number().int(),
});
export type NewIpGroup = z.infer<typeof NewIpGroup>;
export type IpGroupEdit = z.infer<typeof IpGroupEdit>;
export type IpIds = z.infer<typeof IpIds>;
export type DeletedIpGroups = z.infer<typeof DeletedIpGroups>;

export const IpListRequest = listRequestOf({
  /** A group's IPs; null: IPs in no group; absent: every IP. */
  groupId: Id.nullable().optional(),
  /** Part of the host or the remark. */
  search: z.string().trim().max(100).optional(),
  enabled: z.boolean().optional(),
}).extend({ scope });
export type IpListRequest = z.infer<typeof IpListRequest>;

export const IpCheck = z.object({
  checked_at: z.string(),
  ok: z.boolean(),
  /** Round trip through the proxy to the Cloud API, in milliseconds. */
  ms: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type IpCheck = z.infer<typeof IpCheck>;

export const EgressIp = z.object({
  id: Id,
  scope: IpScope,
  protocol: IpProtocol,
  host: z.string(),
  port: z.number().int(),
  /** null: hidden (system IPs seen by an operator). */
  username: z.string().nullable(),
  /** The password itself is never returned; null: hidden. */
  has_password: z.boolean().nullable(),
  group: z.object({ id: Id, name: z.string() }).nullable(),
  enabled: z.boolean(),
  remark: z.string(),
  /** Numbers not in the recycle bin that use it (for system IPs seen by an operator: the operator's). */
  numbers: z.number().int(),
  check: IpCheck.nullable(),
  created_at: z.string(),
});
export type EgressIp = z.infer<typeof EgressIp>;

/**
 * One IP, or a bulk paste in `lines`: one proxy per line as `host:port[:user:pass]`
 * (`[ipv6]:port...`) or `http(s)://user:pass@host:port`; protocol, group and remark apply to all.
 */
export const NewEgressIps = z
  .object({
    scope,
    protocol: IpProtocol.default('http'),
    host: ProxyHost.optional(),
    port: ProxyPort.optional(),
    username: ProxyUsername.default(''),
    password: ProxyPassword.optional(),
    groupId: Id.nullable().optional(),
    remark: IpRemark.default(''),
    lines: z.string().max(200_000).optional(),
  })
  .superRefine((input, context) => {
    if (input.lines !== undefined) return;
    if (input.host === undefined) context.addIssue({ code: 'custom', path: ['host'], message: 'is required' });
    if (input.port === undefined) context.addIssue({ code: 'custom', path: ['port'], message: 'is required' });
  });
export type NewEgressIps = z.infer<typeof NewEgressIps>;

export const IpLineError = z.object({ line: z.number().int(), text: z.string(), message: z.string() });
export const AddedEgressIps = z.object({
  ids: z.array(Id),
  /** Bulk lines that were not added, with the reason. */
  errors: z.array(IpLineError),
});
export type IpLineError = z.infer<typeof IpLineError>;
export type AddedEgressIps = z.infer<typeof AddedEgressIps>;

export const EgressIpEdit = z
  .object({
    scope,
    id: Id,
    protocol: IpProtocol.optional(),
    host: ProxyHost.optional(),
    port: ProxyPort.optional(),
    username: ProxyUsername.optional(),
    /** A new password; null or '' removes it; absent keeps it. */
    password: ProxyPassword.nullable().optional(),
    remark: IpRemark.optional(),
  })
  .refine((edit) => Object.keys(edit).some((key) => key !== 'scope' && key !== 'id'), {
    path: ['id'],
    message: 'nothing to change',
  });
export type EgressIpEdit = z.infer<typeof EgressIpEdit>;

export const DeletedEgressIps = BatchReply.extend({
  /** Numbers that used the deleted IPs and now have none. */
  numbers_unassigned: z.number().int(),
});
export type DeletedEgressIps = z.infer<typeof DeletedEgressIps>;

export const EgressIpManage = z
  .object({
    scope,
    ids: IdList,
    /** Move to this group; null: out of any group. */
    groupId: Id.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((manage) => manage.groupId !== undefined || manage.enabled !== undefined, {
    path: ['groupId'],
    message: 'groupId or enabled is required',
  });
export type EgressIpManage = z.infer<typeof EgressIpManage>;

export const IpCheckRequest = z.object({
  scope,
  ids: IdList.refine((ids) => ids.length <= MAX_IP_CHECKS, `at most ${MAX_IP_CHECKS} IPs at a time`),
});
export const IpCheckResult = IpCheck.extend({ id: Id });
export type IpCheckRequest = z.infer<typeof IpCheckRequest>;
export type IpCheckResult = z.infer<typeof IpCheckResult>;

const access = ['admin', 'operator'] as const;
const tag = 'ips';

export const ipCalls = {
  ipGroupAdd: defineCall({
    id: 'ip.groupadd',
    method: 'POST',
    path: '/api/ip/groupadd',
    tag,
    summary: 'Add an IP group (system groups: platform admin only); names are unique, ignoring case',
    access,
    kind: 'create',
    body: NewIpGroup,
    reply: envelopeOf(IpGroup),
  }),
  ipGroupDel: defineCall({
    id: 'ip.groupdel',
    method: 'POST',
    path: '/api/ip/groupdel',
    tag,
    summary: 'Delete IP groups; their IPs stay, in no group',
    access,
    kind: 'delete',
    body: IpIds,
    reply: envelopeOf(DeletedIpGroups),
  }),
  ipGroupEdit: defineCall({
    id: 'ip.groupedit',
    method: 'POST',
    path: '/api/ip/groupedit',
    tag,
    summary: 'Rename an IP group or change its remark',
    access,
    kind: 'update',
    body: IpGroupEdit,
    reply: envelopeOf(IpGroup),
  }),
  ipGroupList: defineCall({
    id: 'ip.grouplist',
    method: 'POST',
    path: '/api/ip/grouplist',
    tag,
    summary: 'IP groups of a scope by name, with their IP counts; pageSize 100000 gives them all',
    access,
    acrossTenants: true,
    kind: 'read',
    body: IpGroupListRequest,
    reply: envelopeOf(pageOf(IpGroup)),
  }),
  ipList: defineCall({
    id: 'ip.iplist',
    method: 'POST',
    path: '/api/ip/iplist',
    tag,
    summary: 'Egress IPs of a scope, newest first, with their group, numbers using them and last health check',
    access,
    acrossTenants: true,
    kind: 'read',
    body: IpListRequest,
    reply: envelopeOf(pageOf(EgressIp)),
  }),
  ipAdd: defineCall({
    id: 'ip.ipadd',
    method: 'POST',
    path: '/api/ip/ipadd',
    tag,
    summary: 'Add one egress IP (a duplicate is 409) or a bulk paste of lines (bad or duplicate lines are reported)',
    access,
    kind: 'create',
    body: NewEgressIps,
    reply: envelopeOf(AddedEgressIps),
  }),
  ipEdit: defineCall({
    id: 'ip.ipedit',
    method: 'POST',
    path: '/api/ip/ipedit',
    tag,
    summary: "Change an egress IP's address, credentials or remark",
    access,
    kind: 'update',
    body: EgressIpEdit,
    reply: envelopeOf(EgressIp),
  }),
  ipDel: defineCall({
    id: 'ip.ipdel',
    method: 'POST',
    path: '/api/ip/ipdel',
    tag,
    summary: 'Delete egress IPs; numbers that used them reach the Cloud API without them',
    access,
    kind: 'delete',
    body: IpIds,
    reply: envelopeOf(DeletedEgressIps),
  }),
  ipManage: defineCall({
    id: 'ip.ipmanage',
    method: 'POST',
    path: '/api/ip/ipmanage',
    tag,
    summary: 'Move egress IPs to a group (or out of any), enable or disable them',
    access,
    kind: 'update',
    body: EgressIpManage,
    reply: envelopeOf(BatchReply),
  }),
  ipCheck: defineCall({
    id: 'ip.efip',
    method: 'POST',
    path: '/api/ip/efip',
    tag,
    summary: 'Health check: a request to the Cloud API through each IP (10 s timeout), its round trip or error',
    access,
    kind: 'action',
    body: IpCheckRequest,
    reply: envelopeOf(z.array(IpCheckResult)),
  }),
} as const;
