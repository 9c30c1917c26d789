import { type CampaignKind, CONSENT_STATES, CONTACT_WINDOWS, calls, RECIPIENT_STATES } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { NumberMultiSelect, NumberSelect, SearchSelect } from '@ws/web-kit/pickers';
import { Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { TagSelect } from '../tags/tag-select.js';
import { callsOf } from './campaign-calls.js';
import { AUDIENCE_SOURCES, type CampaignFields } from './campaign-draft.js';

/** Lists or pools offered at once; typing part of the name narrows them. */
const OFFERED = 30;

/** Who sends: numbers chosen one by one and/or every number carrying the chosen number tags. */
export function SenderFields() {
  const { t } = useTranslation('campaigns');
  return (
    <Form.Item label={t('senders')} extra={t('sendersHelp')} required>
      <Space wrap align="start">
        <Form.Item
          name="numberIds"
          noStyle
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, ids?: string[]) => {
                const tags = getFieldValue('numberTagIds') as string[] | undefined;
                if (!ids?.length && !tags?.length) throw new Error(t('sendersRequired'));
              },
            }),
          ]}
        >
          <NumberMultiSelect placeholder={t('senderNumbers')} style={{ width: 340 }} data-testid="campaign-numbers" />
        </Form.Item>
        <Form.Item name="numberTagIds" noStyle>
          <TagSelect
            kind="number"
            mode="multiple"
            placeholder={t('senderTags')}
            style={{ width: 240 }}
            data-testid="campaign-number-tags"
          />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}

/**
 * Who gets it: contacts with any of some tags, a contact filter, an audience list, a pool, or an
 * earlier campaign's recipients by state (retargeting).
 */
export function AudienceFields({ kind, fields }: { kind: CampaignKind; fields: CampaignFields }) {
  const { t } = useTranslation('campaigns');
  const codeName = useCodeName();
  return (
    <>
      <Form.Item name="audienceSource" label={t('audience')} extra={t('audienceHelp')}>
        <Radio.Group
          optionType="button"
          options={AUDIENCE_SOURCES.map((value) => ({ value, label: t(`audienceSource.${value}`) }))}
          data-testid="campaign-audience-source"
        />
      </Form.Item>
      {fields.audienceSource === 'tags' && (
        <Form.Item name="tagIds" rules={[{ required: true, message: t('tagsRequired') }]}>
          <TagSelect
            kind="contact"
            mode="multiple"
            placeholder={t('audienceTags')}
            style={{ width: '100%' }}
            data-testid="campaign-audience-tags"
          />
        </Form.Item>
      )}
      {fields.audienceSource === 'filter' && (
        <Space wrap data-testid="campaign-audience-filter">
          <Form.Item name="filterNumberId">
            <NumberSelect placeholder={t('filterNumber')} data-testid="campaign-filter-number" />
          </Form.Item>
          <Form.Item name="filterConsent">
            <Select
              allowClear
              placeholder={t('filterConsent')}
              style={{ width: 150 }}
              options={CONSENT_STATES.map((value) => ({ value, label: codeName('Consent', value) }))}
              data-testid="campaign-filter-consent"
            />
          </Form.Item>
          <Form.Item name="filterWindow">
            <Select
              allowClear
              placeholder={t('filterWindow')}
              style={{ width: 170 }}
              options={CONTACT_WINDOWS.map((value) => ({ value, label: codeName('ContactWindow', value) }))}
              data-testid="campaign-filter-window"
            />
          </Form.Item>
          <Form.Item name="filterSource">
            <Input allowClear placeholder={t('filterSource')} style={{ width: 170 }} maxLength={64} />
          </Form.Item>
        </Space>
      )}
      {fields.audienceSource === 'list' && (
        <Form.Item name="listId" rules={[{ required: true, message: t('listRequired') }]}>
          <SearchSelect
            queryKey={[calls.audienceList.id, 'campaign-list-select']}
            search={async (search, signal) => {
              const page = await callApi(calls.audienceList, {
                body: { page: 1, pageSize: OFFERED, filters: { search } },
                signal,
              });
              return page.records.map((list) => ({ value: list.id, label: list.name }));
            }}
            notFound={t('listNone')}
            placeholder={t('audienceList')}
            style={{ width: '100%' }}
            data-testid="campaign-audience-list"
          />
        </Form.Item>
      )}
      {fields.audienceSource === 'pool' && (
        <Form.Item name="poolId" rules={[{ required: true, message: t('poolRequired') }]}>
          <SearchSelect
            queryKey={[calls.poolList.id, 'campaign-pool-select']}
            search={async (search, signal) => {
              const page = await callApi(calls.poolList, {
                body: { page: 1, pageSize: OFFERED, filters: { search } },
                signal,
              });
              return page.records.map((pool) => ({ value: pool.id, label: `${pool.name} (${pool.total})` }));
            }}
            notFound={t('poolNone')}
            placeholder={t('audiencePool')}
            style={{ width: '100%' }}
            data-testid="campaign-audience-pool"
          />
        </Form.Item>
      )}
      {fields.audienceSource === 'campaign' && (
        <Space wrap align="start" data-testid="campaign-audience-retarget">
          <Form.Item name="retargetId" rules={[{ required: true, message: t('retargetRequired') }]}>
            <SearchSelect
              queryKey={[callsOf(kind).list.id, 'campaign-retarget-select']}
              search={async (search, signal) => {
                const page = await callApi(callsOf(kind).list, {
                  body: { page: 1, pageSize: OFFERED, filters: { search } },
                  signal,
                });
                return page.records.map((campaign) => ({ value: campaign.id, label: campaign.name }));
              }}
              notFound={t('retargetNone')}
              placeholder={t('retargetCampaign')}
              style={{ width: 300 }}
              data-testid="campaign-retarget-campaign"
            />
          </Form.Item>
          <Form.Item name="retargetStates" rules={[{ required: true, message: t('retargetStatesRequired') }]}>
            <Select
              mode="multiple"
              placeholder={t('retargetStates')}
              style={{ minWidth: 280 }}
              options={RECIPIENT_STATES.map((value) => ({ value, label: codeName('RecipientState', value) }))}
              data-testid="campaign-retarget-states"
            />
          </Form.Item>
        </Space>
      )}
    </>
  );
}
