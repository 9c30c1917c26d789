import {
  type BatchReply,
  type DeletedEgressIps,
  type EgressIp,
  type EgressIpEdit,
  type EgressIpManage,
  type IpIds,
  type IpListRequest,
  type Language,
  type Page,
  toPage,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countIps, deleteIps, type IpFilter, manageIps, selectIps, updateIp } from './ip-repository.js';
import { checkedGroupId, IDS, IP, knownGroup, uniqueAddress } from './ip-rules.js';
import { ipOwner } from './ip-scope.js';

export async function listEgressIps(
  context: AppContext,
  caller: Scope,
  request: IpListRequest,
  language: Language,
): Promise<Page<EgressIp>> {
  const owner = ipOwner(caller, request.scope, 'read');
  const { groupId, search, enabled } = request.filters;
  const filter: IpFilter = { groupId, search, enabled };
  const page = await selectIps(
    context.pool,
    owner,
    language,
    filter,
    request.pageSize,
    (request.page - 1) * request.pageSize,
  );
  // Only a page past the end needs its own count.
  const total = page.total ?? (await countIps(context.pool, owner, filter));
  return toPage(page.ips, total, request);
}

export async function editEgressIp(
  context: AppContext,
  caller: Scope,
  input: EgressIpEdit,
  language: Language,
): Promise<EgressIp> {
  const owner = ipOwner(caller, input.scope, 'write');
  const { password, ...change } = input;
  let passwordSealed: string | null | undefined;
  if (password !== undefined) passwordSealed = password ? context.whatsapp.tokenCipher.encrypt(password) : null;
  const found = await uniqueAddress(() => updateIp(context.pool, owner, input.id, { ...change, passwordSealed }));
  if (!found) throw errors.notFound(IP);
  const { ips } = await selectIps(context.pool, owner, language, { id: input.id }, 1, 0);
  const ip = ips[0];
  if (!ip) throw errors.notFound(IP);
  return ip;
}

/** Deletes the caller's IPs among the ids (others are ignored, as if they did not exist). */
export async function deleteEgressIps(context: AppContext, caller: Scope, input: IpIds): Promise<DeletedEgressIps> {
  const owner = ipOwner(caller, input.scope, 'write');
  const result = await deleteIps(context.pool, owner, input.ids);
  return { ...batchReply(result.count, IDS), numbers_unassigned: result.numbers_unassigned };
}

export async function manageEgressIps(context: AppContext, caller: Scope, input: EgressIpManage): Promise<BatchReply> {
  const owner = ipOwner(caller, input.scope, 'write');
  await checkedGroupId(context.pool, owner, input.groupId);
  return batchReply(await knownGroup(() => manageIps(context.pool, owner, input.ids, input)), IDS);
}
