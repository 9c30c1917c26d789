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
