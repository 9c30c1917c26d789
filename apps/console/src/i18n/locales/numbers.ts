/** Texts of the numbers screens (namespace `numbers`). */
const zh = {
  title: '号码列表',
};

export type NumbersTexts = typeof zh;

const en: NumbersTexts = {
  title: 'Numbers',
};

export const numbersTexts = { zh, en };
