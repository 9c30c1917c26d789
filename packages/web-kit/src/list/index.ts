/** Building blocks of every list screen: paging, selection, filters, batch actions, confirmations, exports. */
export { type BatchAction, BatchActions } from './batch-actions.js';
export { type ColumnChoice, useColumnChoice } from './column-choice.js';
export {
  actionsColumn,
  EllipsisText,
  ellipsisColumn,
  formatTime,
  type RowAction,
  TagChip,
  TagChips,
  userName,
} from './columns.js';
export { FilterBar, FilterSelect, FilterYesNo, withoutEmpty, type YesNo } from './filter-bar.js';
export { PagedTable, type PagedTableProps } from './paged-table.js';
export {
  type DownloadedFile,
  type DownloadProgress,
  fileNameOf,
  readDownload,
  saveFile,
} from './streaming-download.js';
export { type ConfirmOptions, useConfirm } from './use-confirm.js';
export { useDownload } from './use-download.js';
export { type ListBody, type PagedList, usePagedList } from './use-paged-list.js';
export { type RowSelection, useRowSelection } from './use-row-selection.js';
