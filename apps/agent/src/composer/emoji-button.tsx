import { SmileOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Its own chunk: the picker and its emoji data weigh nothing until the agent first opens it.
const EmojiPanel = lazy(() => import('./emoji-panel.js'));

/** The emoji button: a picker in a popover; each emoji picked goes into the text at the caret. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation('composer');
  const [open, setOpen] = useState(false);
  // Loaded the first time the popover opens, then kept (its recent emojis and scroll stay).
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setOpened(true);
      }}
      trigger="click"
      placement="topLeft"
      content={
        <div data-testid="emoji-panel" style={{ minWidth: 320, minHeight: 380 }}>
          {opened && (
            <Suspense fallback={<Spin style={{ display: 'block', margin: 24 }} />}>
              <EmojiPanel onPick={onPick} />
            </Suspense>
          )}
        </div>
      }
    >
      <Button type="text" icon={<SmileOutlined />} aria-label={t('emoji')} title={t('emoji')} data-testid="emoji" />
    </Popover>
  );
}
