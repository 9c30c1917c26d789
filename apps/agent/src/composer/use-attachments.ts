import {
  calls,
  MAX_REPLY_MEDIA_BYTES,
  REPLY_MEDIA,
  type ReplyMediaKind,
  replyMediaKindOf,
  type UploadedReplyMedia,
} from '@ws/contract';
import { ApiError, callApi, showError } from '@ws/web-kit/api';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Attachment {
  key: number;
  name: string;
  /** Uploaded so far, 0..1. */
  progress: number;
  /** Set once stored (the server judged it by its content). */
  uploaded?: UploadedReplyMedia;
}

/** A limit as people read it: `16 MB`, `500 KB`. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** The limit the browser can check before uploading: the kind its type claims, or a document's (the server decides by content). */
function limitOf(file: File): { bytes: number; kind: ReplyMediaKind } {
  const kind = replyMediaKindOf(file.type) ?? 'document';
  return { bytes: kind === 'document' ? MAX_REPLY_MEDIA_BYTES : REPLY_MEDIA[kind].maxBytes, kind };
}

/**
 * Files the agent attaches: each uploaded at once through `inbox/upload` with its progress shown;
 * a file over WhatsApp's limit is refused before it is sent; failures are told by the request
 * wrapper's one handler. Ready attachments are taken (and sent) by the composer.
 */
export function useAttachments() {
  const { t } = useTranslation('composer');
  const [items, setItems] = useState<Attachment[]>([]);
  const nextKey = useRef(0);
  const uploads = useRef(new Map<number, AbortController>());
  const update = useCallback(
    (key: number, change: Partial<Attachment>) =>
      setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );
  /** Drops an attachment; one still uploading stops. */
  const remove = useCallback((key: number) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const add = useCallback(
    async (file: File) => {
      const limit = limitOf(file);
      if (file.size > limit.bytes) {
        showError(new ApiError(413, t('tooLarge', { name: file.name, size: sizeText(limit.bytes) })));
        return;
      }
      nextKey.current += 1;
      const key = nextKey.current;
      setItems((current) => [...current, { key, name: file.name, progress: 0 }]);
      const form = new FormData();
      form.append('file', file, file.name);
      const controller = new AbortController();
      uploads.current.set(key, controller);
      try {
        const uploaded = await callApi(calls.inboxUpload, {
          form,
          signal: controller.signal,
          onUploadProgress: (progress) => update(key, { progress }),
        });
        uploads.current.delete(key);
        update(key, { uploaded, progress: 1 });
      } catch {
        remove(key);
      }
    },
    [t, remove, update],
  );

  /** Takes the ready attachments out of the tray (to send them); uploads still going stay. */
  const takeReady = useCallback((): UploadedReplyMedia[] => {
    const ready = items.flatMap((item) => (item.uploaded ? [item.uploaded] : []));
    if (ready.length > 0) setItems((current) => current.filter((item) => !item.uploaded));
    return ready;
  }, [items]);

  return { items, add, remove, takeReady };
}
