import { type AddedEgressIps, calls, type EgressIp, IP_PROTOCOLS, type IpScope, isProxyHost } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { App, Checkbox, Form, Input, InputNumber, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditDialogProps, ModalForm } from '../../components/form/index.js';
import { groupIdOf, IpGroupSelect, NO_GROUP } from './ip-group-select.js';

interface IpFields {
  protocol: (typeof IP_PROTOCOLS)[number];
  host: string;
  port: number;
  username: string;
  password: string;
  removePassword: boolean;
  group: string;
  remark: string;
  lines: string;
}

const hostOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

/**
 * Adds IPs (one, or a bulk paste of lines) or edits `editing`. A paste adds the good lines and
 * lists the others afterwards; `onSaved` runs once anything was saved.
 */
export function IpFormModal({
  scope,
  open,
  editing,
  onClose,
  onSaved,
}: { scope: IpScope } & EditDialogProps<EgressIp>) {
  const { t } = useTranslation('ips');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<IpFields>();
  const [mode, setMode] = useState<'single' | 'bulk'>('single');
  const removePassword = Form.useWatch('removePassword', form);

  useEffect(() => {
    if (!open) return;
    setMode('single');
    form.setFieldsValue({
      protocol: editing?.protocol ?? 'http',
      host: editing?.host ?? '',
      port: editing?.port,
      username: editing?.username ?? '',
      password: '',
      removePassword: false,
      group: editing?.group?.id ?? NO_GROUP,
      remark: editing?.remark ?? '',
      lines: '',
    });
  }, [open, editing, form]);

  const reportLines = (added: AddedEgressIps) => {
    void message.success(t('addedCount', { count: added.ids.length }));
    if (added.errors.length === 0) return;
    modal.warning({
      title: t('lineErrorsTitle', { count: added.errors.length }),
      width: 640,
      content: (
        <ul style={{ paddingInlineStart: 16, maxHeight: 320, overflow: 'auto' }} data-testid="ip-line-errors">
          {added.errors.map((error) => (
            <li key={error.line}>{t('lineError', error)}</li>
          ))}
        </ul>
      ),
    });
  };

  const submit = async (fields: IpFields) => {
    const groupId = groupIdOf(fields.group);
    const address = () => ({
      protocol: fields.protocol,
      host: hostOf(fields.host),
      port: fields.port,
      username: fields.username.trim(),
      remark: fields.remark,
    });
    if (editing) {
      const password = fields.removePassword ? null : fields.password || undefined;
      await callApi(calls.ipEdit, {
        body: { scope, id: editing.id, ...address(), ...(password === undefined ? {} : { password }) },
        notifySuccess: true,
      });
      if (groupId !== (editing.group?.id ?? null)) {
        await callApi(calls.ipManage, { body: { scope, ids: [editing.id], groupId } });
      }
    } else if (mode === 'bulk') {
      const added = await callApi(calls.ipAdd, {
        body: { scope, protocol: fields.protocol, lines: fields.lines, groupId, remark: fields.remark },
      });
      reportLines(added);
    } else {
      await callApi(calls.ipAdd, {
        body: { scope, ...address(), password: fields.password || undefined, groupId },
        notifySuccess: true,
      });
    }
    onSaved();
  };

  const bulk = !editing && mode === 'bulk';
  return (
    <ModalForm<IpFields>
      open={open}
      form={form}
      title={editing ? t('edit') : t('add')}
      okText={t('save')}
      onSubmit={submit}
      onClose={onClose}
      width={560}
      preserve
      intro={
        !editing && (
          <Segmented
            block
            value={mode}
            onChange={setMode}
            options={[
              { value: 'single', label: t('single') },
              { value: 'bulk', label: <span data-testid="ip-form-bulk">{t('bulk')}</span> },
            ]}
            style={{ marginBottom: 16 }}
          />
        )
      }
      testId="ip-form"
      okTestId="ip-form-save"
    >
      <Form.Item name="protocol" label={t('protocol')}>
        <Select options={IP_PROTOCOLS.map((value) => ({ value, label: value }))} data-testid="ip-form-protocol" />
      </Form.Item>
      {bulk ? (
        <Form.Item
          name="lines"
          label={t('lines')}
          extra={t('linesHelp')}
          rules={[{ required: true, whitespace: true, message: t('linesRequired') }]}
        >
          <Input.TextArea rows={8} spellCheck={false} data-testid="ip-form-lines" />
        </Form.Item>
      ) : (
        <>
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item
              name="host"
              label={t('host')}
              style={{ flex: 1 }}
              rules={[
                { required: true, whitespace: true, message: t('hostRequired') },
                {
                  validator: (_, value: string) =>
                    !value?.trim() || isProxyHost(hostOf(value)) ? Promise.resolve() : Promise.reject(t('hostInvalid')),
                },
              ]}
            >
              <Input placeholder={t('hostPlaceholder')} maxLength={253} data-testid="ip-form-host" />
            </Form.Item>
            <Form.Item name="port" label={t('port')} rules={[{ required: true, message: t('portRequired') }]}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: 120 }} data-testid="ip-form-port" />
            </Form.Item>
          </div>
          <Form.Item name="username" label={t('username')}>
            <Input maxLength={128} autoComplete="off" data-testid="ip-form-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('password')}
            extra={editing?.has_password ? t('passwordKeep') : undefined}
          >
            <Input.Password
              maxLength={256}
              autoComplete="new-password"
              disabled={removePassword}
              data-testid="ip-form-password"
            />
          </Form.Item>
          {editing?.has_password && (
            <Form.Item name="removePassword" valuePropName="checked">
              <Checkbox>{t('removePassword')}</Checkbox>
            </Form.Item>
          )}
        </>
      )}
      <Form.Item name="group" label={t('group')}>
        <IpGroupSelect scope={scope} data-testid="ip-form-group" />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')}>
        <Input maxLength={255} data-testid="ip-form-remark" />
      </Form.Item>
    </ModalForm>
  );
}
