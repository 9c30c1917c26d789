import { type Access, calls, type RoleCode } from '@ws/contract';

/** The icons menu entries may use; menu-icons.tsx maps each name to its component. */
export type IconName =
  | 'platform'
  | 'record'
  | 'users'
  | 'changelog'
  | 'notice'
  | 'ip'
  | 'server'
  | 'proxy'
  | 'numbers'
  | 'import'
  | 'list'
  | 'register'
  | 'recycle'
  | 'group'
  | 'contacts'
  | 'chart'
  | 'tag'
  | 'chat'
  | 'data'
  | 'content'
  | 'material'
  | 'template'
  | 'profile'
  | 'keyword'
  | 'greeting'
  | 'promotion'
  | 'broadcast'
  | 'burst'
  | 'warmup'
  | 'order'
  | 'link'
  | 'bill'
  | 'rate'
  | 'usage'
  | 'payment'
  | 'log'
  | 'help'
  | 'user'
  | 'dashboard'
  | 'more'
  | 'docs'
  | 'translation';

export interface MenuNode {
  /** Absolute path; for a group, the prefix its default page lives under. */
  path: string;
  /** Key of the entry's name in the `menu` namespace. */
  name: string;
  icon: IconName;
  /**
   * The call that loads a built page: its `access` in the contract decides who sees the entry and
   * may open its route, so the contract stays the one permission table.
   */
  call?: { readonly access: Access };
  /** meta.roles, for groups and pages not built yet: only these roles see the entry. Absent: every role. */
  roles?: readonly RoleCode[];
  /** Where the group's own path leads. */
  defaultPath?: string;
  children?: readonly MenuNode[];
  /** A route of its own that the menu does not list. */
  hidden?: boolean;
  /** An external page, opened in the embedded-page route; resolved when the menu is built. */
  url?: () => string;
}

const ADMIN = ['admin'] as const;

/**
 * The console's menu, defined once (specification section 2). The admin and operator variants are
 * this tree filtered by `roles`; every route of the console comes from it too.
 */
