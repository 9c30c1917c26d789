/** Texts of the list screens (namespace `list`). */
const zh = {
  title: '列表',
};

export type ListTexts = typeof zh;

const en: ListTexts = {
  title: 'List',
};

export const listTexts = { zh, en };
