/** Texts of the seat client's shell: sign-in page, top bar, settings (namespace `client`). */
const zh = {
  appName: '坐席客户端',
  loginTitle: '坐席登录',
  loginHint: '客服坐席或运营人员账号均可登录',
  switchLanguage: 'English',
  presence: '在线状态',
  online: '在线',
  away: '离开',
  sound: '提示音',
  soundOn: '新消息提示音已开启',
  notices: '系统公告',
  noticesReadAll: '全部标为已读',
  noticesNone: '暂无公告',
  noticeUnread: '未读',
  soundOff: '新消息提示音已关闭',
  signOut: '退出',
  confirmSignOut: '退出坐席客户端？',
  newMessageFrom: '{{name}} 发来新消息',
  console: '管理后台',
};

export type ClientTexts = typeof zh;

const en: ClientTexts = {
  appName: 'Agent client',
  loginTitle: 'Agent sign-in',
  loginHint: 'Sign in with a seat account or any operator account',
  switchLanguage: '中文',
  presence: 'Presence',
  online: 'Online',
  away: 'Away',
  sound: 'Sound',
  soundOn: 'New-message sound is on',
  notices: 'Notices',
  noticesReadAll: 'Mark all read',
  noticesNone: 'No notices',
  noticeUnread: 'Unread',
  soundOff: 'New-message sound is off',
  signOut: 'Sign out',
  confirmSignOut: 'Sign out of the agent client?',
  newMessageFrom: 'New message from {{name}}',
  console: 'Console',
};

export const clientTexts = { zh, en };
