import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useParams } from 'react-router';
import type { RouteMeta } from '../../app/routes.js';
import { entryOf } from '../../menu/menu-access.js';
import { settings } from '../../settings/settings.js';
import { tabsActions } from '../tabs/tabs-store.js';

/** Opens a tab for each page visited (unless its meta says isTab: false) and titles the document after it. */
export function usePageTabs(): void {
  const location = useLocation();
  const params = useParams();
  const matches = useMatches();
  const { t } = useTranslation('menu');
  const entry = entryOf(location.pathname);
  const isTab = (matches.at(-1)?.handle as RouteMeta | undefined)?.isTab !== false;

  const paramsJson = JSON.stringify(params);

  useEffect(() => {
    if (!entry || !isTab) return;
    tabsActions.open({
      label: entry.name,
      value: location.pathname,
      params: JSON.parse(paramsJson) as Record<string, string>,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      meta: entry.allowedRoles ? { roles: entry.allowedRoles } : {},
      ...(entry.group ? { group: entry.group.name } : {}),
    });
  }, [location.pathname, location.search, paramsJson, entry, isTab]);

  const label = entry ? t(entry.name as 'wslist') : '';
  useEffect(() => {
    document.title = label ? `${label} - ${settings.title}` : settings.title;
  }, [label]);
}
