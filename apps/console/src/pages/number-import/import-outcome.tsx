import type { ImportSummary } from '@ws/contract';
import { App, Tag } from 'antd';
import { type HTMLAttributes, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinished } from './import-calls.js';

type Counted = Pick<ImportSummary, 'status' | 'imported' | 'skipped' | 'failed'>;

/**
 * How an import ended as people should read it: the job's `done` only says that every row was
 * decided, so rows that all failed are a failure, and some failed rows are "done with errors".
 * `stopped` is an import the job gave up on (the status `failed`, with its error).
 */
export type ImportOutcomeKind = 'queued' | 'running' | 'done' | 'doneWithErrors' | 'allFailed' | 'stopped';

export function importOutcome(summary: Counted): ImportOutcomeKind {
  if (summary.status === 'failed') return 'stopped';
  if (summary.status !== 'done') return summary.status;
  if (summary.failed === 0) return 'done';
  return summary.imported + summary.skipped === 0 ? 'allFailed' : 'doneWithErrors';
}

const OUTCOME_VIEW = {
  queued: { color: 'default', text: 'statusQueued', notice: 'info' },
  running: { color: 'processing', text: 'statusRunning', notice: 'info' },
  done: { color: 'success', text: 'statusDone', notice: 'success' },
  doneWithErrors: { color: 'warning', text: 'statusDoneWithErrors', notice: 'warning' },
  allFailed: { color: 'error', text: 'statusAllFailed', notice: 'error' },
  stopped: { color: 'error', text: 'statusFailed', notice: 'error' },
} as const;

/** The import's outcome as a coloured tag, with the failed count when rows failed. */
export function ImportOutcomeTag({ summary, testId }: { summary: Counted; testId: string }) {
  const { t } = useTranslation('numberImport');
  const view = OUTCOME_VIEW[importOutcome(summary)];
  return (
    <Tag color={view.color} data-testid={testId}>
      {t(view.text, { failed: summary.failed })}
    </Tag>
  );
}

/** The antd Progress status of an import: red when nothing could be imported or it stopped. */
export function progressStatus(summary: Counted): 'success' | 'exception' | 'normal' | 'active' {
  const outcome = importOutcome(summary);
  if (outcome === 'queued' || outcome === 'running') return 'active';
  if (outcome === 'done') return 'success';
  return outcome === 'doneWithErrors' ? 'normal' : 'exception';
}

/**
 * A notification when the import started on this page (`startedId`: an upload or sandbox numbers)
 * ends, saying how it ended with its counts; once per import. A finished import opened from the
 * list is not announced. Keyed on the start, not on a poll that saw it running: a small import
 * can be done before the first poll.
 */
export function useImportEndNotice(
  summary: (Counted & Pick<ImportSummary, 'import_id' | 'file_name'>) | undefined,
  startedId: string | undefined,
) {
  const { t } = useTranslation('numberImport');
  const { notification } = App.useApp();
  const announced = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!summary || summary.import_id !== startedId || !isFinished(summary.status)) return;
    if (announced.current === startedId) return;
    announced.current = startedId;
    const view = OUTCOME_VIEW[importOutcome(summary)];
    notification.open({
      type: view.notice,
      title: `${summary.file_name}: ${t(view.text, { failed: summary.failed })}`,
      description: t('outcomeCounts', summary),
      placement: 'bottomRight',
      props: { 'data-testid': 'import-end-notice' } as HTMLAttributes<HTMLDivElement>,
    });
  }, [summary, startedId, notification, t]);
}
