import type { Pool } from '../../platform/db/pool.js';
import { FOREIGN_KEY_VIOLATION, refusedAs, UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import { errors } from '../../platform/http/errors.js';
import { groupExists } from './group-repository.js';
import type { IpOwner } from './ip-scope.js';

export const IP = { zh: 'IP', en: 'IP' };
/** A batch of IPs none of which is the caller's. */
export const IDS = { zh: 'ids: IP', en: 'ids: IP' };

/** A group of another owner is "not found", exactly like one that does not exist. */
const noSuchGroup = () => errors.notFound({ zh: 'groupId: 分组', en: 'groupId: IP group' });

export const duplicateAddress = () =>
  errors.conflict({
    zh: 'host: 该 IP（主机、端口和用户名）已存在',
    en: 'host: this IP (host, port and user name) already exists',
  });

/** The group an input names, checked to be one of the owner's (null: no group). */
export async function checkedGroupId(
  pool: Pool,
  owner: IpOwner,
  groupId: string | null | undefined,
): Promise<string | null | undefined> {
  if (groupId && !(await groupExists(pool, owner, groupId))) throw noSuchGroup();
  return groupId;
}

/** Runs a write naming a group that was checked; one deleted in between is still a 400, not a 500. */
export const knownGroup = <T>(write: () => Promise<T>): Promise<T> =>
  refusedAs(write, FOREIGN_KEY_VIOLATION, noSuchGroup);

/** Runs a write that may give an IP an address the owner already has: a 409. */
export const uniqueAddress = <T>(write: () => Promise<T>): Promise<T> =>
  refusedAs(write, UNIQUE_VIOLATION, duplicateAddress);
