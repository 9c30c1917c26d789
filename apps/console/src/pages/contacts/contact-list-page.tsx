import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { CONSENT_STATES, CONTACT_WINDOWS, type ContactFilters, type ContactRecord, calls } from '@ws/contract';
import { BatchActions, FilterBar, FilterSelect, PagedTable, usePagedList, useRowSelection } from '@ws/web-kit/list';
import { NumberSelect, OwnerSelect } from '@ws/web-kit/pickers';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';
import { TagSelect } from '../tags/tag-table.js';
import { useContactColumns } from './contact-columns.js';
import { SourceSelect } from './contact-selects.js';
import { useContactActions } from './use-contact-actions.js';

/**
 * /passenger/list: the tenant's contacts newest first, filtered by name or phone, number, owner,
 * tag, consent, 24-hour window and source; batch delete, move, tag and export on the selection,
 * export of everything the filters match, and each contact's chat history.
 */
export default function ContactListPage() {
  const { t } = useTranslation('contacts');
  const codeName = useCodeName();
  const [form] = Form.useForm<ContactFilters>();
  const [filters, setFilters] = useState<ContactFilters>({} as ContactFilters);
  const list = usePagedList(calls.contactList, { filters });
  const selection = useRowSelection();
  const { actions, dialogs, exportFiltered } = useContactActions({ selection, filters, refresh: list.refresh });
  const columns = useContactColumns();

  return (
    <Card title={t('title')} data-testid="contact-list-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <FilterBar<ContactFilters> form={form} onSearch={(values) => setFilters(values as ContactFilters)}>
          <Form.Item name="search">
            <Input
              allowClear
              placeholder={t('searchPlaceholder')}
              style={{ width: 180 }}
              data-testid="contact-search"
            />
          </Form.Item>
          <Form.Item name="numberId">
            <NumberSelect data-testid="contact-number-filter" />
          </Form.Item>
          <Form.Item name="ownerUserId">
            <OwnerSelect of="contact" placeholder={t('ownerAll')} data-testid="contact-owner-filter" />
          </Form.Item>
          <Form.Item name="tagId">
            <TagSelect kind="contact" placeholder={t('tagAll')} data-testid="contact-tag-filter" />
          </Form.Item>
          <FilterSelect
            name="consent"
            placeholder={t('consentAll')}
            width={140}
            options={CONSENT_STATES.map((consent) => ({ value: consent, label: codeName('Consent', consent) }))}
            data-testid="contact-consent-filter"
          />
          <FilterSelect
            name="window"
            placeholder={t('windowAll')}
            width={150}
            options={CONTACT_WINDOWS.map((window) => ({ value: window, label: codeName('ContactWindow', window) }))}
            data-testid="contact-window-filter"
          />
          <Form.Item name="source">
            <SourceSelect data-testid="contact-source-filter" />
          </Form.Item>
        </FilterBar>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <BatchActions selection={selection} actions={actions} inline={4} />
          <Space>
            <Button icon={<DownloadOutlined />} onClick={exportFiltered} data-testid="contact-export-filtered">
              {t('exportFiltered')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="contact-refresh">
              {t('refresh')}
            </Button>
          </Space>
        </Space>
        <PagedTable<ContactRecord>
          rowKey="id"
          columns={columns}
          list={list}
          selection={selection}
          data-testid="contact-table"
        />
      </Space>
      {dialogs}
    </Card>
  );
}
