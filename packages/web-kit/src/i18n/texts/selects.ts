/** Texts of the shared pickers (namespace `selects`). */
const zh = {
  numberAll: '全部号码',
  numberSearch: '输入号码搜索',
  ownerAll: '全部用户',
  numbersChoose: '选择号码（可多选）',
};

export type SelectsTexts = typeof zh;

const en: SelectsTexts = {
  numberAll: 'All numbers',
  numberSearch: 'Type to search numbers',
  ownerAll: 'Any owner',
  numbersChoose: 'Choose numbers (several)',
};

export const selectsTexts = { zh, en };
