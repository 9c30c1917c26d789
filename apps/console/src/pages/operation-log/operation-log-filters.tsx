import { DownloadOutlined } from '@ant-design/icons';
import { allCalls, type BodyOf, calls } from '@ws/contract';
import { useLanguage } from '@ws/web-kit/i18n';
import { FilterBar, useDownload } from '@ws/web-kit/list';
import { dateTimePickerFormat } from '@ws/web-kit/utils';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel } from './action-labels.js';

/** The filters as the page sends them (the contract's input: the address as typed). */
export type OperationLogFilters = NonNullable<NonNullable<BodyOf<typeof calls.operationList>>['filters']>;

interface FilterFields {
  tenantId?: string;
  username?: string;
  action?: string;
  target?: string;
  address?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** The filter fields as the list call takes them: the time range as two instants. */
function filtersOf({ range, ...fields }: Partial<FilterFields>): OperationLogFilters {
  return { ...fields, ...(range ? { from: range[0].toISOString(), to: range[1].toISOString() } : {}) };
}

/** Every action the log can hold (the calls that change something), by their names in the language. */
function useActionOptions() {
  const language = useLanguage();
  return useMemo(
    () =>
      allCalls
        .filter((call) => call.kind !== 'read')
        .map((call) => ({ value: call.id, label: actionLabel(call.id, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [language],
  );
}

/** The log's filters (the platform admin's also by customer) and its CSV and XLSX exports of what they select. */
export function OperationLogFilterBar({
  filters,
  onChange,
  showTenant,
}: {
  filters: OperationLogFilters;
  onChange: (filters: OperationLogFilters) => void;
  showTenant: boolean;
}) {
  const { t } = useTranslation('operationLog');
  const [form] = Form.useForm<FilterFields>();
  const download = useDownload();
  const actions = useActionOptions();
  const exportAs = (format: 'csv' | 'xlsx') =>
    void download(calls.operationDown, { body: { format, filters } }, `operation-log.${format}`);
  return (
    <FilterBar<FilterFields>
      form={form}
      onSearch={(values) => onChange(filtersOf(values))}
      extra={
        <>
          <Button icon={<DownloadOutlined />} onClick={() => exportAs('csv')} data-testid="oplog-csv">
            {t('exportCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => exportAs('xlsx')} data-testid="oplog-xlsx">
            {t('exportXlsx')}
          </Button>
        </>
      }
    >
      {showTenant && (
        <Form.Item name="tenantId">
          <Input allowClear placeholder={t('tenantPlaceholder')} style={{ width: 150 }} data-testid="oplog-tenant" />
        </Form.Item>
      )}
      <Form.Item name="username">
        <Input allowClear placeholder={t('userPlaceholder')} style={{ width: 170 }} data-testid="oplog-user" />
      </Form.Item>
      <Form.Item name="action">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('actionPlaceholder')}
          options={actions}
          style={{ width: 200 }}
          data-testid="oplog-action"
        />
      </Form.Item>
      <Form.Item name="target">
        <Input allowClear placeholder={t('targetPlaceholder')} style={{ width: 180 }} data-testid="oplog-target" />
      </Form.Item>
      <Form.Item name="address">
        <Input allowClear placeholder={t('addressPlaceholder')} style={{ width: 220 }} data-testid="oplog-address" />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker showTime format={dateTimePickerFormat()} data-testid="oplog-range" />
      </Form.Item>
    </FilterBar>
  );
}
