import { CloseOutlined, PaperClipOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { REPLY_MEDIA, REPLY_MEDIA_KINDS } from '@ws/contract';
import { Button, Popover, Progress, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Attachment, sizeText } from './use-attachments.js';

/** What the file picker offers (the server still judges each file by its content). */
const ACCEPT = [...REPLY_MEDIA_KINDS.flatMap((kind) => REPLY_MEDIA[kind].types), '.m4a', '.opus', '.amr', '.3gp'].join(
  ',',
);

/** WhatsApp's limits per kind, in the agent's language. */
function Limits() {
  const { t } = useTranslation('composer');
  return (
    <div data-testid="attach-limits" style={{ maxWidth: 360 }}>
      <Typography.Text strong>{t('limitsTitle')}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
        {REPLY_MEDIA_KINDS.map((kind) => (
          <li key={kind}>{t(`limits.${kind}`, { size: sizeText(REPLY_MEDIA[kind].maxBytes) })}</li>
        ))}
      </ul>
    </div>
  );
}

/** The attach button (several files at once) with the limits beside it. */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('composer');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Button
        type="text"
        icon={<PaperClipOutlined />}
        aria-label={t('attach')}
        title={t('attach')}
        data-testid="attach"
        onClick={() => input.current?.click()}
      />
      <Popover content={<Limits />} trigger={['hover', 'click']}>
        <Button
          type="text"
          size="small"
          icon={<QuestionCircleOutlined style={{ color: 'var(--ant-color-text-tertiary, #999)' }} />}
          aria-label={t('limitsTitle')}
          data-testid="attach-help"
        />
      </Popover>
    </>
  );
}

/** The attached files: uploading with their progress, or ready to go with the next send. */
export function AttachmentTray({
  items,
  onRemove,
  captioned,
}: {
  items: readonly Attachment[];
  onRemove: (key: number) => void;
  /** One file that takes a caption: the typed text goes with it. */
  captioned: boolean;
}) {
  const { t } = useTranslation('composer');
  if (items.length === 0) return null;
  return (
    <div data-testid="attachments" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 6 }}>
      {items.map((item) => (
        <div
          key={item.key}
          data-testid="attachment"
          data-ready={item.uploaded ? 'true' : 'false'}
          style={{ display: 'flex', alignItems: 'center', gap: 6, maxWidth: 280 }}
        >
          {item.uploaded && <Tag>{t(`kind.${item.uploaded.kind}`)}</Tag>}
          <Typography.Text ellipsis style={{ maxWidth: 140 }}>
            {item.name}
          </Typography.Text>
          {!item.uploaded && (
            <Progress
              percent={Math.round(item.progress * 100)}
              size="small"
              style={{ width: 80, margin: 0 }}
              aria-label={t('uploading')}
            />
          )}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('removeAttachment')}
            onClick={() => onRemove(item.key)}
          />
        </div>
      ))}
      {captioned && <Typography.Text type="secondary">{t('captionHint')}</Typography.Text>}
    </div>
  );
}
