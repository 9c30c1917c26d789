import { DownloadOutlined } from '@ant-design/icons';
import { calls, type LedgerView } from '@ws/contract';
import { useDownload } from '@ws/web-kit/list';
import { datePickerFormat, toDateParam } from '@ws/web-kit/utils';
import { Button, Card, DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerFilter, usePlatformAdmin } from './customer-filter.js';

/** A Billing screen's filters: a day range (UTC days) and, for the platform admin, one customer. */
export interface DayRange {
  from?: string;
  to?: string;
  tenantId?: string;
}

/** The filters of a Billing screen, and its CSV and XLSX exports of `view`. */
export function useDayRange(): [DayRange, (range: DayRange) => void] {
  return useState<DayRange>({});
}

export function LedgerFilters({
  view,
  range,
  onChange,
}: {
  /** The list the export buttons download; none without it. */
  view?: LedgerView;
  range: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const { t } = useTranslation('billing');
  const download = useDownload();
  const [dates, setDates] = useState<[Dayjs, Dayjs] | null>(null);
  const platformAdmin = usePlatformAdmin();
  const exportAs = (format: 'csv' | 'xlsx') =>
    view && void download(calls.ledgerDown, { body: { view, format, filters: range } }, `${view}.${format}`);
  return (
    <Card style={{ marginBottom: 16 }}>
      <Form layout="inline" style={{ rowGap: 12 }}>
        <Form.Item label={t('range')}>
          <DatePicker.RangePicker
            value={dates}
            format={datePickerFormat()}
            onChange={(picked) => {
              const chosen = picked?.[0] && picked[1] ? ([picked[0], picked[1]] as [Dayjs, Dayjs]) : null;
              setDates(chosen);
              const days = chosen ? { from: toDateParam(chosen[0]), to: toDateParam(chosen[1]) } : {};
              onChange({ ...days, ...(range.tenantId ? { tenantId: range.tenantId } : {}) });
            }}
            data-testid={`${view ?? 'ports'}-range`}
          />
        </Form.Item>
        {platformAdmin && (
          <Form.Item label={t('customer')}>
            <CustomerFilter
              value={range.tenantId}
              onChange={(tenantId) => {
                const { tenantId: _, ...days } = range;
                onChange(tenantId ? { ...days, tenantId } : days);
              }}
              data-testid={`${view ?? 'ports'}-customer`}
            />
          </Form.Item>
        )}
        {view && (
          <Form.Item>
            <Space>
              <Button icon={<DownloadOutlined />} onClick={() => exportAs('csv')} data-testid={`${view}-csv`}>
                {t('exportCsv')}
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => exportAs('xlsx')}>
                {t('exportXlsx')}
              </Button>
            </Space>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
