import {
  FileOutlined,
  LinkOutlined,
  PhoneOutlined,
  PictureOutlined,
  RollbackOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { TemplateComponent } from '@ws/contract';
import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

/** `{{n}}` replaced by the nth sample; a variable without one stays as written. */
export function fillVariables(text: string, samples: readonly (string | undefined)[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, index: string) => samples[Number(index) - 1] || whole);
}

const sampleList = (example: unknown, key: 'header_text' | 'body_text'): string[] => {
  const value = (example as Record<string, unknown> | undefined)?.[key];
  if (!Array.isArray(value)) return [];
  const list = key === 'body_text' ? value[0] : value;
  return Array.isArray(list) ? list.map(String) : [];
};

const MEDIA_ICONS: Record<string, ReactNode> = {
  IMAGE: <PictureOutlined />,
  VIDEO: <VideoCameraOutlined />,
  DOCUMENT: <FileOutlined />,
};
const BUTTON_ICONS: Record<string, ReactNode> = {
  URL: <LinkOutlined />,
  PHONE_NUMBER: <PhoneOutlined />,
  QUICK_REPLY: <RollbackOutlined />,
};

const styles: Record<string, CSSProperties> = {
  chat: { background: '#efeae2', padding: 16, borderRadius: 8, minHeight: 160 },
  bubble: {
    background: '#fff',
    borderRadius: '0 8px 8px 8px',
    maxWidth: 320,
    boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
    overflow: 'hidden',
  },
  media: {
    height: 120,
    background: '#d9dde1',
    color: '#54656f',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 8,
    fontSize: 16,
  },
  text: { padding: '6px 9px', whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: '#111b21', fontSize: 14 },
  footer: { padding: '0 9px 6px', color: '#667781', fontSize: 12 },
  button: {
    borderTop: '1px solid #e9edef',
    color: '#027eb5',
    textAlign: 'center',
    padding: '8px 9px',
    fontSize: 14,
    display: 'flex',
    justifyContent: 'center',
    gap: 6,
  },
};

/**
 * A template as WhatsApp shows it, with its sample values in place of the variables: the header
 * (text, or a media placeholder), the body, the footer and the buttons under the bubble.
 */
export function TemplatePreview({ components }: { components: readonly TemplateComponent[] }) {
  const { t } = useTranslation('templates');
  const codeName = useCodeName();
  const header = components.find((component) => component.type === 'HEADER');
  const body = components.find((component) => component.type === 'BODY');
  const footer = components.find((component) => component.type === 'FOOTER');
  const buttons = components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
  if (!body?.text) {
    return (
      <div style={styles.chat} data-testid="template-preview">
        <Typography.Text type="secondary">{t('previewEmpty')}</Typography.Text>
      </div>
    );
  }
  const headerFormat = header?.format ?? 'TEXT';
  return (
    <div style={styles.chat} data-testid="template-preview">
      <div style={styles.bubble}>
        {header && headerFormat !== 'TEXT' && (
          <div style={styles.media} data-testid="template-preview-media">
            {MEDIA_ICONS[headerFormat]}
            {t('media', { format: codeName('TemplateHeaderFormat', headerFormat) })}
          </div>
        )}
        {header?.text && headerFormat === 'TEXT' && (
          <div style={{ ...styles.text, fontWeight: 600, paddingBottom: 0 }} data-testid="template-preview-header">
            {fillVariables(header.text, sampleList(header.example, 'header_text'))}
          </div>
        )}
        <div style={styles.text} data-testid="template-preview-body">
          {fillVariables(body.text, sampleList(body.example, 'body_text'))}
        </div>
        {footer?.text && (
          <div style={styles.footer} data-testid="template-preview-footer">
            {footer.text}
          </div>
        )}
        {buttons.map((button, index) => (
          // Buttons have no id of their own; their order is theirs.
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the button's identity
          <div key={index} style={styles.button} data-testid="template-preview-button">
            {BUTTON_ICONS[button.type]}
            {button.text}
          </div>
        ))}
      </div>
    </div>
  );
}
