import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { calls, MATERIAL_FILE_KINDS, type MaterialType, REPLY_MEDIA } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A material's stored file as the form keeps it. */
export interface FileValue {
  url: string;
  name: string;
  type: string;
  thumbnail_url: string | null;
}

/**
 * A material's file: chosen, sent to `mater/upload` at once (the server checks its content and
 * Meta's limit for the kind) and previewed: an image by its thumbnail, audio and video playable,
 * others by name. An antd Form control.
 */
export function MaterialFileField({
  tp,
  value,
  onChange,
}: {
  tp: MaterialType;
  value?: FileValue;
  onChange?: (file: FileValue | undefined) => void;
}) {
  const { t } = useTranslation('materials');
  const [uploading, setUploading] = useState(false);
  const kind = MATERIAL_FILE_KINDS[tp];
  const send = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      const stored = await callApi(calls.materialUpload, { form });
      if (kind && !REPLY_MEDIA[kind].types.includes(stored.type)) throw new Error(t('wrongKind'));
      onChange?.({ url: stored.url, name: stored.name, type: stored.type, thumbnail_url: stored.thumbnail_url });
    } catch {
      // The request wrapper showed why.
    } finally {
      setUploading(false);
    }
  };
  const hint = t(`fileHint.${tp as 'img'}`);
  return (
    <Space direction="vertical" data-testid="material-file">
      <Upload
        accept={kind ? REPLY_MEDIA[kind].types.join(',') : undefined}
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="material-file-upload">
          {uploading ? t('uploading') : t('upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      {value && <FilePreview file={value} />}
    </Space>
  );
}

/**
 * A stored file shown as it will be sent. A thumbnail stands for an image or a video (its poster,
 * decision 0033): clicked, it opens the image, or plays the video. In the form a video plays in
 * place, its poster shown until it starts.
 */
export function FilePreview({ file, small = false }: { file: FileValue; small?: boolean }) {
  const video = file.type.startsWith('video/');
  if (!small && video) {
    return <VideoPlayer src={file.url} poster={file.thumbnail_url ?? undefined} width={240} />;
  }
  if (file.thumbnail_url) {
    return (
      <Image
        src={file.thumbnail_url}
        preview={
          video
            ? {
                imageRender: () => (
                  <VideoPlayer src={file.url} autoPlay style={{ maxWidth: '80vw', maxHeight: '80vh' }} />
                ),
                actionsRender: () => null,
              }
            : { src: file.url }
        }
        width={small ? 48 : 160}
        alt={file.name}
        data-testid="material-thumbnail"
      />
    );
  }
  if (!small && file.type.startsWith('audio/')) {
    // biome-ignore lint/a11y/useMediaCaption: an uploaded file comes without caption tracks.
    return <audio controls src={file.url} />;
  }
  return (
    <Typography.Link href={file.url} target="_blank">
      <FileOutlined /> {file.name}
    </Typography.Link>
  );
}

/** A stored video, playable (an uploaded file comes without caption tracks). */
function VideoPlayer(props: {
  src: string;
  poster?: string;
  width?: number;
  autoPlay?: boolean;
  style?: CSSProperties;
}) {
  return <video controls {...props} data-testid="material-video" />;
}
