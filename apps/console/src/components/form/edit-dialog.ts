import { useState } from 'react';

/** What an add / edit dialog is given. */
export interface EditDialogProps<T> {
  open: boolean;
  /** The row to edit; undefined adds a new one. */
  editing: T | undefined;
  onClose(): void;
  /** Runs once the server accepted the change. */
  onSaved(): void;
}

/** The state of an add / edit dialog: `add()` opens it empty, `edit(row)` on a row; `dialog` goes to the dialog. */
export function useEditDialog<T>(): {
  add(): void;
  edit(row: T): void;
  dialog: Omit<EditDialogProps<T>, 'onSaved'>;
} {
  const [shown, setShown] = useState<{ open: boolean; editing?: T }>({ open: false });
  return {
    add: () => setShown({ open: true }),
    edit: (row) => setShown({ open: true, editing: row }),
    dialog: { open: shown.open, editing: shown.editing, onClose: () => setShown({ open: false }) },
  };
}
