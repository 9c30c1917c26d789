import type { Tag, UserInfo } from '@ws/contract';
import { Button, Tag as ColorTag, Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../utils/date-time.js';

/** Cell renderers and columns that several list screens share. */

/** A time as the lists show it: local, 24-hour; '-' for none. */
export const formatTime = (iso: string | null) => (iso ? formatDateTime(iso) : '-');

/** A user by nickname, else username; '-' for none. */
export const userName = (user: Pick<UserInfo, 'nickname' | 'username'> | null) =>
  user ? user.nickname || user.username : '-';

/** One tag in its colour (the default colour when it has none). */
export function TagChip({ tag, 'data-testid': testId }: { tag: Pick<Tag, 'name' | 'color'>; 'data-testid'?: string }) {
  return (
    <ColorTag color={tag.color || undefined} data-testid={testId}>
      {tag.name}
    </ColorTag>
  );
}

/** A row's tags in their colours. */
export function TagChips({
  tags,
  'data-testid': testId,
}: {
  tags: Pick<Tag, 'id' | 'name' | 'color'>[];
  'data-testid': string;
}) {
  return (
    <Space size={[0, 4]} wrap data-testid={testId}>
      {tags.map((tag) => (
        <TagChip key={tag.id} tag={tag} />
      ))}
    </Space>
  );
}

/** One of a row's actions: a small link button. */
export interface RowAction {
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  onClick(): void;
  testId: string;
}

/** The last column of a list, fixed on the right: each row's actions. */
export function actionsColumn<R>(title: ReactNode, actionsOf: (row: R) => RowAction[]): TableColumnType<R> {
  return {
    title,
    key: 'actions',
    fixed: 'right',
    render: (_, row) => (
      <Space size={0}>
        {actionsOf(row).map(({ label, testId, ...action }) => (
          <Button key={testId} type="link" size="small" {...action} data-testid={testId}>
            {label}
          </Button>
        ))}
      </Space>
    ),
  };
}
