import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Drops empty fields so a filter object only names what the user chose. */
export function withoutEmpty<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}

/**
 * The filters above a list: inline fields with search and reset. `onSearch` gets the non-empty
 * values; reset clears the fields and searches with none.
 */
export function FilterBar<T extends object>({
  form,
  onSearch,
  children,
  extra,
}: {
  form: FormInstance<T>;
  onSearch(values: Partial<T>): void;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('list');
  return (
    <Form<T>
      form={form}
      layout="inline"
      onFinish={(values) => onSearch(withoutEmpty(values))}
      style={{ rowGap: 12, marginBottom: 16 }}
      data-testid="filter-bar"
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
            {t('search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
            data-testid="filter-reset"
          >
            {t('reset')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A filter that picks one of fixed options; cleared, it filters nothing. */
export function FilterSelect<V extends string>({
  name,
  placeholder,
  width,
  options,
  'data-testid': testId,
}: {
  name: string;
  placeholder: string;
  width: number;
  options: { value: V; label: ReactNode }[];
  'data-testid': string;
}) {
  return (
    <Form.Item name={name}>
      <Select<V> allowClear placeholder={placeholder} style={{ width }} options={options} data-testid={testId} />
    </Form.Item>
  );
}

/** The value of a yes / no filter (antd selects hold no booleans). */
export type YesNo = 'yes' | 'no';

/** A filter that is yes, no, or cleared (filters nothing). */
export function FilterYesNo({
  yes,
  no,
  ...filter
}: {
  name: string;
  placeholder: string;
  yes: string;
  no: string;
  'data-testid': string;
}) {
  return (
    <FilterSelect<YesNo>
      {...filter}
      width={130}
      options={[
        { value: 'yes', label: yes },
        { value: 'no', label: no },
      ]}
    />
  );
}
