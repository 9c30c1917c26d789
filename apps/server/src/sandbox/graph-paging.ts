import { graphErrors } from './graph-errors.js';

/** Graph's cursor paging over an in-memory list: `limit` (default 25, at most 1000) and `after`/`before`. */
export function graphPage<T>(
  items: T[],
  query: URLSearchParams,
  selfUrl: string,
): { data: T[]; paging: { cursors: { before?: string; after?: string }; next?: string; previous?: string } } {
  const limitText = query.get('limit');
  const limit = limitText === null ? 25 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw graphErrors.invalidParameter('limit: must be an integer from 1 to 1000');
  }
  const after = query.get('after');
  const before = query.get('before');
  let start = 0;
  if (after !== null) start = decodeCursor(after, 'after') + 1;
  else if (before !== null) start = Math.max(0, decodeCursor(before, 'before') - limit);
  const data = items.slice(start, start + limit);
  const cursors: { before?: string; after?: string } = {};
  if (data.length > 0) {
    cursors.before = encodeCursor(start);
    cursors.after = encodeCursor(start + data.length - 1);
  }
  const paging: { cursors: typeof cursors; next?: string; previous?: string } = { cursors };
  if (start + data.length < items.length && cursors.after) {
    paging.next = withQuery(selfUrl, query, { after: cursors.after, limit: String(limit) }, 'before');
  }
  if (start > 0 && cursors.before) {
    paging.previous = withQuery(selfUrl, query, { before: cursors.before, limit: String(limit) }, 'after');
  }
  return { data, paging };
}

function encodeCursor(index: number): string {
  return Buffer.from(`idx:${index}`).toString('base64url');
}

function decodeCursor(cursor: string, field: string): number {
  const match = /^idx:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw graphErrors.invalidParameter(`${field}: not a cursor this endpoint gave`);
  return Number(match[1]);
}

function withQuery(selfUrl: string, query: URLSearchParams, set: Record<string, string>, drop: string): string {
  const next = new URLSearchParams(query);
  next.delete('access_token');
  next.delete(drop);
  for (const [key, value] of Object.entries(set)) next.set(key, value);
  return `${selfUrl}?${next.toString()}`;
}
