import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { CallDefinition } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { type CallInput, openCall } from './route.js';

/** Excel reads a CSV as UTF-8 only after a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** What a file call's handler returns: the file and how to name it. */
export interface FileReply {
  /** The name the browser saves the file under (ASCII letters, digits, `._-` are kept as they are). */
  fileName: string;
  /** More response headers, e.g. the expected row count for a progress bar, or a content type of its own. */
  headers?: Record<string, string>;
  /**
   * The content. A stream is piped with back-pressure; when the client goes away it is destroyed,
   * so its source (a database cursor, a COPY) must clean up on `close`.
   */
  body: Readable | Buffer | string;
}

/**
 * Registers a call whose success is a file instead of the JSON envelope (exports, templates).
 * Authentication, the role check, input validation (a JSON 400 naming the field) and the
 * operation log are those of `route`; the log is written before the file is sent, so an export
 * is recorded even when the client stops reading. The call is counted as in flight until the
 * file is sent or abandoned, so a shutdown waits for running exports.
 */
export function fileRoute<C extends CallDefinition>(
  app: FastifyInstance,
  context: AppContext,
  call: C,
  handler: (input: CallInput<C>) => Promise<FileReply>,
): void {
  const contentType = call.file?.contentType;
  if (!contentType) throw new Error(`${call.id} is not a file call: its contract has no \`file\``);
  app.route({
    method: call.method,
    url: call.path,
    handler: (request, reply) =>
      app.inFlight.track(async () => {
        const opened = await openCall(context, call, request, reply);
        const file = await handler(opened.input);
        await opened.logChange();
        reply
          .header('content-type', contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .headers(file.headers ?? {});
        if (!(file.body instanceof Readable)) return reply.send(file.body);
        const sent = finished(file.body).catch(() => undefined);
        reply.send(file.body);
        await sent;
        return reply;
      }),
  });
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
