import type { CallDefinition, Role } from '@ws/contract';
import type { SqlValues } from '../db/sql-values.js';
import type { Principal } from './principal.js';

/**
 * Whose rows a call may see and change. `route()` makes it once per call from the signed-in user
 * and the call's contract entry, and services and repositories take it instead of a bare tenant
 * id, so the rules live here and nowhere else:
 * - everyone sees their own tenant's rows;
 * - the platform admin reads every tenant's rows, but only on a call whose contract says
 *   `acrossTenants`;
 * - a seat (an agent) sees only the contacts assigned to it (`contact.owner_user_id`) and their
 *   conversations and messages, in the console's lists and the chat history;
 * - in the agents' inbox a seat sees the conversations assigned to it (`conversation.assignee_user_id`)
 *   and those waiting unassigned on the numbers it serves (`agent_number`), whoever owns the contact
 *   (decision 0016).
 */
export interface Scope {
  readonly tenantId: string;
  readonly userId: string;
  readonly role: Role;
  /** Every tenant's rows may be read (the platform admin on an `acrossTenants` call). */
  readonly acrossTenants: boolean;
  /** Set for a seat: the user whose assigned contacts are all it may see. */
  readonly assignee: string | undefined;
}

export function scopeOf(user: Principal, call: Pick<CallDefinition, 'acrossTenants'>): Scope {
  return {
    tenantId: user.tenantId,
    userId: user.userId,
    role: user.role,
    acrossTenants: call.acrossTenants === true && user.role === 'admin',
    assignee: user.role === 'seat' ? user.userId : undefined,
  };
}

/** Where a query's rows say which tenant they belong to, and which contact. */
export interface ScopedColumns {
  /** The tenant id column, e.g. `c.tenant_id`. */
  tenant: string;
  /** The assigned user of a contact row (`c.owner_user_id`), when the rows are contacts. */
  contactOwner?: string;
  /** The contact id column (`m.contact_id`), when the rows belong to a contact (messages, conversations). */
  contact?: string;
  /**
   * The alias of a `conversation` row in the agents' inbox (`v`): a seat is narrowed to the
   * conversations assigned to it and those waiting in its numbers' queue, not by contact owner.
   */
  inboxConversation?: string;
}

/**
 * The SQL conditions that keep a query inside the scope. Rows that belong to contacts are narrowed
 * for a seat to its assigned live contacts; a query that names neither contact column cannot be
 * narrowed that way, so it is refused for a seat rather than answered too widely.
 */
export function scopeWhere(scope: Scope, sql: SqlValues, columns: ScopedColumns): string {
  const tenant = sql.add(scope.tenantId, 'text');
  const conditions = scope.acrossTenants ? [] : [`${columns.tenant} = ${tenant}`];
  if (scope.assignee !== undefined) {
    const assignee = sql.add(scope.assignee, 'bigint');
    if (columns.inboxConversation) {
      const v = columns.inboxConversation;
      conditions.push(
        `(${v}.assignee_user_id = ${assignee} or (${v}.assignee_user_id is null and ${v}.status = 'open' and ${v}.number_id in
           (select s.number_id from agent_number s where s.tenant_id = ${tenant} and s.user_id = ${assignee})))`,
      );
    } else if (columns.contactOwner) conditions.push(`${columns.contactOwner} = ${assignee}`);
    else if (columns.contact) {
      conditions.push(
        `${columns.contact} in (select a.id from contact a where a.tenant_id = ${tenant} and a.owner_user_id = ${assignee} and a.deleted_at is null)`,
      );
    } else throw new Error('a seat-scoped query must name its contact column');
  }
  return conditions.length ? conditions.join(' and ') : 'true';
}

/**
 * The caller's scope without a seat's narrowing by contact owner, for reading rows of one
 * conversation the inbox scope has already let the caller see (its messages): an agent reads the
 * history of a conversation given to it whoever owns the contact.
 */
export function withinGrantedConversation(scope: Scope): Scope {
  return { ...scope, assignee: undefined };
}
