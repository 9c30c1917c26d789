import { ReloadOutlined, TagsOutlined } from '@ant-design/icons';
import { calls, NUMBER_QUALITIES, type NumberListRecord } from '@ws/contract';
import {
  BatchActions,
  FilterBar,
  FilterSelect,
  FilterYesNo,
  type ListBody,
  PagedTable,
  useColumnChoice,
  usePagedList,
  useRowSelection,
  type YesNo,
} from '@ws/web-kit/list';
import { OwnerSelect } from '@ws/web-kit/pickers';
import { Button, Card, Drawer, Form, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../../components/codes/code-label.js';
import { TagSelect, TagTable } from '../../tags/tag-table.js';
import { IpSelect } from './ip-select.js';
import { NUMBER_COLUMNS_HIDDEN, useNumberColumns } from './number-columns.js';
import { useNumberActions } from './use-number-actions.js';

/** Meta's number statuses, for the status filter. */
const STATUSES = ['CONNECTED', 'PENDING', 'FLAGGED', 'RESTRICTED', 'BANNED', 'DISCONNECTED', 'DELETED'];

type RequestFilters = NonNullable<ListBody<typeof calls.numberList>['filters']>;
/** The filter form's fields: "paused" is a yes/no choice there. */
type Filters = Omit<RequestFilters, 'paused'> & { paused?: YesNo };

const toRequestFilters = ({ paused, ...rest }: Partial<Filters>): RequestFilters => ({
  ...rest,
  ...(paused ? { paused: paused === 'yes' } : {}),
});

/**
 * /accountmanage/wslist: the tenant's numbers in service or on standby, filtered, with batch
 * actions on the selection and each number's chat history and channel check.
 */
export default function NumberListPage() {
  const { t } = useTranslation('numbers');
  const codeName = useCodeName();
  const [form] = Form.useForm<Filters>();
  const [standby, setStandby] = useState(false);
  const [filters, setFilters] = useState<RequestFilters>({});
  const [tagsOpen, setTagsOpen] = useState(false);
  const list = usePagedList(calls.numberList, { standby, filters });
  const selection = useRowSelection();
  const { actions, dialogs, check } = useNumberActions({ standby, selection, refresh: list.refresh });
  const { columns, picker } = useColumnChoice(
    'wslist',
    useNumberColumns((number) => void check([number.id])),
    NUMBER_COLUMNS_HIDDEN,
  );

  return (
    <Card title={t('title')} data-testid="wslist-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Segmented<'service' | 'standby'>
          value={standby ? 'standby' : 'service'}
          onChange={(value) => {
            setStandby(value === 'standby');
            selection.clear();
          }}
          options={[
            { value: 'service', label: t('inService') },
            { value: 'standby', label: t('standby') },
          ]}
          data-testid="wslist-standby"
        />
        <FilterBar<Filters> form={form} onSearch={(values) => setFilters(toRequestFilters(values))}>
          <Form.Item name="phone">
            <Input allowClear placeholder={t('phoneFilter')} style={{ width: 180 }} data-testid="wslist-phone-filter" />
          </Form.Item>
          <FilterSelect
            name="status"
            placeholder={t('statusAll')}
            width={150}
            options={STATUSES.map((status) => ({ value: status, label: codeName('MetaNumberStatus', status) }))}
            data-testid="wslist-status-filter"
          />
          <FilterSelect
            name="quality"
            placeholder={t('qualityAll')}
            width={130}
            options={NUMBER_QUALITIES.map((quality) => ({ value: quality, label: codeName('NumberQuality', quality) }))}
            data-testid="wslist-quality-filter"
          />
          <Form.Item name="tagId">
            <TagSelect kind="number" data-testid="wslist-tag-filter" />
          </Form.Item>
          <Form.Item name="ownerUserId">
            <OwnerSelect data-testid="wslist-owner-filter" />
          </Form.Item>
          <Form.Item name="ipId">
            <IpSelect data-testid="wslist-ip-filter" />
          </Form.Item>
          <FilterYesNo
            name="paused"
            placeholder={t('pausedAll')}
            yes={t('pausedYes')}
            no={t('pausedNo')}
            data-testid="wslist-paused-filter"
          />
        </FilterBar>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <BatchActions selection={selection} actions={actions} inline={4} />
          <Space>
            <Button icon={<TagsOutlined />} onClick={() => setTagsOpen(true)} data-testid="wslist-manage-tags">
              {t('manageTags')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refresh()} data-testid="wslist-refresh">
              {t('refresh')}
            </Button>
            {picker}
          </Space>
        </Space>
        <PagedTable<NumberListRecord> rowKey="id" columns={columns} list={list} selection={selection} />
      </Space>
      {dialogs}
      <Drawer
        open={tagsOpen}
        onClose={() => {
          setTagsOpen(false);
          void list.refresh();
        }}
        title={t('numberTags')}
        size="large"
        destroyOnHidden
        data-testid="wslist-tags-drawer"
      >
        <TagTable kind="number" />
      </Drawer>
    </Card>
  );
}
