/** Texts of the chat history screens (namespace `chat`). */
const zh = {
  title: '聊天记录',
  pickTitle: '选择会话',
  searchLabel: '联系人',
  searchPlaceholder: '号码或名称',
  colContact: '联系人',
  colNumber: '号码',
  colLastMessage: '最后一条消息',
  colLastTime: '时间',
  colWindow: '24 小时窗口',
  colUnread: '未读',
  colAction: '操作',
  open: '查看记录',
  back: '返回会话列表',
  deleted: '已删除',
  windowOpen: '窗口开启',
  windowOpenUntil: '窗口开启至 {{time}}',
  windowClosed: '窗口已关闭',
  allNumbers: '全部号码',
  numberHistory: '号码的全部消息',
};

export type ChatTexts = typeof zh;

const en: ChatTexts = {
  title: 'Chat history',
  pickTitle: 'Pick a conversation',
  searchLabel: 'Contact',
  searchPlaceholder: 'Number or name',
  colContact: 'Contact',
  colNumber: 'Number',
  colLastMessage: 'Last message',
  colLastTime: 'Time',
  colWindow: '24-hour window',
  colUnread: 'Unread',
  colAction: 'Action',
  open: 'Open history',
  back: 'Back to conversations',
  deleted: 'Deleted',
  windowOpen: 'Window open',
  windowOpenUntil: 'Window open until {{time}}',
  windowClosed: 'Window closed',
  allNumbers: 'All numbers',
  numberHistory: "All of this number's messages",
};

export const chatTexts = { zh, en };
