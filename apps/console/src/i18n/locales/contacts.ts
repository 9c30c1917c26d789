/** Texts of the contacts screens (namespace `contacts`). */
const zh = {
  title: '粉丝列表',
};

export type ContactsTexts = typeof zh;

const en: ContactsTexts = {
  title: 'Contacts',
};

export const contactsTexts = { zh, en };
