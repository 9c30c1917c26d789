import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';

/** The dialog's form, emptied and filled with `values` each time it opens (a new record or the edited one's). */
export function useFilledForm<V extends object, R>(
  open: boolean,
  editing: R | undefined,
  valuesOf: (editing: R | undefined) => V,
): FormInstance<V> {
  const [form] = Form.useForm<V>();
  // valuesOf is a module-level function; the form refills when the dialog opens or its record changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesOf is stable (module level)
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(valuesOf(editing) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
    }
  }, [open, editing, form]);
  return form;
}
