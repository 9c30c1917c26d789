import { calls, groupInviteVariables, MAX_GROUP_PARTICIPANTS, PULL_LIMITS } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberMultiSelect, SearchSelect } from '@ws/web-kit/pickers';
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { useChosenTemplate } from '../campaigns/content-fields.js';
import { TagSelect } from '../tags/tag-select.js';
import { useHostChecks } from './pull-calls.js';

/** Lists and templates offered at once; typing part of the name narrows them. */
const OFFERED = 30;

interface TaskFields {
  name: string;
  subjectPattern: string;
  description: string;
  numberIds: string[];
  audienceSource: 'tags' | 'list';
  tagIds?: string[];
  listId?: string;
  templateId?: string;
  inviteVariable?: string;
  /** The other variables' texts, by key. */
  values?: Record<string, string>;
  invitesPerGroup: number;
}

const DEFAULTS: Partial<TaskFields> = {
  name: '',
  subjectPattern: '',
  description: '',
  numberIds: [],
  audienceSource: 'tags',
  invitesPerGroup: 24,
};

/** Each chosen host with whether it may host groups, and why not (asked of Meta). */
function HostChecks({ numberIds }: { numberIds: string[] }) {
  const { t } = useTranslation('groups');
  const codeName = useCodeName();
  const checks = useHostChecks(numberIds);
  if (numberIds.length === 0) return null;
  if (checks.isLoading) return <Typography.Text type="secondary">{t('hostChecking')}</Typography.Text>;
  return (
    <Space wrap data-testid="pull-host-checks">
      {(checks.data ?? []).map((check) => (
        <Tag
          key={check.number_id}
          color={check.eligible ? 'success' : 'error'}
          data-testid="pull-host-check"
          data-eligible={check.eligible}
        >
          {check.phone}: {check.reason ? codeName('HostRefusal', check.reason) : t('hostEligible')}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * The new-task drawer: name, group name pattern and description, host numbers (each shown as able
 * to host groups or with the reason it cannot), the audience (contact tags or a list), the approved
 * group-invite template with the body variable that carries the group (Meta's `group_id`
 * parameter), and invitations per group.
 */
export function PullFormDrawer({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('groups');
  const [form] = Form.useForm<TaskFields>();
  const [saving, setSaving] = useState(false);
  const fields = (Form.useWatch([], form) ?? {}) as Partial<TaskFields>;
  const chosen = useChosenTemplate(fields.templateId);
  const inviteKeys = groupInviteVariables(chosen.template?.components ?? []);
  const otherKeys = chosen.variableKeys.filter((key) => key !== fields.inviteVariable);

  useEffect(() => {
    if (open) form.setFieldsValue(DEFAULTS);
  }, [open, form]);

  // A template whose body has one variable: that one carries the group. Another template's choice is dropped.
  const onlyKey = inviteKeys.length === 1 ? inviteKeys[0] : undefined;
  const inviteKnown = fields.inviteVariable !== undefined && inviteKeys.includes(fields.inviteVariable);
  useEffect(() => {
    if (!chosen.template || inviteKnown) return;
    form.setFieldValue('inviteVariable', onlyKey);
  }, [chosen.template, inviteKnown, onlyKey, form]);

  const save = async (values: TaskFields) => {
    setSaving(true);
    try {
      const variables = Object.fromEntries(
        otherKeys.map((key) => [key, { source: 'constant' as const, value: values.values?.[key] ?? '' }]),
      );
      await callApi(calls.groupPulladd, {
        body: {
          name: values.name,
          subjectPattern: values.subjectPattern,
          description: values.description,
          numberIds: values.numberIds,
          audience:
            values.audienceSource === 'tags' ? { tagIds: values.tagIds ?? [] } : { listId: values.listId ?? '' },
          content: {
            kind: 'template',
            templateId: values.templateId ?? '',
            variables,
            inviteVariable: values.inviteVariable ?? '',
          },
          invitesPerGroup: values.invitesPerGroup,
        },
        notifySuccess: true,
      });
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      title={t('formTitle')}
      destroyOnHidden
      data-testid="pull-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="pull-save">
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form<TaskFields> form={form} layout="vertical" onFinish={save}>
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={PULL_LIMITS.name} data-testid="pull-form-name" />
        </Form.Item>
        <Form.Item
          name="subjectPattern"
          label={t('subjectPattern')}
          extra={t('subjectPatternHelp')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={PULL_LIMITS.subject} data-testid="pull-form-subject" />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input.TextArea rows={2} maxLength={PULL_LIMITS.description} />
        </Form.Item>
        <Form.Item
          name="numberIds"
          label={t('hosts')}
          extra={t('hostsHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('hostsRequired') }]}
        >
          <NumberMultiSelect style={{ width: '100%' }} data-testid="pull-form-hosts" />
        </Form.Item>
        <HostChecks numberIds={fields.numberIds ?? []} />
        <Form.Item name="audienceSource" label={t('audience')} extra={t('audienceHelp')} style={{ marginTop: 16 }}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'tags', label: t('audienceTags') },
              { value: 'list', label: t('audienceList') },
            ]}
          />
        </Form.Item>
        {fields.audienceSource === 'list' ? (
          <Form.Item name="listId" rules={[{ required: true, message: t('audienceRequired') }]}>
            <SearchSelect
              queryKey={[calls.audienceList.id, 'pull-list-select']}
              search={async (search, signal) => {
                const page = await callApi(calls.audienceList, {
                  body: { page: 1, pageSize: OFFERED, filters: { search } },
                  signal,
                });
                return page.records.map((list) => ({ value: list.id, label: list.name }));
              }}
              notFound={t('noneFound')}
              placeholder={t('audienceListPick')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        ) : (
          <Form.Item name="tagIds" rules={[{ required: true, message: t('audienceRequired') }]}>
            <TagSelect
              kind="contact"
              mode="multiple"
              placeholder={t('audienceTagsPick')}
              style={{ width: '100%' }}
              data-testid="pull-form-tags"
            />
          </Form.Item>
        )}
        <Form.Item
          name="templateId"
          label={t('template')}
          extra={t('templateHelp')}
          rules={[{ required: true, message: t('templateRequired') }]}
        >
          <SearchSelect
            queryKey={[calls.templateList.id, 'pull-template-select']}
            search={async (search, signal) => {
              const page = await callApi(calls.templateList, {
                body: { page: 1, pageSize: OFFERED, filters: { status: 'APPROVED', search } },
                signal,
              });
              return page.records.map((found) => ({ value: found.id, label: `${found.name} · ${found.language}` }));
            }}
            notFound={t('noneFound')}
            style={{ width: '100%' }}
            data-testid="pull-form-template"
          />
        </Form.Item>
        {chosen.template && inviteKeys.length === 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('noInviteVariable')}
            style={{ marginBottom: 16 }}
            data-testid="pull-form-no-invite-variable"
          />
        )}
        <Form.Item
          name="inviteVariable"
          label={t('inviteVariable')}
          extra={t('inviteVariableHelp')}
          hidden={inviteKeys.length === 0}
          rules={[{ required: true, message: t('inviteVariableRequired') }]}
        >
          <Select
            options={inviteKeys.map((key) => ({ value: key, label: key }))}
            data-testid="pull-form-invite-variable"
          />
        </Form.Item>
        {otherKeys.map((key) => (
          <Form.Item
            key={key}
            name={['values', key]}
            label={t('variableValue', { key })}
            rules={[{ required: true, whitespace: true, message: t('variableRequired') }]}
          >
            <Input maxLength={1024} />
          </Form.Item>
        ))}
        <Form.Item name="invitesPerGroup" label={t('invitesPerGroup')} extra={t('invitesPerGroupHelp')}>
          <InputNumber min={MAX_GROUP_PARTICIPANTS} max={1000} data-testid="pull-form-per-group" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