export const MENU: readonly MenuNode[] = [
  // Home comes first, on its own: the way into everything else, with the tenant's figures.
  { path: '/wel/index', name: 'welcome', icon: 'dashboard' },
  {
    path: '/terrace',
    name: 'terrace',
    icon: 'platform',
    roles: ADMIN,
    defaultPath: '/terrace/user',
    children: [
      { path: '/terrace/port_record', name: 'portRecord', icon: 'record', call: calls.addPay },
      { path: '/terrace/user', name: 'customers', icon: 'users', call: calls.customers },
      { path: '/terrace/log', name: 'updateLogAdmin', icon: 'changelog', call: calls.updateAdd },
      { path: '/terrace/notice', name: 'noticeAdmin', icon: 'notice', call: calls.noticeAdd },
    ],
  },
  {
    path: '/ipmanager',
    name: 'ipmanager',
    icon: 'ip',
    defaultPath: '/ipmanager/systemip',
    children: [
      { path: '/ipmanager/systemip', name: 'systemIp', icon: 'server', call: calls.ipList },
      { path: '/ipmanager/myip', name: 'myIp', icon: 'proxy', call: calls.ipList },
    ],
  },
  {
    path: '/accountmanage',
    name: 'accountmanage',
    icon: 'numbers',
    defaultPath: '/accountmanage/wslist',
    children: [
      { path: '/accountmanage/warehousing', name: 'warehousing', icon: 'import', call: calls.numberImportList },
      { path: '/accountmanage/wslist', name: 'wslist', icon: 'list', call: calls.numberList },
      {
        path: '/accountmanage/registration',
        name: 'registration',
        icon: 'register',
        call: calls.registrationNumbers,
      },
      { path: '/accountmanage/recycle', name: 'recycle', icon: 'recycle', call: calls.numberRecycleList },
      { path: '/accountmanage/seats', name: 'seats', icon: 'users', call: calls.inboxAgents },
      {
        path: '/accountmanage/translation',
        name: 'translationSettings',
        icon: 'translation',
        call: calls.translateSettingsEdit,
      },
    ],
  },
  {
    path: '/groupManage',
    name: 'groupManage',
    icon: 'group',
    defaultPath: '/groupManage/pullGroup',
    children: [{ path: '/groupManage/pullGroup', name: 'pullGroup', icon: 'group', call: calls.groupPulllist }],
  },
  {
    path: '/passenger',
    name: 'passenger',
    icon: 'contacts',
    defaultPath: '/passenger/chat_record',
    children: [
      { path: '/passenger/list', name: 'contactList', icon: 'contacts', call: calls.contactList },
      { path: '/passenger/data', name: 'contactData', icon: 'chart', call: calls.censusData },
      { path: '/passenger/fanTag', name: 'contactTags', icon: 'tag', call: calls.tagAll },
      { path: '/passenger/chat_record', name: 'chatRecord', icon: 'chat', call: calls.messageHistory },
    ],
  },
  {
    path: '/dataManager',
    name: 'dataManager',
    icon: 'data',
    defaultPath: '/dataManager/fansData',
    children: [{ path: '/dataManager/fansData', name: 'fansData', icon: 'data', call: calls.audienceList }],
  },
  {
    path: '/content',
    name: 'content',
    icon: 'content',
    defaultPath: '/content/material',
    children: [
      { path: '/content/material', name: 'material', icon: 'material', call: calls.materialAdd },
      { path: '/content/template', name: 'template', icon: 'template', call: calls.templateList },
      { path: '/content/script', name: 'script', icon: 'profile', call: calls.profileAdd },
      { path: '/content/keyword', name: 'keyword', icon: 'keyword', call: calls.keywordAdd },
      { path: '/content/friendsvia', name: 'friendsvia', icon: 'greeting', call: calls.greetingSave },
    ],
  },
  {
    path: '/marketingTasks',
    name: 'marketingTasks',
    icon: 'promotion',
    defaultPath: '/marketingTasks/massHair',
    children: [
      { path: '/marketingTasks/massHair', name: 'massHair', icon: 'broadcast', call: calls.btmsgList },
      {
        path: '/marketingTasks/explosivePowder',
        name: 'explosivePowder',
        icon: 'burst',
        call: calls.powerList,
      },
      { path: '/marketingTasks/cultureTask', name: 'cultureTask', icon: 'warmup', call: calls.warmupList },
      {
        path: '/marketingTasks/vermicelliOrder',
        name: 'vermicelliOrder',
        icon: 'order',
        call: calls.orderList,
      },
      { path: '/marketingTasks/diversionlink', name: 'diversionlink', icon: 'link', call: calls.linkList },
    ],
  },
  {
    path: '/bill',
    name: 'bill',
    icon: 'bill',
    defaultPath: '/bill/rate',
    children: [
      { path: '/bill/rate', name: 'rate', icon: 'rate', call: calls.flowCharge },
      { path: '/bill/useRate', name: 'useRate', icon: 'usage', call: calls.flowUse },
      { path: '/bill/translate', name: 'translate', icon: 'rate', call: calls.transCharge },
      { path: '/bill/useTranslate', name: 'useTranslate', icon: 'usage', call: calls.transUse },
      { path: '/bill/payport', name: 'payport', icon: 'payment', call: calls.allPay },
    ],
  },
  {
    path: '/systemlog',
    name: 'systemlog',
    icon: 'log',
    defaultPath: '/systemlog/operate',
    children: [{ path: '/systemlog/operate', name: 'operate', icon: 'log', call: calls.operationList }],
  },
  {
    path: '/other',
    name: 'other',
    icon: 'more',
    defaultPath: '/help/index',
    children: [
      { path: '/wel/dashboard', name: 'dashboard', icon: 'dashboard', hidden: true },
      { path: '/notice/index', name: 'notices', icon: 'notice', call: calls.noticeList },
      { path: '/log/index', name: 'updateLog', icon: 'changelog', call: calls.updateList },
      { path: '/help/index', name: 'help', icon: 'help' },
      { path: '/info/index', name: 'info', icon: 'user' },
      {
        path: '/other/api-docs',
        name: 'apiDocs',
        icon: 'docs',
        url: () => new URL('/api/docs', window.location.origin).href,
      },
    ],
  },
];
