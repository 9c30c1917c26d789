import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, NOTE_MAX, type RealtimeEvent } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useRefetchOnEvent } from '@ws/web-kit/realtime';
import { formatDateTime } from '@ws/web-kit/utils';
import { App, Button, Empty, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A conversation's internal notes (`inbox/notes`, oldest first), kept live by `conversation.note`
 * events, and adding one (`inbox/note/add`). Agents and operators see them; the customer never does.
 */
export function NotesTab({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversation');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const queryKey = ['inbox.notes', conversationId] as const;
  const notes = useQuery({
    queryKey,
    queryFn: ({ signal }) => callApi(calls.inboxNotes, { body: { conversationId }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useRefetchOnEvent(
    queryKey,
    (event: RealtimeEvent) => event.type === 'conversation.note' && event.data.conversation_id === conversationId,
  );
  const add = useMutation({
    mutationFn: () => callApi(calls.inboxNoteAdd, { body: { conversationId, text } }),
    onSuccess: (note) => {
      setText('');
      queryClient.setQueryData(queryKey, (known: typeof notes.data) =>
        known?.some((one) => one.id === note.id) ? known : [...(known ?? []), note],
      );
      void message.success(t('noteAdded'));
    },
  });
  return (
    <div data-testid="notes">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('notesHint')}
      </Typography.Text>
      {notes.isPending && <Spin style={{ display: 'block', margin: 16 }} />}
      {notes.data?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotes')} />}
      {notes.data?.map((note) => (
        <div
          key={note.id}
          data-testid="note"
          style={{ background: 'var(--ant-color-warning-bg, #fffbe6)', borderRadius: 6, padding: 8, margin: '8px 0' }}
        >
          <div style={{ whiteSpace: 'pre-wrap' }}>{note.text}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {note.author.nickname || note.author.username} · {formatDateTime(note.created_at)}
          </Typography.Text>
        </div>
      ))}
      <Input.TextArea
        data-testid="note-input"
        value={text}
        maxLength={NOTE_MAX}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('notePlaceholder')}
        onChange={(event) => setText(event.target.value)}
        style={{ marginTop: 8 }}
      />
      <Button
        size="small"
        type="primary"
        style={{ marginTop: 8 }}
        disabled={text.trim() === ''}
        loading={add.isPending}
        onClick={() => add.mutate()}
        data-testid="note-add"
      >
        {t('addNote')}
      </Button>
    </div>
  );
}
