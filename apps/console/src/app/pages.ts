import type { PageLoader } from './lazy-page.js';

/**
 * The pages that are built, by path. Every other menu path shows the "not built yet" page. Each
 * loader is its own chunk, so a route loads only its page's code.
 */
export const PAGES: Readonly<Record<string, PageLoader>> = {
  '/info/index': () => import('../pages/info/info-page.js'),
  '/wel/index': () => import('../pages/wel/welcome-page.js'),
  '/terrace/user': () => import('../pages/customers/customers-page.js'),
  '/wel/dashboard': () => import('../pages/wel/dashboard-page.js'),
  '/help/index': () => import('../pages/help/help-page.js'),
  '/accountmanage/wslist': () => import('../pages/numbers/wslist/wslist-page.js'),
  '/accountmanage/recycle': () => import('../pages/numbers/recycle/recycle-page.js'),
  '/accountmanage/seats': () => import('../pages/seats/seats-page.js'),
  '/accountmanage/translation': () => import('../pages/translation-settings/translation-settings-page.js'),
  '/accountmanage/warehousing': () => import('../pages/number-import/warehousing-page.js'),
  '/passenger/list': () => import('../pages/contacts/contact-list-page.js'),
  '/passenger/fanTag': () => import('../pages/tags/contact-tags-page.js'),
  '/passenger/chat_record': () => import('../pages/chat-history/chat-history-page.js'),
  '/ipmanager/systemip': () => import('../pages/ips/system-ip-page.js'),
  '/ipmanager/myip': () => import('../pages/ips/my-ip-page.js'),
  '/passenger/data': () => import('../pages/census/census-page.js'),
  '/accountmanage/registration': () => import('../pages/registration/registration-page.js'),
  '/dataManager/fansData': () => import('../pages/fans-data/fans-data-page.js'),
  '/content/material': () => import('../pages/materials/materials-page.js'),
  '/content/template': () => import('../pages/templates/templates-page.js'),
  '/content/keyword': () => import('../pages/auto-replies/keyword-page.js'),
  '/content/friendsvia': () => import('../pages/auto-replies/greeting-page.js'),
  '/content/script': () => import('../pages/profiles/profiles-page.js'),
  '/marketingTasks/cultureTask': () => import('../pages/culture-task/culture-task-page.js'),
  '/marketingTasks/massHair': () => import('../pages/mass-send/mass-send-page.js'),
  '/groupManage/pullGroup': () => import('../pages/pull-group/pull-group-page.js'),
  '/marketingTasks/explosivePowder': () => import('../pages/burst-send/burst-send-page.js'),
  '/marketingTasks/diversionlink': () => import('../pages/links/links-page.js'),
  '/marketingTasks/vermicelliOrder': () => import('../pages/vermicelli-order/vermicelli-order-page.js'),
  '/bill/rate': () => import('../pages/billing/rate-page.js'),
  '/bill/useRate': () => import('../pages/billing/use-rate-page.js'),
  '/bill/translate': () => import('../pages/billing/translate-page.js'),
  '/bill/useTranslate': () => import('../pages/billing/use-translate-page.js'),
  '/bill/payport': () => import('../pages/billing/payport-page.js'),
  '/terrace/port_record': () => import('../pages/billing/port-record-page.js'),
  '/terrace/notice': () => import('../pages/notice-admin/notice-admin-page.js'),
  '/notice/index': () => import('../pages/notices/notices-page.js'),
  '/terrace/log': () => import('../pages/update-log-admin/update-log-admin-page.js'),
  '/log/index': () => import('../pages/update-log/update-log-page.js'),
  '/systemlog/operate': () => import('../pages/operation-log/operation-log-page.js'),
};

export const NOT_BUILT_PAGE: PageLoader = () => import('../pages/not-built/not-built-page.js');
