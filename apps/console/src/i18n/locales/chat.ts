/** Texts of the chat history screens (namespace `chat`). */
const zh = {
  title: '聊天记录',
};

export type ChatTexts = typeof zh;

const en: ChatTexts = {
  title: 'Chat history',
};

export const chatTexts = { zh, en };
