/**
 * Meta's webhook endpoint. Not a console call (no session, no envelope, no operation log), so not
 * registered through route(). POST keeps the raw body: its signature is checked over the exact
 * bytes before anything is parsed; then one JSON parse, a check of the envelope only (cost does not
 * grow with the statuses inside), and one statement that stores the text and queues its processing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { describeIssues, WebhookEnvelope } from '../meta/webhook-payload.js';
import { storeWebhookEvent } from './event-repository.js';
import { checkWebhookSignature, sameSecret } from './signature.js';

export const WEBHOOK_PATH = '/webhooks/whatsapp';
/** Meta batches up to 1000 statuses in one request; this leaves room for its largest payloads. */
const WEBHOOK_BODY_LIMIT = 16 * 1024 * 1024;

const signatureMissing = () =>
  new AppError('notSignedIn', {
    zh: 'X-Hub-Signature-256: 缺少签名',
    en: 'X-Hub-Signature-256: the signature is missing',
  });
const signatureWrong = () =>
  new AppError('forbidden', {
    zh: 'X-Hub-Signature-256: 签名与请求体不符',
    en: 'X-Hub-Signature-256: the signature does not match the body',
  });
const handshakeRefused = () =>
  new AppError('forbidden', {
    zh: 'hub.verify_token: 校验令牌不符',
    en: 'hub.verify_token: the verify token does not match',
  });

export function registerWebhookRoutes(app: FastifyInstance, context: AppContext): void {
  app.register(async (scope) => {
    // In this scope only: every body arrives as the Buffer Meta signed, whatever its content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.get(WEBHOOK_PATH, (request, reply) => verifySubscription(context, request, reply));
    scope.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, (request, reply) => receive(context, request, reply));
  });
}

/** Meta's subscription handshake: echo hub.challenge when the verify token is ours. */
async function verifySubscription(context: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown>;
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  const accepted =
    query['hub.mode'] === 'subscribe' &&
    typeof token === 'string' &&
    typeof challenge === 'string' &&
    sameSecret(token, context.whatsapp.verifyToken);
  if (!accepted) throw handshakeRefused();
  return reply.type('text/plain; charset=utf-8').send(challenge);
}

async function receive(context: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const signature = checkWebhookSignature(body, request.headers['x-hub-signature-256'], context.whatsapp.appSecret);
  if (signature === 'missing') throw signatureMissing();
  if (signature === 'wrong') throw signatureWrong();

  const text = body.toString('utf8');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw errors.badJson();
  }
  const envelope = WebhookEnvelope.safeParse(payload);
  if (!envelope.success) {
    const problem = describeIssues(envelope.error.issues);
    throw errors.invalid(
      'body',
      `不是 WhatsApp 业务账户的 webhook（${problem}）`,
      `not a WhatsApp Business Account webhook (${problem})`,
    );
  }
  await storeWebhookEvent(context.pool, text);
  return reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
}
