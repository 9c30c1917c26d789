import { SendOutlined } from '@ant-design/icons';
import {
  type InboxConversation,
  type OutgoingContent,
  type QuickReply,
  UNCAPTIONED_KINDS,
  type UploadedReplyMedia,
} from '@ws/contract';
import { useSession } from '@ws/web-kit/session';
import { Alert, Button, Input, Spin, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea.js';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendReply } from '../translation/index.js';
import { AttachButton, AttachmentTray } from './attachment-tray.js';
import { EmojiButton } from './emoji-button.js';
import { LocationButton } from './location-button.js';
import { QuickReplyList, quickReplySearch, useQuickReplies } from './quick-replies.js';
import { ReplyPreview, setReplyTarget, useReplyTarget } from './reply-target.js';
import { useAttachments } from './use-attachments.js';
import { useTyping } from './use-typing.js';
import { useWindowOpen } from './use-window-open.js';

// Only a closed window needs the templates' form: it loads then.
const TemplateComposer = lazy(() => import('./template-composer.js'));

const takesCaption = (file: UploadedReplyMedia) => !UNCAPTIONED_KINDS.includes(file.kind);

/** A stored file as the reply's content; the typed text as its caption when it takes one. */
function mediaContent(file: UploadedReplyMedia, caption: string | undefined): OutgoingContent {
  if (file.kind === 'audio' || file.kind === 'sticker') return { type: file.kind, upload: file.url };
  return { type: file.kind, upload: file.url, ...(caption ? { caption } : {}) };
}

/**
 * The composer below a conversation: text (Enter sends, Shift+Enter breaks the line), emoji,
 * files, a location, a reply to a message, `/` quick replies, the typing indicator; when the
 * window is closed, approved templates only; for a seat, only in its own conversations (a
 * waiting one is taken first, as the server requires). Sends never wait for each other: the box is free
 * again at once, and each message follows its own call (its failure told by the request
 * wrapper, its text put back when the box is empty).
 */
export function Composer({ conversation }: { conversation: InboxConversation }) {
  const conversationId = conversation.id;
  const { t } = useTranslation('composer');
  const user = useSession()?.user;
  const open = useWindowOpen(conversation.window_open, conversation.window_remaining_seconds);
  const notMine = user?.role === 'seat' && conversation.assignee?.id !== user.user_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the quoted message belongs to the conversation it was picked in; another one drops it.
  useEffect(() => () => setReplyTarget(undefined), [conversationId]);
  return (
    <div data-testid="composer" style={{ borderTop: '1px solid var(--ant-color-split, #f0f0f0)', padding: '8px 12px' }}>
      {notMine ? (
        <Alert type="info" showIcon message={t('takeFirst')} data-testid="composer-take-first" />
      ) : open ? (
        <FreeFormComposer key={conversationId} conversationId={conversationId} />
      ) : (
        <Suspense fallback={<Spin />}>
          <TemplateComposer key={conversationId} conversationId={conversationId} />
        </Suspense>
      )}
    </div>
  );
}

function FreeFormComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('composer');
  const [text, setText] = useState('');
  const [inFlight, setInFlight] = useState(0);
  const [active, setActive] = useState(0);
  const [pickerClosed, setPickerClosed] = useState(false);
  const box = useRef<TextAreaRef>(null);
  const replyTo = useReplyTarget();
  const attachments = useAttachments();
  const typing = useTyping(conversationId, true);
  const sendReply = useSendReply();
  const search = pickerClosed ? undefined : quickReplySearch(text);
  const replies = useQuickReplies(search);
  const picking = search !== undefined;

  const send = (content: OutgoingContent, quoted: string | undefined, restore?: string) => {
    setInFlight((count) => count + 1);
    // A translated conversation whose translation failed asks the agent first (useSendReply);
    // keeping the original back puts the text back in the box.
    sendReply({ conversationId, content, ...(quoted ? { replyTo: quoted } : {}) })
      .then((queued) => {
        if (!queued && restore) setText((current) => current || restore);
      })
      .catch(() => {
        // Told by the request wrapper; the text is not lost if the box is still empty.
        if (restore) setText((current) => current || restore);
      })
      .finally(() => setInFlight((count) => count - 1));
  };

  const submit = () => {
    const typed = text.trim();
    const files = attachments.takeReady();
    if (!typed && files.length === 0) return;
    const quoted = replyTo?.meta_message_id ?? undefined;
    // One file that takes a caption carries the text; otherwise the text goes as its own message.
    const [only] = files;
    const captioned = files.length === 1 && only !== undefined && takesCaption(only) && typed.length <= 1024;
    files.forEach((file, index) => {
      send(mediaContent(file, captioned ? typed : undefined), index === 0 ? quoted : undefined);
    });
    if (typed && !captioned) send({ type: 'text', text: typed }, files.length === 0 ? quoted : undefined, text);
    setText('');
    setReplyTarget(undefined);
    typing.replied();
  };

  const insert = (inserted: string, replace = false) => {
    const element = box.current?.resizableTextArea?.textArea;
    if (replace || !element) {
      setText(replace ? inserted : text + inserted);
      return;
    }
    const start = element.selectionStart ?? text.length;
    const end = element.selectionEnd ?? text.length;
    setText(text.slice(0, start) + inserted + text.slice(end));
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + inserted.length, start + inserted.length);
    });
  };

  const pick = (reply: QuickReply) => {
    insert(reply.text, true);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method composing (Chinese, Japanese) uses Enter itself.
    if (event.nativeEvent.isComposing) return;
    if (picking && replies.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + replies.length) % replies.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        const reply = replies[Math.min(active, replies.length - 1)];
        if (reply) pick(reply);
        return;
      }
    }
    if (picking && event.key === 'Escape') {
      event.preventDefault();
      setPickerClosed(true);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const ready = attachments.items.filter((item) => item.uploaded);
  const [first] = ready;
  const captionable = ready.length === 1 && first?.uploaded !== undefined && takesCaption(first.uploaded);
  return (
    <>
      {replyTo && <ReplyPreview message={replyTo} />}
      <AttachmentTray items={attachments.items} onRemove={attachments.remove} captioned={captionable} />
      {picking && <QuickReplyList replies={replies} active={Math.min(active, replies.length - 1)} onPick={pick} />}
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: 4 }}>
        <EmojiButton onPick={(emoji) => insert(emoji)} />
        <AttachButton onFiles={(files) => files.forEach((file) => void attachments.add(file))} />
        <LocationButton
          onSend={(location) => send({ type: 'location', ...location }, replyTo?.meta_message_id ?? undefined)}
        />
        <Input.TextArea
          ref={box}
          value={text}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={t('placeholder')}
          maxLength={4096}
          data-testid="composer-text"
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            if (!event.target.value.startsWith('/')) setPickerClosed(false);
            typing.typed();
          }}
          style={{ flex: 1 }}
        />
        <Button type="primary" icon={<SendOutlined />} onClick={submit} data-testid="composer-send">
          {t('send')}
        </Button>
      </div>
      {inFlight > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="composer-sending">
          {t('sending', { count: inFlight })}
        </Typography.Text>
      )}
    </>
  );
}
