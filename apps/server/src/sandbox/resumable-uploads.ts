import { randomBytes } from 'node:crypto';
import { graphErrors } from './graph-errors.js';
import type { SandboxReply } from './http.js';
import type { Sandbox } from './sandbox.js';
import type { SandboxNumber } from './state.js';

/** The app every sandbox token belongs to (`GET /app`), whose `uploads` edge opens sessions. */
export const SANDBOX_APP_ID = '1000000000000001';
/** Meta's Resumable Upload API file types. */
const FILE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4']);
/** The largest file a session takes (Meta documents none for profile pictures; media's 100 MB bounds it). */
export const MAX_RESUMABLE_BYTES = 100 * 1024 * 1024;
const SESSION_PREFIX = 'upload:';

interface UploadSession {
  id: string;
  /** The business account of the token that opened it: only its tokens may continue or use it. */
  wabaId: string;
  fileType: string;
  fileName: string;
  length: number;
  chunks: Buffer[];
  offset: number;
  handle?: string;
}

/** A finished upload: what a handle stands for. */
export interface UploadedFile {
  wabaId: string;
  fileType: string;
  bytes: Buffer;
}

/**
 * Meta's Resumable Upload API: `POST /{app-id}/uploads` opens a session, `POST /upload:{id}` with
 * the `file_offset` header appends bytes from that offset (a retry after a lost reply resends
 * from the offset `GET /upload:{id}` reports), and the last bytes answer the file handle `h`.
 * In memory: sessions and handles last as long as the process, as they expire at Meta.
 */
export class ResumableUploads {
  private readonly sessions = new Map<string, UploadSession>();
  private readonly files = new Map<string, UploadedFile>();
  /** Pictures a profile shows, by the key in its `profile_picture_url`. */
  readonly pictures = new Map<string, UploadedFile>();

  /** The file a handle stands for, when this sandbox issued it to that business account. */
  fileOf(handle: string, wabaId: string): UploadedFile | undefined {
    const file = this.files.get(handle);
    return file && file.wabaId === wabaId ? file : undefined;
  }

  open(caller: SandboxNumber, query: URLSearchParams): { id: string } {
    const length = Number(query.get('file_length') ?? Number.NaN);
    if (!Number.isInteger(length) || length < 1 || length > MAX_RESUMABLE_BYTES) {
      throw graphErrors.invalidParameter(
        `file_length: must be a whole number of bytes from 1 to ${MAX_RESUMABLE_BYTES}`,
      );
    }
    const fileType = query.get('file_type') ?? '';
    if (!FILE_TYPES.has(fileType)) {
      throw graphErrors.invalidParameter(`file_type: must be one of ${[...FILE_TYPES].join(', ')}`);
    }
    const id = `${SESSION_PREFIX}${randomBytes(18).toString('base64url')}`;
    const fileName = query.get('file_name') ?? '';
    this.sessions.set(id, { id, wabaId: caller.wabaId, fileType, fileName, length, chunks: [], offset: 0 });
    return { id };
  }

  private sessionOf(id: string, caller: SandboxNumber, method: string): UploadSession {
    const session = this.sessions.get(id);
    if (!session || session.wabaId !== caller.wabaId) throw graphErrors.unknownObject(id, method);
    return session;
  }

  status(id: string, caller: SandboxNumber): { id: string; file_offset: number } {
    const session = this.sessionOf(id, caller, 'GET');
    return { id: session.id, file_offset: session.offset };
  }

  append(id: string, caller: SandboxNumber, offsetHeader: string | undefined, bytes: Buffer): unknown {
    const session = this.sessionOf(id, caller, 'POST');
    const offset = Number(offsetHeader ?? Number.NaN);
    if (!Number.isInteger(offset) || offset !== session.offset) {
      throw graphErrors.invalidParameter(`file_offset: must be ${session.offset}, the bytes received so far`);
    }
    if (session.handle) return { h: session.handle };
    if (bytes.length === 0 || offset + bytes.length > session.length) {
      throw graphErrors.invalidParameter(`body: must hold 1 to ${session.length - offset} bytes`);
    }
    session.chunks.push(Buffer.from(bytes));
    session.offset += bytes.length;
    if (session.offset < session.length) return { id: session.id, file_offset: session.offset };
    const handle = `4:${Buffer.from(session.fileName || 'file').toString('base64')}:${session.fileType}:${randomBytes(12).toString('base64url')}`;
    session.handle = handle;
    this.files.set(handle, {
      wabaId: session.wabaId,
      fileType: session.fileType,
      bytes: Buffer.concat(session.chunks),
    });
    session.chunks = [];
    return { h: handle };
  }
}

function isUploadPath(id: string): boolean {
  return id.startsWith(SESSION_PREFIX);
}

/**
 * The Graph calls of the Resumable Upload API and `GET /app`; undefined for any other path.
 * Meta sends the upload calls' token as `Authorization: OAuth …`, which `callerOf` accepts.
 */
export function routeResumableUpload(
  sandbox: Sandbox,
  caller: SandboxNumber,
  request: { method: string; search: string; headers: Record<string, string | undefined>; body: Buffer },
  target: { id: string; edge: string },
): SandboxReply | undefined {
  const { method } = request;
  const { id, edge } = target;
  const ok = (body: unknown): SandboxReply => ({ status: 200, body });
  if (id === 'app' && edge === '' && method === 'GET') return ok({ id: SANDBOX_APP_ID, name: 'WS Console Sandbox' });
  if ((id === SANDBOX_APP_ID || id === 'app') && edge === 'uploads') {
    if (method !== 'POST') throw graphErrors.unknownObject(id, method);
    return ok(sandbox.uploads.open(caller, new URLSearchParams(request.search)));
  }
  if (!isUploadPath(id) || edge !== '') return undefined;
  if (method === 'GET') return ok(sandbox.uploads.status(id, caller));
  if (method === 'POST') return ok(sandbox.uploads.append(id, caller, request.headers.file_offset, request.body));
  throw graphErrors.unknownObject(id, method);
}

/** Whether a request's body is an upload session's bytes (allowed up to the session limit). */
export function isResumableUploadPath(path: string): boolean {
  return /^\/(v\d+\.\d+\/)?upload:/.test(path);
}
