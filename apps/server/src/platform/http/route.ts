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
import { type Actor, writeOperationLog } from '../oplog.js';
import type { AppContext } from './context.js';
import { errors } from './errors.js';
import { parseInput } from './validation.js';

type CallerOf<C> = C extends { access: 'public' } ? Principal | undefined : Principal;

export interface CallInput<C extends CallDefinition> {
  body: ParsedBodyOf<C>;
  query: ParsedQueryOf<C>;
  user: CallerOf<C>;
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
        const language = languageFrom(request.headers['accept-language']);
        const user = await authorize(context, call.access, request);
        const body = call.body ? parseInput(call.body, request.body, 'body') : undefined;
        const query = call.query ? parseInput(call.query, request.query, 'query') : undefined;
        let auditTarget: string | undefined;
        let actor: Actor | undefined = user;
        const data = await handler({
          body,
          query,
          user,
          language,
          address: request.ip,
          request,
          reply,
          audit(target, signedIn) {
            auditTarget = target;
            if (signedIn) actor = signedIn;
          },
        } as CallInput<C>);
        const envelope = { code: SUCCESS_CODE, message: SUCCESS_MESSAGES[call.kind][language], data: data ?? null };
        if (validateReply) call.reply.parse(envelope);
        if (call.kind !== 'read' && actor) {
          await writeOperationLog(context, request, { actor, action: call.id, target: auditTarget });
        }
        return envelope;
      }),
  });
}

async function authorize(context: AppContext, access: Access, request: FastifyRequest): Promise<Principal | undefined> {
  if (access === 'public') return undefined;
  const token = tokenFrom(request);
  const principal = token ? await loadPrincipal(context.pool, context.tokens, token) : undefined;
  if (!principal) throw errors.notSignedIn();
  if (access !== 'signed-in' && !access.includes(principal.role)) throw errors.forbidden();
  return principal;
}
