/** Texts of the contact statistics screens (namespace `census`). */
const zh = {
  title: '粉丝数据',
};

export type CensusTexts = typeof zh;

const en: CensusTexts = {
  title: 'Contact statistics',
};

export const censusTexts = { zh, en };
