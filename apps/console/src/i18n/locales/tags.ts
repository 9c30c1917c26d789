/** Texts of the contact tags screens (namespace `tags`). */
const zh = {
  title: '粉丝标签',
};

export type TagsTexts = typeof zh;

const en: TagsTexts = {
  title: 'Contact tags',
};

export const tagsTexts = { zh, en };
