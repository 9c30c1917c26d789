import { Id, isRealTimestamp } from '@ws/contract';
import { errors } from '../../platform/http/errors.js';

/** A message's place in a history: its created_at as PostgreSQL's text (microseconds kept) and its id. */
export interface Position {
  createdAt: string;
  id: string;
}

const SEPARATOR = '|';
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to clients; base64url keeps it safe in a query string. */
export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.createdAt}${SEPARATOR}${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or a 400 naming the parameter it came in when it is not one we made. */
export function decodeCursor(cursor: string, field: 'cursor' | 'after'): Position {
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(SEPARATOR);
  const valid = rest.length === 0 && TIME.test(createdAt) && isRealTimestamp(createdAt) && Id.safeParse(id).success;
  if (!valid) throw errors.invalid(field, '不是有效的分页位置', 'is not a valid position in the history');
  return { createdAt, id };
}
