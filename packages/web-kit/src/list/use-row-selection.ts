import type { Key } from 'react';
import { useCallback, useMemo, useState } from 'react';

export interface RowSelection {
  /** The selected row keys (ids), in the order they were picked. */
  keys: string[];
  clear(): void;
  /** Unselects these ids (rows that were deleted or moved away). */
  drop(ids: string[]): void;
  /** antd Table's rowSelection prop; selection survives page turns so a batch can span pages. */
  tableProps: { selectedRowKeys: Key[]; onChange(keys: Key[]): void; preserveSelectedRowKeys: true };
}

export function useRowSelection(): RowSelection {
  const [keys, setKeys] = useState<string[]>([]);
  const clear = useCallback(() => setKeys([]), []);
  const drop = useCallback((ids: string[]) => setKeys((kept) => kept.filter((key) => !ids.includes(key))), []);
  const tableProps = useMemo(
    () => ({
      selectedRowKeys: keys,
      onChange: (next: Key[]) => setKeys(next.map(String)),
      preserveSelectedRowKeys: true as const,
    }),
    [keys],
  );
  return { keys, clear, drop, tableProps };
}
