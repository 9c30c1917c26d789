import { useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@ws/contract';
import { Spin, Typography } from 'antd';
import { createContext, type ReactNode, type Ref, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textAt } from './body-fields.js';
import { type ChatSource, mediaKey, readMedia } from './chat-source.js';

/** The source of the chat being shown (the timeline provides it): its media are read through the same call. */
const ChatSourceContext = createContext<ChatSource | null>(null);

/** The timeline's content: what it holds reads its media through `source`. */
export function ChatSourceScope({
  source,
  ref,
  children,
}: {
  source: ChatSource;
  ref: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <ChatSourceContext.Provider value={source}>
      <div ref={ref}>{children}</div>
    </ChatSourceContext.Provider>
  );
}

/** The file of a media message, read through the API (which fetches it from the Cloud API). */
function useMediaFile(message: ChatMessage, enabled: boolean) {
  const source = useContext(ChatSourceContext);
  return useQuery({
    queryKey: mediaKey(source, message),
    queryFn: ({ signal }) => readMedia(source, message, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** An object URL for the blob, revoked when it is no longer shown. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/**
 * An image, sticker, video, audio or document with its caption. Media sent by link is shown from
 * the link; media with a Cloud API id is downloaded through the API.
 */
export function MediaView({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('messages');
  const kind = message.type;
  const link = textAt(message.body, kind, 'link');
  const fetchable = !link && textAt(message.body, kind, 'id') !== undefined;
  const file = useMediaFile(message, fetchable);
  const objectUrl = useObjectUrl(file.data);
  const source = link ?? objectUrl;
  const caption = textAt(message.body, kind, 'caption');
  const fileName = textAt(message.body, kind, 'filename') ?? kind;

  let shown: React.ReactNode;
  if (file.isError || (!link && !fetchable)) {
    shown = <Typography.Text type="secondary">{t('mediaFailed')}</Typography.Text>;
  } else if (!source) {
    shown = <Spin size="small" />;
  } else if (kind === 'image' || kind === 'sticker') {
    shown = (
      <img
        src={source}
        alt={caption ?? kind}
        data-testid="chat-media"
        style={{ maxWidth: kind === 'sticker' ? 128 : 280, maxHeight: 320, display: 'block', borderRadius: 6 }}
      />
    );
  } else if (kind === 'video') {
    // biome-ignore lint/a11y/useMediaCaption: WhatsApp videos come without caption tracks.
    shown = <video src={source} controls data-testid="chat-media" style={{ maxWidth: 320, display: 'block' }} />;
  } else if (kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: voice notes come without caption tracks.
    shown = <audio src={source} controls data-testid="chat-media" />;
  } else {
    shown = (
      <a href={source} download={fileName} data-testid="chat-media">
        {t('download', { name: fileName })}
      </a>
    );
  }
  return (
    <div>
      {shown}
      {caption && <div style={{ whiteSpace: 'pre-wrap', marginTop: 4 }}>{caption}</div>}
    </div>
  );
}
