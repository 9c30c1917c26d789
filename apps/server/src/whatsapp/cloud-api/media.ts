/** Media: multipart upload, lookup (`GET /{media-id}`), download with the bearer token, delete. */
import { Blob } from 'node:buffer';
import { FormData } from 'undici';
import { type MediaInfo, mediaInfo, successReply, uploadedMedia } from './replies.js';
import { type Downloaded, type GraphTransport, segment } from './transport.js';

export interface MediaFile {
  data: Uint8Array | Blob;
  /** The file's MIME type, e.g. `image/jpeg`; Meta checks it against its supported types. */
  mimeType: string;
  filename?: string;
}

export function mediaApi(graph: GraphTransport) {
  return {
    /** Uploads a file for later sends by id (Meta keeps it 30 days). */
    async uploadMedia(phoneNumberId: string, file: MediaFile): Promise<{ id: string }> {
      const path = `${segment(phoneNumberId)}/media`;
      const form = new FormData();
      form.append('messaging_product', 'whatsapp');
      form.append('type', file.mimeType);
      const blob = file.data instanceof Blob ? file.data : new Blob([file.data], { type: file.mimeType });
      form.append('file', blob, file.filename ?? 'file');
      const reply = await graph.expect(uploadedMedia, { method: 'POST', path, form, slow: true });
      return { id: reply.id };
    },

    /** The media's short-lived download URL, type, size and hash. */
    async getMedia(mediaId: string, options: { phoneNumberId?: string } = {}): Promise<MediaInfo> {
      const path = segment(mediaId);
      const query = { phone_number_id: options.phoneNumberId };
      return graph.expect(mediaInfo, { method: 'GET', path, query });
    },

    /** Downloads the URL a lookup returned (it needs the same bearer token), as a stream to read or destroy. */
    downloadMedia(url: string): Promise<Downloaded> {
      return graph.download(url);
    },

    async deleteMedia(mediaId: string, options: { phoneNumberId?: string } = {}): Promise<void> {
      const path = segment(mediaId);
      const query = { phone_number_id: options.phoneNumberId };
      await graph.expect(successReply, { method: 'DELETE', path, query });
    },
  };
}
