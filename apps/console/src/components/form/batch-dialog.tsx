import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { ModalForm } from './modal-form.js';

/** What a batch dialog of a list is given: the selected ids, and how to send the change. */
export interface BatchDialogProps<V> {
  ids: string[];
  onClose(): void;
  /** Sends the change; the dialog closes when it succeeded and stays open (the error shown) when not. */
  onSubmit(values: V): Promise<void>;
}

/** A batch dialog's frame: how many rows are selected (`selected` says it), a form, and OK waiting for the call. */
export function BatchDialog<V extends object>({
  ids,
  selected,
  testId,
  ...dialog
}: BatchDialogProps<V> & { title: string; selected(count: number): string; testId: string; children: ReactNode }) {
  return (
    <ModalForm<V>
      {...dialog}
      testId={testId}
      okTestId={`${testId}-ok`}
      intro={<Typography.Paragraph type="secondary">{selected(ids.length)}</Typography.Paragraph>}
    />
  );
}
