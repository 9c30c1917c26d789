import { type AudienceList, calls } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberSelect, OwnerSelect } from '@ws/web-kit/pickers';
import { Alert, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../components/form/index.js';
import { TagSelect } from '../tags/tag-select.js';

interface LoadFields {
  numberId?: string;
  ownerUserId?: string;
  tagIds?: string[];
}

/**
 * "Load into contacts": the list's valid rows go into the contact book as a job. New contacts get
 * the list's consent when it has evidence (else none: served, never marketed to); optionally an
 * owner number, an agent, and contact tags. Opted-out contacts stay opted out.
 */
export function LoadDialog({
  list,
  onClose,
  onStarted,
}: {
  list: AudienceList;
  onClose(): void;
  onStarted(list: AudienceList): void;
}) {
  const { t } = useTranslation('audiences');
  const load = async (fields: LoadFields) => {
    const body = {
      id: list.id,
      numberId: fields.numberId ?? null,
      ownerUserId: fields.ownerUserId ?? null,
      tagIds: fields.tagIds ?? [],
    };
    onStarted(await callApi(calls.audienceLoad, { body, notifySuccess: true }));
  };
  return (
    <ModalForm<LoadFields>
      title={t('loadTitle', { name: list.name })}
      okText={t('loadOk')}
      onSubmit={load}
      onClose={onClose}
      testId="audience-load-dialog"
      okTestId="audience-load-ok"
      intro={
        <>
          <Typography.Paragraph>
            {t('loadIntro', { count: list.counts.valid, optedOut: list.counts.opted_out })}
          </Typography.Paragraph>
          <Alert
            type={list.has_evidence ? 'info' : 'warning'}
            showIcon
            title={list.has_evidence ? t('loadWithConsent') : t('loadWithoutConsent')}
            style={{ marginBottom: 16 }}
            data-testid="audience-load-consent"
          />
        </>
      }
    >
      <Form.Item name="numberId" label={t('loadNumber')} extra={t('loadNumberHint')}>
        <NumberSelect placeholder={t('loadNone')} style={{ width: '100%' }} data-testid="audience-load-number" />
      </Form.Item>
      <Form.Item name="ownerUserId" label={t('loadAgent')} extra={t('loadAgentHint')}>
        <OwnerSelect
          of="contact"
          placeholder={t('loadNone')}
          style={{ width: '100%' }}
          data-testid="audience-load-agent"
        />
      </Form.Item>
      <Form.Item name="tagIds" label={t('loadTags')} extra={t('loadTagsHint')}>
        <TagSelect kind="contact" mode="multiple" style={{ width: '100%' }} data-testid="audience-load-tags" />
      </Form.Item>
    </ModalForm>
  );
}
