import { PAGE_SIZES } from '@ws/contract';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PagedList } from './use-paged-list.js';
import type { RowSelection } from './use-row-selection.js';

export interface PagedTableProps<R>
  extends Omit<TableProps<R>, 'dataSource' | 'pagination' | 'loading' | 'rowSelection'> {
  list: PagedList<R>;
  /** Rows can be selected for batch actions. */
  selection?: RowSelection;
}

/** A list screen's table: the page sizes 10/30/50/100/200, the total, and optional row selection. */
export function PagedTable<R extends object>({ list, selection, ...table }: PagedTableProps<R>) {
  const { t } = useTranslation('list');
  return (
    <Table<R>
      size="middle"
      scroll={{ x: 'max-content' }}
      {...table}
      dataSource={list.records}
      loading={list.loading}
      rowSelection={selection?.tableProps}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: list.total,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: (total) => (list.totalCapped ? t('totalAtLeast', { count: total }) : t('total', { count: total })),
        onChange: list.turn,
      }}
    />
  );
}
