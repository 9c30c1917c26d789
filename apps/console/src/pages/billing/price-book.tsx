import { useQuery } from '@tanstack/react-query';
import { calls, formatMicros, type PriceRate } from '@ws/contract';
import { callApi } from '@ws/web-kit/api';
import { formatDate } from '@ws/web-kit/utils';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeName } from '../../components/codes/code-label.js';

/** The date-effective price book the message costs are charged from. */
export function PriceBookTable() {
  const { t } = useTranslation('billing');
  const codeName = useCodeName();
  const book = useQuery({
    queryKey: [calls.priceList.id],
    queryFn: ({ signal }) => callApi(calls.priceList, { body: {}, signal }),
  });
  return (
    <Card title={t('priceBook')} style={{ marginBottom: 16 }}>
      <Table<PriceRate>
        size="small"
        rowKey={(rate) => `${rate.market}-${rate.category}-${rate.effective_from}`}
        loading={book.isLoading}
        dataSource={book.data?.rates ?? []}
        columns={[
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
            align: 'right',
            render: (micros: number) => formatMicros(micros, 6),
          },
          { title: t('source'), dataIndex: 'source', ellipsis: true },
        ]}
        data-testid="price-book-table"
      />
    </Card>
  );
}
