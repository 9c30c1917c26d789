import { useMutation, useQuery } from '@tanstack/react-query';
import { type AgentSettings, calls, type InboxConversation } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { Badge, Empty, Form, Input, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The queue's value in the picker: the request's null. */
const QUEUE = 'queue';

/** How a transfer target reads in the picker: its name, presence and load. */
function TargetLabel({ agent }: { agent: AgentSettings }) {
  const { t } = useTranslation('conversation');
  const presence = agent.presence.online ? agent.presence.state : 'offline';
  return (
    <span data-testid="transfer-target">
      <Badge status={presence === 'online' ? 'success' : presence === 'away' ? 'warning' : 'default'} />{' '}
      {agent.user.nickname || agent.user.username} · {t(`presence.${presence}`)} ·{' '}
      {t('load', { open: agent.open_count, max: agent.max_open })}
    </span>
  );
}

/**
 * Transferring a conversation (`inbox/transfer-targets`, then `inbox/assign` with a note): to one of
 * the other agents of its number, shown with their presence and load, or back to the queue. The
 * target's cap is the server's to check; a refusal is shown by the kit's request-error handler.
 */
export function TransferDialog({
  conversation,
  open,
  onClose,
  onDone,
}: {
  conversation: InboxConversation;
  open: boolean;
  onClose(): void;
  onDone(next: InboxConversation): void;
}) {
  const { t } = useTranslation('conversation');
  const [target, setTarget] = useState<string>();
  const [note, setNote] = useState('');
  const targets = useQuery({
    queryKey: ['inbox.transferTargets', conversation.id],
    queryFn: ({ signal }) => callApi(calls.inboxTransferTargets, { body: { conversationId: conversation.id }, signal }),
    enabled: open,
  });
  const assign = useMutation({
    mutationFn: () =>
      callApi(calls.inboxAssign, {
        body: { conversationId: conversation.id, assigneeUserId: target === QUEUE ? null : (target ?? null), note },
      }),
    onSuccess: (next) => {
      setTarget(undefined);
      setNote('');
      onDone(next);
    },
  });
  const agents = (targets.data ?? []).filter((agent) => agent.user.id !== conversation.assignee?.id);
  return (
    <Modal
      open={open}
      title={t('transferTitle')}
      onCancel={onClose}
      onOk={() => assign.mutate()}
      okText={t('transfer')}
      okButtonProps={{ disabled: target === undefined, loading: assign.isPending }}
      destroyOnHidden
    >
      {targets.isPending ? (
        <Spin />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('transferTo')} required>
            <Select
              data-testid="transfer-select"
              placeholder={t('transferPick')}
              value={target}
              onChange={setTarget}
              notFoundContent={<Empty description={t('noTargets')} />}
              options={[
                ...agents.map((agent) => ({ value: agent.user.id, label: <TargetLabel agent={agent} /> })),
                ...(conversation.assignee ? [{ value: QUEUE, label: t('transferToQueue') }] : []),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('transferNote')}>
            <Input.TextArea
              data-testid="transfer-note"
              value={note}
              maxLength={1000}
              showCount
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder={t('transferNotePlaceholder')}
              onChange={(event) => setNote(event.target.value)}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
