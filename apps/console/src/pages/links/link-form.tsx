import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { calls, LINK_LIMITS, LINK_RULES, type Link, type LinkRule } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberSelect } from '@ws/web-kit/pickers';
import { Alert, Button, Checkbox, Drawer, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

interface TargetFields {
  numberId?: string;
  /** Known for a target the link already has (its number is shown, not picked). */
  phone?: string;
  weight: number;
  dailyAim: number;
  windowStart?: string;
  windowEnd?: string;
}

interface LinkFields {
  name: string;
  slug?: string;
  message: string;
  rule: LinkRule;
  sticky: boolean;
  enabled: boolean;
  targets: TargetFields[];
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The add / edit drawer: name, address (generated when empty), pre-filled message, rule, the
 * returning-visitor option, and the targets: a number each with its weight, daily aim and working
 * hours (in the tenant's time zone). Saving an edit replaces the targets with those listed.
 */
export function LinkFormDrawer({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: Link | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('links');
  const codeName = useCodeName();
  const [form] = Form.useForm<LinkFields>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            slug: editing.slug,
            message: editing.message,
            rule: editing.rule,
            sticky: editing.sticky,
            enabled: editing.enabled,
            targets: editing.targets.map((target) => ({
              numberId: target.number_id,
              phone: target.phone,
              weight: target.weight,
              dailyAim: target.daily_aim,
              windowStart: target.window_start ?? undefined,
              windowEnd: target.window_end ?? undefined,
            })),
          }
        : { name: '', slug: '', message: '', rule: 'round_robin', sticky: false, enabled: true, targets: [] },
    );
  }, [open, editing, form]);

  const save = async (values: LinkFields) => {
    setSaving(true);
    const targets = (values.targets ?? []).map((target) => ({
      numberId: target.numberId ?? '',
      weight: target.weight,
      dailyAim: target.dailyAim,
      windowStart: target.windowStart || null,
      windowEnd: target.windowEnd || null,
    }));
    const slug = values.slug?.trim() || undefined;
    const settings = {
      name: values.name,
      message: values.message ?? '',
      rule: values.rule,
      sticky: values.sticky,
      targets,
    };
    try {
      if (editing) {
        await callApi(calls.linkEdit, {
          body: { id: editing.id, ...settings, enabled: values.enabled, ...(slug ? { slug } : {}) },
          notifySuccess: true,
        });
      } else {
        await callApi(calls.linkAdd, { body: { ...settings, ...(slug ? { slug } : {}) }, notifySuccess: true });
      }
      onSaved();
    } catch {
      // The request wrapper has shown the failure; the form stays as it was.
    } finally {
      setSaving(false);
    }
  };

  const clockRule = { pattern: CLOCK, message: t('timeFormat') };

  return (
    <Drawer
      open={open}
      size={760}
      title={editing ? t('formEdit') : t('formAdd')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="link-submit">
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form<LinkFields> form={form} layout="vertical" onFinish={save} data-testid="link-form">
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input maxLength={LINK_LIMITS.name} data-testid="link-name" />
        </Form.Item>
        <Form.Item name="slug" label={t('slug')} extra={t('slugHelp')}>
          <Input addonBefore="/l/" maxLength={64} data-testid="link-slug" />
        </Form.Item>
        <Form.Item name="message" label={t('message')} extra={t('messageHelp')}>
          <Input.TextArea rows={2} maxLength={LINK_LIMITS.message} data-testid="link-message" />
        </Form.Item>
        <Space wrap align="start" size={24}>
          <Form.Item name="rule" label={t('rule')}>
            <Select
              style={{ width: 200 }}
              data-testid="link-rule"
              options={LINK_RULES.map((rule) => ({ value: rule, label: codeName('LinkRule', rule) }))}
            />
          </Form.Item>
          <Form.Item name="sticky" valuePropName="checked" label=" " extra={t('stickyHelp')}>
            <Checkbox data-testid="link-sticky">{t('sticky')}</Checkbox>
          </Form.Item>
          {editing && (
            <Form.Item name="enabled" valuePropName="checked" label=" ">
              <Checkbox data-testid="link-enabled">{t('enabled')}</Checkbox>
            </Form.Item>
          )}
        </Space>
        <Typography.Title level={5}>{t('targets')}</Typography.Title>
        <Form.List name="targets">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Alert type="info" showIcon title={t('noTargets')} style={{ marginBottom: 12 }} />
              )}
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap data-testid="link-target-row">
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const phone = form.getFieldValue(['targets', field.name, 'phone']) as string | undefined;
                      return phone ? (
                        <Form.Item label={index === 0 ? t('number') : undefined} style={{ width: 220 }}>
                          <Typography.Text data-testid="link-target-phone">{phone}</Typography.Text>
                        </Form.Item>
                      ) : (
                        <Form.Item
                          name={[field.name, 'numberId']}
                          label={index === 0 ? t('number') : undefined}
                          rules={[{ required: true, message: t('numberRequired') }]}
                        >
                          <NumberSelect placeholder={t('number')} data-testid="link-target-number" />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'weight']}
                    label={index === 0 ? t('weight') : undefined}
                    initialValue={1}
                  >
                    <InputNumber
                      min={1}
                      max={LINK_LIMITS.weight}
                      style={{ width: 80 }}
                      data-testid="link-target-weight"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'dailyAim']}
                    label={index === 0 ? t('dailyAim') : undefined}
                    tooltip={index === 0 ? t('dailyAimHelp') : undefined}
                    initialValue={0}
                  >
                    <InputNumber
                      min={0}
                      max={LINK_LIMITS.dailyAim}
                      style={{ width: 100 }}
                      data-testid="link-target-aim"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'windowStart']}
                    label={index === 0 ? t('windowStart') : undefined}
                    rules={[clockRule]}
                  >
                    <Input placeholder="09:00" style={{ width: 80 }} data-testid="link-target-start" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'windowEnd']}
                    label={index === 0 ? t('windowEnd') : undefined}
                    rules={[clockRule]}
                  >
                    <Input placeholder="18:00" style={{ width: 80 }} data-testid="link-target-end" />
                  </Form.Item>
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      data-testid="link-target-remove"
                    >
                      {t('removeTarget')}
                    </Button>
                  </Form.Item>
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= LINK_LIMITS.targets}
                onClick={() => add({ weight: 1, dailyAim: 0 })}
                data-testid="link-target-add"
              >
                {t('addTarget')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
