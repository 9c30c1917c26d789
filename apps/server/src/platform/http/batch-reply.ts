import type { BatchReply } from '@ws/contract';
import { errors, type LocalizedText } from './errors.js';

/**
 * The reply of a batch call (`BatchReply` in the contract): how many of the named rows it acted
 * on. When none was the caller's (unknown, another tenant's, deleted meanwhile or in the wrong
 * state) the call is a 404 naming the field, exactly like one unknown id:
 * `batchReply(count, { zh: 'ids: 号码', en: 'ids: Number' })`.
 */
export function batchReply(count: number, nothingMatched: LocalizedText): BatchReply {
  if (count === 0) throw errors.notFound(nothingMatched);
  return { count };
}
