import { calls, type ProfileRun, type ProfileSet } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberMultiSelect } from '@ws/web-kit/pickers';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../components/form/index.js';

/** Applies a set to the numbers chosen; the run it started goes to `onStarted`. */
export function ApplyDialog({
  set,
  onClose,
  onStarted,
}: {
  set: ProfileSet;
  onClose(): void;
  onStarted(run: ProfileRun): void;
}) {
  const { t } = useTranslation('profiles');
  const start = async ({ numberIds }: { numberIds: string[] }) => {
    onStarted(await callApi(calls.profileApply, { body: { setId: set.id, numberIds }, notifySuccess: true }));
  };
  return (
    <ModalForm<{ numberIds: string[] }>
      title={t('applyTitle', { name: set.name })}
      okText={t('applyStart')}
      onSubmit={start}
      onClose={onClose}
      testId="profile-apply"
      okTestId="profile-apply-start"
    >
      <Form.Item
        name="numberIds"
        label={t('applyNumbers')}
        rules={[{ required: true, type: 'array', min: 1, message: t('applyNumbersRule') }]}
      >
        <NumberMultiSelect style={{ width: '100%' }} data-testid="profile-apply-numbers" />
      </Form.Item>
    </ModalForm>
  );
}
