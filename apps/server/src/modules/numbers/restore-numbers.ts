import type { Scope } from '../../platform/auth/scope.js';
import { UNIQUE_VIOLATION } from '../../platform/db/sql-state.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numbersBatch } from './batch-result.js';
import { restoreConflicts, restoreNumbers } from './numbers-repository.js';

const conflict = (phones: string[]) =>
  errors.conflict({
    zh: `号码 ${phones.join(', ')} 已有同一 phone_number_id 的在用号码，不能恢复`,
    en: `Number ${phones.join(', ')} cannot be restored: a live number has the same phone_number_id`,
  });

/** Brings numbers back from the recycle bin, all or none. */
export async function restoreRecycledNumbers(context: AppContext, scope: Scope, ids: string[]) {
  const conflicts = await restoreConflicts(context.pool, scope, ids);
  if (conflicts.length > 0) throw conflict(conflicts);
  try {
    return numbersBatch(await restoreNumbers(context.pool, scope, ids));
  } catch (error) {
    // A number connected meanwhile with the same phone-number id (wa_number_phone_number_id_key).
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw conflict(await restoreConflicts(context.pool, scope, ids));
    }
    throw error;
  }
}
