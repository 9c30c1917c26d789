import type { Key } from 'react';
import { useCallback, useMemo, useState } from 'react';

export interface RowSelection {
  /** The selected row keys (ids), in the order they were picked. */
  keys: string[];
  set(keys: string[]): void;
  clear(): void;
  /** antd Table's rowSelection prop; selection survives page turns so a batch can span pages. */
  tableProps: { selectedRowKeys: Key[]; onChange(keys: Key[]): void; preserveSelectedRowKeys: true };
}

export function useRowSelection(): RowSelection {
  const [keys, setKeys] = useState<string[]>([]);
  const clear = useCallback(() => setKeys([]), []);
  const tableProps = useMemo(
    () => ({
      selectedRowKeys: keys,
      onChange: (next: Key[]) => setKeys(next.map(String)),
      preserveSelectedRowKeys: true as const,
    }),
    [keys],
  );
  return { keys, set: setKeys, clear, tableProps };
}
