/** Texts of the list building blocks shared by every list screen (namespace `list`). */
const zh = {
  title: '列表',
  total: '共 {{count}} 条',
  totalAtLeast: '{{count}}+ 条',
  selected: '已选 {{count}} 条',
  clearSelection: '清空选择',
  selectAtLeastOne: '请选择至少一条数据',
  confirmDelete: '确定将选择数据删除?',
  more: '更多操作',
  search: '搜索',
  reset: '重置',
  ok: '确定',
  cancel: '取消',
  downloading: '正在导出…',
  downloadDone: '导出完成',
  downloadRows: '已接收 {{count}} 行',
  columns: '显示列',
  columnsDefault: '恢复默认',
};

export type ListTexts = typeof zh;

const en: ListTexts = {
  title: 'List',
  total: '{{count}} in total',
  totalAtLeast: '{{count}}+ in total',
  selected: '{{count}} selected',
  clearSelection: 'Clear selection',
  selectAtLeastOne: 'Select at least one row',
  confirmDelete: 'Delete the selected rows?',
  more: 'More actions',
  search: 'Search',
  reset: 'Reset',
  ok: 'OK',
  cancel: 'Cancel',
  downloading: 'Exporting…',
  downloadDone: 'Export finished',
  downloadRows: '{{count}} rows received',
  columns: 'Columns',
  columnsDefault: 'Restore defaults',
};

export const listTexts = { zh, en };
