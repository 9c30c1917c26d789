import { CaretRightOutlined, PauseOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { calls, type PullOperationName, type PullTask, type PullTaskStatus } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { type RowAction, useConfirm } from '@ws/web-kit/list';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

type Operation = PullOperationName;

export const STATUS_COLORS: Record<PullTaskStatus, string> = {
  draft: 'default',
  running: 'processing',
  paused: 'warning',
  stopped: 'default',
  completed: 'success',
};

/** The operations a task's status allows, in the order they are offered. */
export const OPERATIONS_BY_STATUS: Record<PullTaskStatus, readonly Operation[]> = {
  draft: ['start', 'stop'],
  running: ['pause', 'rotate', 'stop'],
  paused: ['resume', 'rotate', 'stop'],
  stopped: [],
  completed: [],
};

const OPERATION_ICONS: Record<Operation, ReactNode> = {
  start: <CaretRightOutlined />,
  pause: <PauseOutlined />,
  resume: <CaretRightOutlined />,
  stop: <StopOutlined />,
  rotate: <SwapOutlined />,
};

/** Runs an operation (stop after a confirmation); answers the task as it is now. */
export function useOperateTask(onDone: () => unknown) {
  const { t } = useTranslation('groups');
  const codeName = useCodeName();
  const confirm = useConfirm();
  const run = async (task: PullTask, operation: Operation) => {
    await callApi(calls.groupPulloperation, { body: { id: task.id, operation }, notifySuccess: true });
    await onDone();
  };
  return (task: PullTask): RowAction[] =>
    OPERATIONS_BY_STATUS[task.status].map((operation) => ({
      label: codeName('PullOperationName', operation),
      icon: OPERATION_ICONS[operation],
      danger: operation === 'stop',
      testId: `pull-${operation}`,
      onClick: () =>
        operation === 'stop'
          ? confirm(() => run(task, operation), { content: t('stopContent', { name: task.name }) })
          : void run(task, operation),
    }));
}
