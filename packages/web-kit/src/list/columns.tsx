import type { Tag, UserInfo } from '@ws/contract';
import { Button, Tag as ColorTag, Space, type TableColumnType, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../utils/date-time.js';

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

/** The horizontal padding of a cell of the lists' tables (size "middle"). */
const CELL_PADDING = 16;
const ELLIPSIS = {
  display: 'inline-block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/**
 * A text cut with an ellipsis past `maxWidth`, whole in a tooltip. The bound is on the text, not the
 * column: the lists' tables size columns by their content, where a column width is only a minimum.
 */
export function EllipsisText({ text, maxWidth }: { text: string; maxWidth: number }) {
  return (
    <Tooltip title={text} placement="topLeft">
      <span style={{ ...ELLIPSIS, maxWidth }}>{text}</span>
    </Tooltip>
  );
}

/** A column `width` px wide whose cells show `textOf` cut with an ellipsis (see EllipsisText). */
export function ellipsisColumn<R>(width: number, textOf: (row: R) => string): TableColumnType<R> {
  return { width, render: (_, row) => <EllipsisText text={textOf(row)} maxWidth={width - CELL_PADDING} /> };
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
