import { BoldOutlined, ItalicOutlined, LinkOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea.js';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

const BLOCK_START = /^<(ul|ol|h3|h4|blockquote|pre|p)\b/i;

/**
 * The editor's text as the notice body: blocks separated by blank lines become paragraphs with
 * their line breaks kept; a block that already is a list, heading or quote stays as written. The
 * server sanitises whatever arrives, so this only shapes the layout.
 */
export function toNoticeHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, '<br>')}</p>`))
    .join('\n');
}

interface EditorProps {
  value?: string;
  onChange?: (value: string) => void;
}

/** A textarea with buttons that wrap the selection in bold, italics, a link or a list. */
export function NoticeEditor({ value = '', onChange }: EditorProps) {
  const { t } = useTranslation('notices');
  const area = useRef<TextAreaRef>(null);

  const wrap = (before: string, after: string, lines?: (line: string) => string) => {
    const element = area.current?.resizableTextArea?.textArea;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const chosen = value.slice(start, end);
    const inner = lines ? chosen.split('\n').map(lines).join('\n') : chosen;
    onChange?.(`${value.slice(0, start)}${before}${inner}${after}${value.slice(end)}`);
  };

  const tools = [
    { key: 'bold', icon: <BoldOutlined />, apply: () => wrap('<b>', '</b>') },
    { key: 'italic', icon: <ItalicOutlined />, apply: () => wrap('<i>', '</i>') },
    { key: 'link', icon: <LinkOutlined />, apply: () => wrap('<a href="https://">', '</a>') },
    {
      key: 'list',
      icon: <UnorderedListOutlined />,
      apply: () => wrap('\n\n<ul>\n', '\n</ul>\n\n', (line) => `<li>${line}</li>`),
    },
  ] as const;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space size={4}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={t(tool.key)}>
            <Button size="small" icon={tool.icon} onClick={tool.apply} aria-label={t(tool.key)} />
          </Tooltip>
        ))}
      </Space>
      <Input.TextArea
        ref={area}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        autoSize={{ minRows: 6, maxRows: 16 }}
        maxLength={20_000}
        data-testid="notice-body-input"
      />
    </Space>
  );
}
