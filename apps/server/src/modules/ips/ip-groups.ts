import {
  type DeletedIpGroups,
  type IpGroup,
  type IpGroupEdit,
  type IpGroupListRequest,
  type IpIds,
  type NewIpGroup,
  type Page,
  toPage,
} from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { countGroups, deleteGroups, insertGroup, selectGroups, updateGroup } from './group-repository.js';
import { ipOwner } from './ip-scope.js';

const GROUP = { zh: 'IP 分组', en: 'IP group' };
const duplicateName = () =>
  errors.conflict({ zh: 'name: 已有同名的 IP 分组', en: 'name: an IP group with this name already exists' });

export async function listIpGroups(
  context: AppContext,
  caller: Scope,
  request: IpGroupListRequest,
): Promise<Page<IpGroup>> {
  const owner = ipOwner(caller, request.scope, 'read');
  const page = await selectGroups(context.pool, owner, request.pageSize, (request.page - 1) * request.pageSize);
  // Only a page past the end needs its own count.
  const total = page.total ?? (await countGroups(context.pool, owner));
  return toPage(page.groups, total, request);
}

export function addIpGroup(context: AppContext, caller: Scope, input: NewIpGroup): Promise<IpGroup> {
  const owner = ipOwner(caller, input.scope, 'write');
  return refusedAs(() => insertGroup(context.pool, owner, input), UNIQUE_VIOLATION, duplicateName);
}

export async function editIpGroup(context: AppContext, caller: Scope, input: IpGroupEdit): Promise<IpGroup> {
  const owner = ipOwner(caller, input.scope, 'write');
  const group = await refusedAs(
    () => updateGroup(context.pool, owner, input.id, input),
    UNIQUE_VIOLATION,
    duplicateName,
  );
  if (!group) throw errors.notFound(GROUP);
  return group;
}

export async function deleteIpGroups(context: AppContext, caller: Scope, input: IpIds): Promise<DeletedIpGroups> {
  const owner = ipOwner(caller, input.scope, 'write');
  const result = await deleteGroups(context.pool, owner, input.ids);
  return {
    ...batchReply(result.count, { zh: `ids: ${GROUP.zh}`, en: `ids: ${GROUP.en}` }),
    ungrouped: result.ungrouped,
  };
}
