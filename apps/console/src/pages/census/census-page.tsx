import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CensusData, type CensusRange, calls, MAX_CENSUS_DAYS, PAGE_SIZES } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { useDownload } from '@ws/web-kit/list';
import { NumberSelect } from '@ws/web-kit/pickers';
import { datePickerFormat, formatDate, toDateParam } from '@ws/web-kit/utils';
import { Button, Card, DatePicker, Form, Space, Table, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CensusCharts } from './census-charts.js';
import { CensusTotalsCards } from './census-totals.js';

/** The range shown first: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

type DayRow = CensusData['days'][number];

/** /passenger/data: contact totals, new contacts and opt-outs per day, by number and by source. */
export default function CensusPage() {
  const { t } = useTranslation('census');
  const queryClient = useQueryClient();
  const download = useDownload();
  const [dates, setDates] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(DEFAULT_DAYS - 1, 'day'), dayjs()]);
  const [numberId, setNumberId] = useState<string>();
  const range: CensusRange = {
    from: toDateParam(dates[0]),
    to: toDateParam(dates[1]),
    ...(numberId ? { numberId } : {}),
  };

  const data = useQuery({
    queryKey: [calls.censusData.id, range],
    queryFn: ({ signal }) => callApi(calls.censusData, { body: range, signal }),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery({
    queryKey: [calls.censusTotal.id, numberId ?? null],
    queryFn: ({ signal }) => callApi(calls.censusTotal, { body: numberId ? { numberId } : {}, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [calls.censusData.id] }),
      queryClient.invalidateQueries({ queryKey: [calls.censusTotal.id] }),
    ]);

  return (
    <div data-testid="census-page">
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label={<Tooltip title={t('rangeHint')}>{t('range')}</Tooltip>}>
            <DatePicker.RangePicker
              value={dates}
              format={datePickerFormat()}
              allowClear={false}
              disabledDate={(current, { from }) =>
                current.isAfter(dayjs(), 'day') ||
                (from ? Math.abs(current.diff(from, 'day')) >= MAX_CENSUS_DAYS : false)
              }
              onChange={(picked) => {
                if (picked?.[0] && picked[1]) setDates([picked[0], picked[1]]);
              }}
              data-testid="census-range"
            />
          </Form.Item>
          <Form.Item label={t('number')}>
            <NumberSelect
              value={numberId}
              onChange={setNumberId}
              style={{ width: 240 }}
              data-testid="census-number-filter"
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="census-refresh">
                {t('refresh')}
              </Button>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={() =>
                  void download(calls.censusExport, { body: range }, `contact-statistics-${range.from}-${range.to}.csv`)
                }
                data-testid="census-export"
              >
                {t('export')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <CensusTotalsCards totals={totals.data} loading={totals.isFetching} />
      <CensusCharts data={data.data} />
      <Card title={t('dayTable')}>
        <Table<DayRow>
          rowKey="day"
          size="small"
          loading={data.isFetching}
          dataSource={[...(data.data?.days ?? [])].reverse()}
          pagination={{ defaultPageSize: 10, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true }}
          columns={[
            { title: t('day'), dataIndex: 'day', render: (day: string) => formatDate(day) },
            { title: t('created'), dataIndex: 'created', align: 'right' },
            { title: t('optOuts'), dataIndex: 'opted_out', align: 'right' },
          ]}
          locale={{ emptyText: <Typography.Text type="secondary">{t('noData')}</Typography.Text> }}
          data-testid="census-day-table"
        />
      </Card>
    </div>
  );
}
