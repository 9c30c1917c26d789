import type { UserInfo } from '@ws/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './http/context.js';

/** Who acted: a signed-in principal, or the user a sign-in call just identified. */
export interface Actor {
  tenantId: string;
  userId: string;
  username: string;
}

export const actorOf = (info: UserInfo): Actor => ({
  tenantId: info.tenant_id,
  userId: info.user_id,
  username: info.username,
});

export interface OperationLogEntry {
  actor: Actor;
  action: string;
  target: string | undefined;
}

/** Records who did what to which target, from where. A failure here is logged, never shown to the caller. */
export async function writeOperationLog(context: AppContext, request: FastifyRequest, entry: OperationLogEntry) {
  try {
    await context.pool.query(
      `insert into operation_log (tenant_id, user_id, username, action, target, address, request_id)
       values ($1, $2, $3, $4, $5, case when pg_input_is_valid($6::text, 'inet') then $6::text::inet end, $7)`,
      [
        entry.actor.tenantId,
        entry.actor.userId,
        entry.actor.username,
        entry.action,
        entry.target ?? null,
        request.ip,
        request.id,
      ],
    );
  } catch (error) {
    request.log.error({ err: error, action: entry.action }, 'operation log write failed');
  }
}
