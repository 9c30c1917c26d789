import type { BatchReply } from '@ws/contract';
import { batchReply } from '../../platform/http/batch-reply.js';
import { errors } from '../../platform/http/errors.js';

export const numberNotFound = () => errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });

const IDS = { zh: 'ids: 号码', en: 'ids: Number' };

/** A batch none of whose numbers is the caller's to act on. */
export const noneOfTheNumbers = () => errors.notFound(IDS);

/** The reply of a numbers batch: a 404 naming `ids` when none of them was the caller's to change. */
export const numbersBatch = (count: number): BatchReply => batchReply(count, IDS);

/** The operation-log target of a batch: the ids, the first few of a long selection. */
export function numbersTarget(ids: readonly string[], detail = ''): string {
  const shown = ids.slice(0, 20).join(',');
  const more = ids.length > 20 ? ` (+${ids.length - 20})` : '';
  return `numbers ${shown}${more}${detail ? ` ${detail}` : ''}`;
}
