/**
 * Meta's Resumable Upload API (Graph, not WhatsApp-specific): the app's session for a file, its
 * bytes sent from the offset the session has, and the file handle `h` that
 * `whatsapp_business_profile`'s `profile_picture_handle` takes. A lost reply is resumed from the
 * offset the session reports, never by sending the file twice.
 */
import { z } from 'zod';
import type { GraphTransport, Query } from './transport.js';

const appReply = z.looseObject({ id: z.string().min(1) });
const sessionReply = z.looseObject({ id: z.string().regex(/^upload:/) });
const statusReply = z.looseObject({ file_offset: z.coerce.number().int().min(0) });
const partReply = z.looseObject({ h: z.string().min(1).optional(), file_offset: z.coerce.number().int().optional() });

/** `upload:…?sig=…` as the path and the query Meta put in the session id. */
function sessionPath(sessionId: string): { path: string; query: Query | undefined } {
  const mark = sessionId.indexOf('?');
  if (mark === -1) return { path: sessionId, query: undefined };
  const query = Object.fromEntries(new URLSearchParams(sessionId.slice(mark + 1)));
  return { path: sessionId.slice(0, mark), query };
}

export interface UploadFile {
  bytes: Uint8Array;
  /** One of Meta's types for the API: image/jpeg, image/png, application/pdf, video/mp4. */
  fileType: string;
  fileName?: string;
}

export function resumableUploadApi(graph: GraphTransport) {
  const api = {
    /** The app the token belongs to (`GET /app`): its id names the upload endpoint. */
    async appId(): Promise<string> {
      return (await graph.expect(appReply, { method: 'GET', path: 'app' })).id;
    },

    async openUploadSession(appId: string, file: Omit<UploadFile, 'bytes'> & { length: number }): Promise<string> {
      const query = { file_length: file.length, file_type: file.fileType, file_name: file.fileName };
      const path = `${encodeURIComponent(appId)}/uploads`;
      return (await graph.expect(sessionReply, { method: 'POST', path, query })).id;
    },

    /** How many bytes the session holds: where an interrupted upload resumes. */
    async uploadOffset(sessionId: string): Promise<number> {
      const { path, query } = sessionPath(sessionId);
      return (await graph.expect(statusReply, { method: 'GET', path, query })).file_offset;
    },

    /** Sends the bytes from `fileOffset` on; answers the handle once the session holds the whole file. */
    async uploadBytes(sessionId: string, bytes: Uint8Array, fileOffset: number): Promise<string | undefined> {
      const { path, query } = sessionPath(sessionId);
      const upload = { bytes: bytes.subarray(fileOffset), fileOffset };
      const reply = await graph.expect(partReply, { method: 'POST', path, query, upload, slow: true });
      return reply.h;
    },

    /**
     * The whole upload: a session, the bytes, and on a failure of the bytes' request one resume
     * from the session's offset (the first request may have been taken before its reply was lost).
     */
    async uploadFile(file: UploadFile): Promise<string> {
      const session = await api.openUploadSession(await api.appId(), { ...file, length: file.bytes.length });
      let handle: string | undefined;
      try {
        handle = await api.uploadBytes(session, file.bytes, 0);
      } catch {
        handle = await api.uploadBytes(session, file.bytes, await api.uploadOffset(session));
      }
      if (!handle) throw new Error(`${session}: the session answered no handle after the whole file`);
      return handle;
    },
  };
  return api;
}
