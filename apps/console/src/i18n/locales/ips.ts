/** Texts of the ip management screens (namespace `ips`). */
const zh = {
  title: 'IP 管理',
};

export type IpsTexts = typeof zh;

const en: IpsTexts = {
  title: 'IP management',
};

export const ipsTexts = { zh, en };
