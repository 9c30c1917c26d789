/**
 * The platform's notices as every front end shows them: the top bar's badges (unread notices, the
 * update log's "what's new" dot) in a store read with the shared data and on `notice.changed`,
 * and a notice's sanitised body.
 */
export { loadNoticeBadge, setNoticeBadge, useNoticeBadge } from './notice-badge-store.js';
export { NoticeBody } from './notice-body.js';
