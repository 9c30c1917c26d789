/** Texts of the import numbers screens (namespace `numberImport`). */
const zh = {
  title: '账号导入',
};

export type NumberImportTexts = typeof zh;

const en: NumberImportTexts = {
  title: 'Import numbers',
};

export const numberImportTexts = { zh, en };
