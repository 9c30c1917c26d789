import type { Language } from '@ws/contract';

type Localized<T> = Record<Language, T>;

export interface HelpTopic {
  key: string;
  title: Localized<string>;
  body: Localized<string[]>;
}

/** The help centre's articles: long prose rather than labels, so they live here and not in the i18n texts. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    key: 'start',
    title: { zh: '开始使用', en: 'Getting started' },
    body: {
      zh: [
        'WS Console 通过 Meta 官方的 WhatsApp Cloud API 管理你的号码、联系人与客服。号码列表是第一个标签页，始终打开。',
        '左侧菜单按工作分组；顶部的搜索按钮可按名称开头查找菜单，回车打开，Esc 关闭。',
        '客服人员在单独的坐席客户端（顶部栏“坐席客户端”，路径 /client/）中聊天。',
      ],
      en: [
        'WS Console manages your numbers, contacts and customer service through Meta’s official WhatsApp Cloud API. The number list is the first tab and always stays open.',
        'The side menu groups the work; the search button in the top bar finds a menu entry by the start of its name: Enter opens it, Esc closes the search.',
        'Agents chat in the separate agent client (“Agent client” in the top bar, at /client/).',
      ],
    },
  },
  {
    key: 'shell',
    title: { zh: '标签页、主题与锁屏', en: 'Tabs, themes and the screen lock' },
    body: {
      zh: [
        '每打开一个页面就新增一个标签页；右键标签或点击“更多”可关闭其他或全部。标签页在刷新后保留。',
        '主题、主题色与语言保存在本浏览器中。锁屏前需设置锁屏密码；锁定后刷新页面仍停留在锁屏页，退出登录会清除锁定。',
      ],
      en: [
        'Every page you open adds a tab; right-click a tab or use “More” to close the others or all. Tabs survive a reload.',
        'Theme, colour and language are kept in this browser. Locking asks for a lock password first; a reload keeps the lock, and signing out clears it.',
      ],
    },
  },
  {
    key: 'rules',
    title: { zh: '发送规则', en: 'The rules every send follows' },
    body: {
      zh: [
        '营销消息只发给有同意凭证且未退订的联系人；退订（STOP、停止推广按钮等）在下一次发送前生效。',
        '24 小时客服窗口之外只发送已批准的模板。每个号码遵守其吞吐量，并且对同一联系人每 6 秒最多一条。',
        '商业资产遵守其消息上限；号码质量变为红色或受限时暂停发送，直到运营人员恢复。',
      ],
      en: [
        'Marketing messages go only to contacts with opt-in evidence and no opt-out; an opt-out (STOP, the stop-promotions button, …) takes effect before the next send.',
        'Outside the 24-hour customer service window only approved templates are sent. Each number keeps to its throughput and to one message per 6 s per contact.',
        'Each business portfolio keeps to its messaging limit; a number whose quality turns red or that is restricted stops sending until an operator resumes it.',
      ],
    },
  },
];
