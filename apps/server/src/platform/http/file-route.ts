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
   * The content. A stream is piped with back-pressure; when the client goes away, or the file is
   * not sent after all, it is destroyed, so its source (a database cursor, a COPY, a download) must
   * clean up on `close`. Its error mid-way cuts the response off.
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
    // A stream that fails before its first byte is answered by the error handler, but Fastify has
    // already copied the file's headers (its type, its size) onto the raw response, where they would
    // garble the error reply: they go, and so does the file name, so the error is not saved as it.
    onError: async (_request, reply) => {
      if (reply.raw.headersSent) return;
      for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
      reply.removeHeader('content-disposition');
    },
    handler: (request, reply) =>
      app.inFlight.track(async () => {
        const opened = await openCall(context, call, request, reply);
        const file = await handler(opened.input);
        const stream = file.body instanceof Readable ? file.body : undefined;
        // Watched from here on: a stream that fails before it is piped (a download cut off while the
        // log is written) must not be an unhandled 'error' that takes the process down.
        const sent = stream && finished(stream).catch(() => undefined);
        try {
          await opened.logChange();
        } catch (error) {
          // The file will not be sent: its source (a connection, a COPY) is freed now, not at a timeout.
          stream?.destroy();
          throw error;
        }
        reply
          .header('content-type', contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .headers(file.headers ?? {});
        if (!stream) return reply.send(file.body);
        // Fastify pipes it and handles its failure: before the first byte the error handler answers
        // (see onError); later the socket is destroyed, so the client sees the transfer fail (no
        // final chunk, or fewer bytes than the content-length) rather than a complete-looking file.
        reply.send(stream);
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
