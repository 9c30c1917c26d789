/** Texts of the customer-service seats screen (namespace `seats`): who serves which number, and each agent's cap. */
const zh = {
  title: '客服坐席',
  intro:
    '为每位坐席设置负责的号码和同时接待上限。新会话按轮询分配给该号码在线且未满额的坐席；没有可用坐席时进入号码的待接入队列。',
  search: '搜索用户名或昵称',
  refresh: '刷新',
  agent: '坐席',
  role: '角色',
  numbers: '负责号码',
  noNumbers: '未分配号码',
  cap: '接待上限',
  load: '未解决会话',
  presence: '状态',
  offline: '离线',
  lastSeen: '最近在线',
  actions: '操作',
  edit: '设置',
  editTitle: '设置坐席：{{name}}',
  save: '保存',
  numbersHelp: '新会话只会分配给负责该号码的坐席；坐席也只能接入这些号码的待接入会话。',
  capHelp: '同时持有的未解决会话（处理中、待客户回复、已暂缓）上限；已解决的会话不占名额。',
  capRequired: '请输入 0 到 1000 之间的整数',
  agentsTab: '坐席设置',
  repliesTab: '快捷回复',
  repliesIntro:
    '快捷回复即素材库（内容管理 → 素材管理）中的文本素材：坐席在工作台输入框中键入 / 加快捷短语即可插入；绑定后只对绑定的坐席可见。',
};

export type SeatsTexts = typeof zh;

const en: SeatsTexts = {
  title: 'Service agents',
  intro:
    "Set the numbers each agent serves and how many conversations it may hold at once. New conversations go round robin to a number's agents who are online and under their cap; when none is, they wait in the number's queue.",
  search: 'Search by user name or nickname',
  refresh: 'Refresh',
  agent: 'Agent',
  role: 'Role',
  numbers: 'Numbers served',
  noNumbers: 'No numbers',
  cap: 'Cap',
  load: 'Unresolved',
  presence: 'Presence',
  offline: 'Offline',
  lastSeen: 'Last seen',
  actions: 'Actions',
  edit: 'Set up',
  editTitle: 'Set up agent: {{name}}',
  save: 'Save',
  numbersHelp:
    "New conversations go only to the agents of their number, and an agent can take only its numbers' waiting conversations.",
  capHelp:
    'The most unresolved conversations (open, pending, snoozed) the agent holds at once; resolved ones hold no slot.',
  capRequired: 'Enter a whole number from 0 to 1000',
  agentsTab: 'Agents',
  repliesTab: 'Quick replies',
  repliesIntro:
    "Quick replies are the material library's text materials (Content → Materials): agents insert one by typing / and its shortcut in the seat client's composer; a bound one only the bound agents see.",
};

export const seatsTexts = { zh, en };
