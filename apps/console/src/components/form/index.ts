/** Building blocks of dialogs with a form: the modal form, the batch dialog of a list, shared rules. */
export { BatchDialog, type BatchDialogProps } from './batch-dialog.js';
export { type EditDialogProps, useEditDialog } from './edit-dialog.js';
export { ModalForm, type ModalFormProps } from './modal-form.js';
export { oneOf, sameAs } from './rules.js';
