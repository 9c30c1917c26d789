/** Texts of the number registration screens (namespace `registration`). */
const zh = {
  title: '接码注册',
};

export type RegistrationTexts = typeof zh;

const en: RegistrationTexts = {
  title: 'Number registration',
};

export const registrationTexts = { zh, en };
