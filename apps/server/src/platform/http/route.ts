import {
  type Access,
  type CallDefinition,
  type DataOf,
  type Language,
  languageFrom,
  type ParsedBodyOf,
  type ParsedQueryOf,
  SUCCESS_CODE,
  SUCCESS_MESSAGES,
} from '@ws/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPrincipal, type Principal, tokenFrom } from '../auth/principal.js';
import { type Scope, scopeOf } from '../auth/scope.js';
import { type Actor, writeOperationLog } from '../oplog.js';
import type { AppContext } from './context.js';
import { errors } from './errors.js';
import { parseInput } from './validation.js';

type CallerOf<C> = C extends { access: 'public' } ? Principal | undefined : Principal;
type ScopeOf<C> = C extends { access: 'public' } ? Scope | undefined : Scope;

export interface CallInput<C extends CallDefinition> {
  body: ParsedBodyOf<C>;
  query: ParsedQueryOf<C>;
  user: CallerOf<C>;
  /** Whose rows the call may see and change: what services and repositories take (`auth/scope.ts`). */
  scope: ScopeOf<C>;
  language: Language;
  /** Client address as the server sees it (after trusted proxies). */
  address: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Names what a mutating call acted on, for its operation-log entry. */
  audit(target: string, actor?: Actor): void;
}

/**
 * Registers one contract call: authenticates, checks the role, validates input with the
 * contract's schemas, runs the handler, wraps its result in the envelope and writes the
 * operation log for every call that changes data. Handlers stay thin and never see HTTP details
 * they do not ask for.
 */
export function route<C extends CallDefinition>(
  app: FastifyInstance,
  context: AppContext,
  call: C,
  handler: (input: CallInput<C>) => Promise<DataOf<C>>,
): void {
  const validateReply = context.config.validateReplies;
  app.route({
    method: call.method,
    url: call.path,
    handler: (request, reply) =>
      app.inFlight.track(async () => {
        const opened = await openCall(context, call, request, reply);
        const data = await handler(opened.input);
        const { language } = opened.input;
        const envelope = { code: SUCCESS_CODE, message: SUCCESS_MESSAGES[call.kind][language], data: data ?? null };
        if (validateReply) call.reply.parse(envelope);
        await opened.logChange();
        return envelope;
      }),
  });
}

export interface OpenedCall<C extends CallDefinition> {
  input: CallInput<C>;
  /** Writes the operation-log entry of a call that changes data (every kind but `read`). */
  logChange(): Promise<void>;
}

/**
 * What every registered call does before its handler: authenticate, check the role, validate
 * the body and query (a 400 naming the field). `route` and `fileRoute` share it.
 */
export async function openCall<C extends CallDefinition>(
  context: AppContext,
  call: C,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<OpenedCall<C>> {
  const language = languageFrom(request.headers['accept-language']);
  const user = await authorize(context, call.access, request);
  refuseChangeWhenExpired(call, user);
  const body = call.body ? parseInput(call.body, request.body, 'body') : undefined;
  const query = call.query ? parseInput(call.query, request.query, 'query') : undefined;
  let auditTarget: string | undefined;
  let actor: Actor | undefined = user;
  const input = {
    body,
    query,
    user,
    scope: user && scopeOf(user, call),
    language,
    address: request.ip,
    request,
    reply,
    audit(target: string, signedIn?: Actor) {
      auditTarget = target;
      if (signedIn) actor = signedIn;
    },
  } as CallInput<C>;
  return {
    input,
    async logChange() {
      if (call.kind !== 'read' && actor) {
        await writeOperationLog(context, request, { actor, action: call.id, target: auditTarget });
      }
    },
  };
}

async function authorize(context: AppContext, access: Access, request: FastifyRequest): Promise<Principal | undefined> {
  if (access === 'public') return undefined;
  const token = tokenFrom(request);
  const principal = token ? await loadPrincipal(context.pool, context.tokens, token) : undefined;
  if (!principal) throw errors.notSignedIn();
  if (access !== 'signed-in' && !access.includes(principal.role)) throw errors.forbidden();
  return principal;
}

/**
 * Calls an expired tenant's users may still make although they are not reads: signing out, and
 * marking the platform's notices and update log seen (their own read marks, not the tenant's data;
 * a notice may well be the one asking them to renew).
 */
const ALLOWED_WHEN_EXPIRED = new Set(['auth.logout', 'notice.read', 'update.seen']);

/**
 * An expired tenant is read-only (decision 0027): its users' reads work, every change is a 403
 * saying why. The platform admin's tenant never expires.
 */
function refuseChangeWhenExpired(call: CallDefinition, principal: Principal | undefined): void {
  if (!principal?.tenantExpired || call.kind === 'read' || ALLOWED_WHEN_EXPIRED.has(call.id)) return;
  throw errors.expired();
}
