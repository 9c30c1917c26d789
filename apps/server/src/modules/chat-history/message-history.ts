import type { History, HistoryQuery } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { decodeCursor, encodeCursor, type Position } from './cursor.js';
import { type MessageRow, type Subject, selectContact, selectMessages, selectNumber } from './history-repository.js';

const withCursor = (row: MessageRow) => ({ ...row, cursor: encodeCursor({ createdAt: row.created_at, id: row.id }) });

/**
 * A page of a contact's or a number's history with its header. A contact or number of another
 * tenant, or a contact not assigned to the seat asking, is "not found", exactly like one that does
 * not exist; a seat's number history holds only its own contacts' messages.
 */
export async function messageHistory(context: AppContext, scope: Scope, query: HistoryQuery): Promise<History> {
  const { pool } = context;
  const subject: Subject = { contactId: query.contactId, numberId: query.numberId };
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'cursor');
  const after = query.after === undefined ? undefined : decodeCursor(query.after, 'after');
  const [contact, number, rows] = await Promise.all([
    query.contactId ? selectContact(pool, scope, query.contactId, query.numberId) : undefined,
    query.numberId ? selectNumber(pool, scope, query.numberId) : undefined,
    after
      ? pageAfter(context, scope, subject, after, query.limit)
      : pageBefore(context, scope, subject, before, query.limit),
  ]);
  if (query.contactId && !contact) throw errors.notFound({ zh: 'contactId: 联系人', en: 'contactId: Contact' });
  if (query.numberId && !number) throw errors.notFound({ zh: 'numberId: 号码', en: 'numberId: Number' });

  const records = rows.slice(0, query.limit).map(withCursor);
  const last = records.at(-1);
  return {
    records,
    next_cursor: rows.length > query.limit && last ? last.cursor : null,
    ...(contact ? { contact } : {}),
    ...(number ? { number } : {}),
  };
}

/**
 * Up to limit + 1 messages older than `before`, newest first (the extra one says whether there is
 * more). The month before the starting point is read first; older partitions only when it does
 * not fill the page.
 */
async function pageBefore(
  context: AppContext,
  scope: Scope,
  subject: Subject,
  before: Position | undefined,
  limit: number,
): Promise<MessageRow[]> {
  const recent = await selectMessages(context.pool, scope, subject, { before, months: 'recent' }, limit + 1);
  if (recent.length > limit) return recent;
  const older = await selectMessages(
    context.pool,
    scope,
    subject,
    { before, months: 'older' },
    limit + 1 - recent.length,
  );
  return [...recent, ...older];
}

function pageAfter(
  context: AppContext,
  scope: Scope,
  subject: Subject,
  after: Position,
  limit: number,
): Promise<MessageRow[]> {
  return selectMessages(context.pool, scope, subject, { after }, limit + 1);
}
