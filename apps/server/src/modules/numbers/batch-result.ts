import { errors } from '../../platform/http/errors.js';

export const numberNotFound = () => errors.notFound({ zh: '号码', en: 'Number' });

/**
 * The reply of a batch call: how many of the named numbers it changed. Ids that are not the
 * caller's (other tenants', unknown, or in the wrong state) are skipped like rows deleted
 * meanwhile; when none is left the call is a 404, as for a single unknown id.
 */
export function batchResult(updated: number): { updated: number } {
  if (updated === 0) throw numberNotFound();
  return { updated };
}

/** The operation-log target of a batch: the ids, the first few of a long selection. */
export function numbersTarget(ids: readonly string[], detail = ''): string {
  const shown = ids.slice(0, 20).join(',');
  const more = ids.length > 20 ? ` (+${ids.length - 20})` : '';
  return `numbers ${shown}${more}${detail ? ` ${detail}` : ''}`;
}
