import { useQuery } from '@tanstack/react-query';
import { calls } from '@ws/contract';
import { callApi, showSuccess } from '@ws/web-kit/api';
import { currentSession, refreshSession, useSession } from '@ws/web-kit/session';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SwitchValues {
  deptId: string;
  roleId: string;
}

/** Switch department and role: both required; the switch is a token refresh with the chosen ids. */
export function SwitchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<SwitchValues>();
  const [busy, setBusy] = useState(false);
  const userId = session?.user.user_id ?? '';
  const depts = useQuery({
    queryKey: ['dept-select', userId],
    queryFn: ({ signal }) => callApi(calls.deptSelect, { query: { userId }, signal }),
  });
  const roles = useQuery({
    queryKey: ['role-select', userId],
    queryFn: ({ signal }) => callApi(calls.roleSelect, { query: { userId }, signal }),
  });

  const submit = async (values: SwitchValues) => {
    const current = currentSession();
    if (!current) return;
    setBusy(true);
    try {
      await refreshSession(current, values);
      showSuccess(t('switched'));
      onClose();
    } catch {
      // The request wrapper has shown the reason; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('switchTitle')}
      okText={t('switchSubmit')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      data-testid="switch-dialog"
    >
      <Form
        form={form}
        name="switch"
        layout="vertical"
        onFinish={submit}
        initialValues={{ deptId: session?.user.dept_id, roleId: session?.user.role_id }}
      >
        <Form.Item name="deptId" label={t('dept')} rules={[{ required: true, message: t('deptRequired') }]}>
          <Select
            loading={depts.isLoading}
            options={(depts.data ?? []).map((dept) => ({ value: dept.id, label: dept.name }))}
          />
        </Form.Item>
        <Form.Item name="roleId" label={t('role')} rules={[{ required: true, message: t('roleRequired') }]}>
          <Select
            loading={roles.isLoading}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
