import type { CallKind } from './call.js';

export type Language = 'zh' | 'en';

/** Success messages by call kind, as the specification's toasts show them. */
export const SUCCESS_MESSAGES: Record<CallKind, Record<Language, string>> = {
  read: { zh: '操作成功', en: 'Success' },
  action: { zh: '操作成功', en: 'Success' },
  create: { zh: '新增成功', en: 'Created successfully' },
  update: { zh: '更新成功', en: 'Updated successfully' },
  delete: { zh: '删除成功', en: 'Deleted successfully' },
};

/** Picks zh or en from an Accept-Language header: the first supported tag by quality wins; zh by default. */
export function languageFrom(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'zh';
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of tags) {
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('zh')) return 'zh';
  }
  return 'zh';
}
