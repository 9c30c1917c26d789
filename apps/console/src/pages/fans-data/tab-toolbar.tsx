import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { ReactNode } from 'react';

/** A tab's bar above its table: its buttons on the left, the name search and refresh on the right. */
export function TabToolbar({
  children,
  filters,
  searchPlaceholder,
  refreshText,
  onSearch,
  onRefresh,
  testPrefix,
}: {
  children: ReactNode;
  /** More filters, before the search. */
  filters?: ReactNode;
  searchPlaceholder: string;
  refreshText: string;
  onSearch(text: string): void;
  onRefresh(): void;
  /** `<prefix>-search` and `<prefix>-refresh` are the test ids. */
  testPrefix: string;
}) {
  return (
    <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>{children}</Space>
      <Space wrap>
        {filters}
        <Input.Search
          allowClear
          placeholder={searchPlaceholder}
          onSearch={(text) => onSearch(text.trim())}
          style={{ width: 220 }}
          data-testid={`${testPrefix}-search`}
        />
        <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid={`${testPrefix}-refresh`}>
          {refreshText}
        </Button>
      </Space>
    </Space>
  );
}
