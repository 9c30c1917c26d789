import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, type TableColumnType, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createPersistedStore, useStore } from '../storage/storage.js';

/** Which columns the user showed (true) or hid (false); a column not named follows the list's default. */
type Choices = Record<string, boolean>;

const isChoices = (value: unknown): value is Choices =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((shown) => typeof shown === 'boolean');

const stores = new Map<string, ReturnType<typeof createPersistedStore<Choices>>>();
/** One stored choice per list, kept in localStorage as `list-columns-<list>`. */
function storeOf(list: string) {
  let store = stores.get(list);
  if (!store) {
    store = createPersistedStore<Choices>(`list-columns-${list}`, {}, isChoices);
    stores.set(list, store);
  }
  return store;
}

/** A column's stable name: its key, else its data index. */
const nameOf = <R,>(column: TableColumnType<R>) => String(column.key ?? column.dataIndex);

export interface ColumnChoice<R> {
  /** The columns to show, in their order. */
  columns: TableColumnType<R>[];
  /** The button that opens the list of columns to show or hide. */
  picker: ReactNode;
}

/**
 * Lets the user choose a list's columns. Fixed columns (the row's name, its actions) always show;
 * the others show unless named in `hiddenByDefault`, and the user's choice is remembered per list.
 */
export function useColumnChoice<R>(
  list: string,
  columns: TableColumnType<R>[],
  hiddenByDefault: readonly string[],
): ColumnChoice<R> {
  const { t } = useTranslation('list');
  const store = storeOf(list);
  const choices = useStore(store);
  const optional = (column: TableColumnType<R>) => !column.fixed;
  const shown = (column: TableColumnType<R>) => {
    const name = nameOf(column);
    return !optional(column) || (choices[name] ?? !hiddenByDefault.includes(name));
  };
  const picker = (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Space orientation="vertical" size={4} data-testid="column-choices">
          {columns.filter(optional).map((column) => {
            const name = nameOf(column);
            return (
              <Checkbox
                key={name}
                checked={shown(column)}
                onChange={(event) => store.set({ ...choices, [name]: event.target.checked })}
                data-testid={`column-choice-${name}`}
              >
                {column.title as ReactNode}
              </Checkbox>
            );
          })}
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => store.reset()}>
            {t('columnsDefault')}
          </Button>
        </Space>
      }
    >
      <Tooltip title={t('columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('columns')} data-testid="column-picker" />
      </Tooltip>
    </Popover>
  );
  return { columns: columns.filter(shown), picker };
}
