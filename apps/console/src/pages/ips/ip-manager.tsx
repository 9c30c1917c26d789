import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { calls, type EgressIp, type IpScope } from '@ws/contract';
import {
  BatchActions,
  FilterBar,
  FilterYesNo,
  type ListBody,
  PagedTable,
  useColumnChoice,
  usePagedList,
  useRowSelection,
  type YesNo,
} from '@ws/web-kit/list';
import { Alert, Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditDialog } from '../../components/form/index.js';
import { IP_COLUMNS_HIDDEN, useIpColumns } from './ip-columns.js';
import { IpFormModal } from './ip-form.js';
import { type GroupChoice, IpGroupsPanel } from './ip-groups-panel.js';
import { useCanManage, useRefreshIps } from './ip-queries.js';
import { useIpActions } from './use-ip-actions.js';

interface Filters {
  search?: string;
  enabled?: YesNo;
}

type IpListFilters = Omit<NonNullable<ListBody<typeof calls.ipList>['filters']>, 'groupId'>;

const toRequest = ({ search, enabled }: Partial<Filters>): IpListFilters => ({
  ...(search ? { search } : {}),
  ...(enabled ? { enabled: enabled === 'yes' } : {}),
});

/**
 * The egress IPs of one scope: groups on the side (a filter, and where groups are managed), the IP
 * table with its filters, single and bulk add, edit, delete, move, enable or disable, and the
 * health check. System IPs are read-only for everyone but the platform admin.
 */
export function IpManager({ scope, title, testId }: { scope: IpScope; title: string; testId: string }) {
  const { t } = useTranslation('ips');
  const canManage = useCanManage(scope);
  const [form] = Form.useForm<Filters>();
  const [group, setGroup] = useState<GroupChoice>(undefined);
  const [filters, setFilters] = useState<IpListFilters>({});
  const editor = useEditDialog<EgressIp>();
  const list = usePagedList(calls.ipList, {
    scope,
    filters: { ...(group === undefined ? {} : { groupId: group }), ...filters },
  });
  const refresh = useRefreshIps();
  const selection = useRowSelection();
  const actions = useIpActions({ scope, selection, refresh });
  const { columns, picker } = useColumnChoice(
    `ips-${scope}`,
    useIpColumns({ ...actions, canManage, edit: editor.edit }),
    IP_COLUMNS_HIDDEN,
  );

  return (
    <Card title={title} data-testid={testId}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon title={canManage ? t('intro') : t('readOnly')} data-testid="ip-notice" />
        <Row gutter={16} wrap>
          <Col xs={24} lg={8} xl={5}>
            <IpGroupsPanel
              scope={scope}
              canManage={canManage}
              selected={group}
              onSelect={(choice) => {
                setGroup(choice);
                selection.clear();
              }}
            />
          </Col>
          <Col xs={24} lg={16} xl={19}>
            <FilterBar<Filters> form={form} onSearch={(values) => setFilters(toRequest(values))}>
              <Form.Item name="search">
                <Input allowClear placeholder={t('searchPlaceholder')} maxLength={100} data-testid="ip-search" />
              </Form.Item>
              <FilterYesNo
                name="enabled"
                placeholder={t('enabledAll')}
                yes={t('on')}
                no={t('off')}
                data-testid="ip-enabled-filter"
              />
            </FilterBar>
            <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
              {canManage ? (
                <Space wrap>
                  <Button type="primary" icon={<PlusOutlined />} onClick={editor.add} data-testid="ip-add">
                    {t('add')}
                  </Button>
                  <BatchActions selection={selection} actions={actions.batch} inline={2} />
                </Space>
              ) : (
                <span />
              )}
              <Space>
                <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="ip-refresh">
                  {t('refresh')}
                </Button>
                {picker}
              </Space>
            </Space>
            <div data-testid="ip-table">
              <PagedTable<EgressIp> rowKey="id" list={list} columns={columns} {...(canManage ? { selection } : {})} />
            </div>
          </Col>
        </Row>
      </Space>
      {canManage && (
        <>
          <IpFormModal scope={scope} {...editor.dialog} onSaved={() => void refresh()} />
          {actions.dialogs}
        </>
      )}
    </Card>
  );
}
