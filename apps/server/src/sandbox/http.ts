import type { IncomingMessage, ServerResponse } from 'node:http';

/** A reply of the sandbox: JSON unless `raw` bytes are given. */
export interface SandboxReply {
  status: number;
  body?: unknown;
  raw?: { data: Buffer; contentType: string };
}

/** A bad control request: a 400 (or `status`) whose message names the field. */
export class ControlError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export class BodyTooLargeError extends Error {}

/** The whole request body, refused past `limit` bytes; a callback, to keep the send path promise-free. */
export function readBody(
  request: IncomingMessage,
  limit: number,
  done: (error: Error | undefined, body: Buffer) => void,
): void {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    request.resume();
    done(new BodyTooLargeError(`body: larger than ${limit} bytes`), Buffer.alloc(0));
    return;
  }
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  let failed = false;
  request.on('data', (chunk: Buffer) => {
    if (failed) return;
    size += chunk.length;
    if (size > limit) {
      failed = true;
      done(new BodyTooLargeError(`body: larger than ${limit} bytes`), Buffer.alloc(0));
      request.resume();
      return;
    }
    if (!first) first = chunk;
    else if (chunks) chunks.push(chunk);
    else chunks = [first, chunk];
  });
  request.on('end', () => {
    if (!failed) done(undefined, chunks ? Buffer.concat(chunks) : (first ?? Buffer.alloc(0)));
  });
  request.on('error', (error) => {
    if (!failed) {
      failed = true;
      done(error, Buffer.alloc(0));
    }
  });
}

export class InvalidBodyError extends Error {}

/**
 * A body as fields: JSON (an object), or form-encoded, or nothing. Multipart is read separately
 * (media upload). Graph accepts parameters in either, so routes read fields the same way.
 */
export function bodyFields(contentType: string | undefined, raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidBodyError('body: not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidBodyError('body: must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** Parses a multipart/form-data body with the platform's own parser (no dependency). */
export async function multipartFields(contentType: string, raw: Buffer): Promise<FormData> {
  return new Request('http://sandbox.local/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length) as ArrayBuffer,
  }).formData();
}

export function writeReply(response: ServerResponse, reply: SandboxReply): void {
  if (reply.raw) {
    response.writeHead(reply.status, [
      'content-type',
      reply.raw.contentType,
      'content-length',
      String(reply.raw.data.length),
    ]);
    response.end(reply.raw.data);
    return;
  }
  const text = JSON.stringify(reply.body ?? {});
  response.writeHead(reply.status, [
    'content-type',
    'application/json; charset=UTF-8',
    'content-length',
    String(Buffer.byteLength(text)),
  ]);
  response.end(text);
}
