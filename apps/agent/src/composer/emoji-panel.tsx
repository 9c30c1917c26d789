import { useLanguage } from '@ws/web-kit/i18n';
import EmojiPicker from 'emoji-picker-react';
import { useTranslation } from 'react-i18next';

const loadChinese = () => import('emoji-picker-react/data/emojis-zh');

/**
 * The emoji picker itself (emoji-picker-react, native glyphs: nothing fetched from a CDN), in a
 * chunk of its own that loads the first time the agent opens it; Chinese names when the client is in zh.
 */
export default function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation('composer');
  const language = useLanguage();
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      emojiData={language === 'zh' ? loadChinese : undefined}
      searchPlaceholder={t('emoji')}
      previewConfig={{ showPreview: false }}
      width={320}
      height={380}
      lazyLoadEmojis
    />
  );
}
