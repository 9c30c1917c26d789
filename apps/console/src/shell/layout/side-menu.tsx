import { useSession } from '@ws/web-kit/session';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuNode } from '../../menu/menu.js';
import { entryOf, menuFor, targetOf } from '../../menu/menu-access.js';
import { MenuIcon } from '../../menu/menu-icons.js';
import { settings } from '../../settings/settings.js';

type Item = Required<MenuProps>['items'][number];

/** The side menu: the signed-in role's variant of the menu, with the logo area on top. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('menu');
  const session = useSession();
  const { pathname } = useLocation();
  const menu = useMemo(() => (session ? menuFor(session.user.role) : []), [session]);
  const current = entryOf(pathname);
  const currentGroup = current?.group?.path;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (currentGroup ? [currentGroup] : []));
  // Opening a page from elsewhere (a tab, the search) unfolds its group.
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);

  const name = (node: MenuNode) => t(node.name as 'wslist');
  const link = (leaf: MenuNode) => (
    <Link to={targetOf(leaf)} data-menu-path={leaf.path}>
      {name(leaf)}
    </Link>
  );
  // A group unfolds into its visible leaves; a top-level leaf (Home) is a link of its own.
  const itemOf = (node: MenuNode): Item => ({
    key: node.path,
    icon: <MenuIcon name={node.icon} />,
    ...(node.children
      ? { label: name(node), children: node.children.filter((leaf) => !leaf.hidden).map(itemOf) }
      : { label: link(node) }),
  });
  const items: Item[] = menu.map(itemOf);

  return (
    <nav className="shell-menu" data-testid="side-menu">
      <Link to={settings.firstPage} className="shell-logo">
        <span className="shell-logo-mark">WS</span>
        {!collapsed && <span className="shell-logo-text">{settings.title}</span>}
      </Link>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={current ? [current.path] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </nav>
  );
}
