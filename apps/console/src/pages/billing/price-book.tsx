import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, formatMicros, type NewPriceRate, PriceCategory } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { datePickerFormat, dayInTimeZone, formatDate, toDateParam } from '@ws/web-kit/utils';
import { Button, Card, DatePicker, Form, Input, Select, Table, Tabs, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCodeName } from '../../components/codes/code-label.js';
import { ModalForm } from '../../components/form/index.js';
import { usePlatformAdmin } from './customer-filter.js';
import { type RateState, ratesWithState } from './price-book-rates.js';

const BOOK_KEY = [calls.priceList.id];
const STATE_COLOR: Record<RateState, string> = { in_effect: 'green', scheduled: 'blue', replaced: 'default' };

/**
 * The date-effective price book the message costs are charged from: the rates in effect today per
 * market and category, every rate with its state (the history), and the country markets; the
 * platform admin adds a rate from a day on (a new row, never an edit).
 */
export function PriceBookTable() {
  const { t } = useTranslation('billing');
  const codeName = useCodeName();
  const queryClient = useQueryClient();
  const platformAdmin = usePlatformAdmin();
  const [adding, setAdding] = useState(false);
  const book = useQuery({
    queryKey: BOOK_KEY,
    queryFn: ({ signal }) => callApi(calls.priceList, { body: {}, signal }),
  });
  const rates = useMemo(() => ratesWithState(book.data?.rates ?? [], dayInTimeZone(new Date(), 'UTC')), [book.data]);
  type Row = (typeof rates)[number];
  const columns = [
    { title: t('market'), dataIndex: 'market' },
    {
      title: t('category'),
      dataIndex: 'category',
      render: (category: string) => codeName('PriceCategory', category),
    },
    { title: t('effectiveFrom'), dataIndex: 'effective_from', render: (day: string) => formatDate(day) },
    {
      title: t('unitPrice'),
      dataIndex: 'unit_micros',
      align: 'right' as const,
      render: (micros: number) => formatMicros(micros, 6),
    },
    {
      title: t('rateState'),
      dataIndex: 'state',
      render: (state: RateState) => <Tag color={STATE_COLOR[state]}>{t(`rateStates.${state}`)}</Tag>,
    },
    { title: t('source'), dataIndex: 'source', ellipsis: true },
  ];
  const rateKey = (rate: Row) => `${rate.market}-${rate.category}-${rate.effective_from}`;
  return (
    <Card
      title={t('priceBook')}
      style={{ marginBottom: 16 }}
      extra={
        platformAdmin && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="price-add">
            {t('addRate')}
          </Button>
        )
      }
    >
      <Tabs
        items={[
          {
            key: 'current',
            label: t('ratesInEffect'),
            children: (
              <Table<Row>
                size="small"
                rowKey={rateKey}
                loading={book.isLoading}
                dataSource={rates.filter((rate) => rate.state !== 'replaced')}
                columns={columns}
                data-testid="price-book-table"
              />
            ),
          },
          {
            key: 'history',
            label: t('rateHistory'),
            children: (
              <Table<Row>
                size="small"
                rowKey={rateKey}
                loading={book.isLoading}
                dataSource={rates}
                columns={columns}
                data-testid="price-history-table"
              />
            ),
          },
          {
            key: 'markets',
            label: t('markets'),
            children: (
              <Table
                size="small"
                rowKey={(row) => `${row.country}-${row.effective_from}`}
                loading={book.isLoading}
                dataSource={book.data?.markets ?? []}
                columns={[
                  { title: t('country'), dataIndex: 'country' },
                  { title: t('market'), dataIndex: 'market' },
                  { title: t('effectiveFrom'), dataIndex: 'effective_from', render: (day: string) => formatDate(day) },
                  { title: t('source'), dataIndex: 'source', ellipsis: true },
                ]}
              />
            ),
          },
        ]}
      />
      {adding && (
        <PriceAddDialog
          onClose={() => setAdding(false)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: BOOK_KEY })}
        />
      )}
    </Card>
  );
}

type Fields = Omit<z.input<typeof NewPriceRate>, 'effectiveFrom'> & { effectiveFrom: Dayjs };

/** `price/add`: a rate of a market and category from a day on (UTC). */
function PriceAddDialog({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('billing');
  const codeName = useCodeName();
  return (
    <ModalForm<Fields>
      title={t('addRate')}
      testId="price-add-form"
      okTestId="price-add-save"
      onClose={onClose}
      onSubmit={async ({ effectiveFrom, ...fields }) => {
        await callApi(calls.priceAdd, {
          body: { ...fields, effectiveFrom: toDateParam(effectiveFrom) },
          notifySuccess: true,
        });
        onSaved();
      }}
    >
      <Form.Item name="market" label={t('market')} extra={t('marketHelp')} rules={[{ required: true, max: 64 }]}>
        <Input data-testid="price-add-market" />
      </Form.Item>
      <Form.Item name="category" label={t('category')} rules={[{ required: true }]}>
        <Select
          options={PriceCategory.options.map((category) => ({
            value: category,
            label: codeName('PriceCategory', category),
          }))}
          data-testid="price-add-category"
        />
      </Form.Item>
      <Form.Item
        name="effectiveFrom"
        label={t('effectiveFrom')}
        extra={t('effectiveFromHelp')}
        rules={[{ required: true }]}
      >
        <DatePicker format={datePickerFormat()} data-testid="price-add-from" />
      </Form.Item>
      <Form.Item
        name="unitPrice"
        label={t('unitPriceUsd')}
        rules={[{ required: true, pattern: /^\d+(\.\d{1,6})?$/, message: t('unitPriceRule') }]}
      >
        <Input inputMode="decimal" data-testid="price-add-price" />
      </Form.Item>
      <Form.Item name="source" label={t('source')} extra={t('sourceHelp')} rules={[{ required: true, max: 255 }]}>
        <Input data-testid="price-add-source" />
      </Form.Item>
    </ModalForm>
  );
}
