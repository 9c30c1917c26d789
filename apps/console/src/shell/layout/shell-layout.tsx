import { useSession } from '@ws/web-kit/session';
import { createPersistedStore, useStore } from '@ws/web-kit/storage';
import { ConfigProvider, Drawer, Layout, Progress } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { isDrawerLevel, useScreenLevel } from '../screen/screen-level.js';
import { TabsBar } from '../tabs/tabs-bar.js';
import { useColor, useTheme } from '../theme/theme-store.js';
import { cssVariablesOf, THEMES } from '../theme/themes.js';
import { TopBar } from '../top-bar/top-bar.js';
import { menuComponentTokens } from './menu-tokens.js';
import { SideMenu } from './side-menu.js';
import { usePageTabs } from './use-page-tabs.js';
import { useSharedData } from './use-shared-data.js';
import './shell.css';

const collapsedStore = createPersistedStore<boolean>('menu-collapsed', false);

/** The signed-in frame: side menu (a drawer below 992 px), top bar, tabs and the page. */
export function ShellLayout() {
  const session = useSession();
  // /myiframe is public: without a session it shows the embedded page alone.
  return session ? <SignedInLayout /> : <Outlet />;
}

function SignedInLayout() {
  const themeName = useTheme();
  const color = useColor();
  const level = useScreenLevel();
  const drawer = isDrawerLevel(level);
  const collapsed = useStore(collapsedStore);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const navigation = useNavigation();
  usePageTabs();
  useSharedData();

  // Choosing a page closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const palette = THEMES[themeName];
  const style = useMemo(() => cssVariablesOf(palette, color) as CSSProperties, [palette, color]);
  const toggle = () => {
    if (drawer) setDrawerOpen((open) => !open);
    else {
      collapsedStore.set(!collapsed);
    }
  };
  const menu = (narrow: boolean) => (
    <ConfigProvider theme={{ components: { Menu: menuComponentTokens(palette, color) } }}>
      <SideMenu collapsed={narrow} />
    </ConfigProvider>
  );

  return (
    <Layout className={`shell theme-${themeName}`} data-theme={themeName} data-screen-level={level} style={style}>
      {navigation.state === 'loading' && (
        <Progress className="shell-loading" percent={80} showInfo={false} size="small" status="active" />
      )}
      {drawer ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={240}
          closable={false}
          rootClassName={`shell-drawer theme-${themeName}`}
          styles={{ body: { padding: 0, ...style } }}
          data-testid="menu-drawer"
        >
          {menu(false)}
        </Drawer>
      ) : (
        <Layout.Sider className="shell-sider" width={240} collapsedWidth={64} collapsed={collapsed} trigger={null}>
          {menu(collapsed)}
        </Layout.Sider>
      )}
      <Layout className="shell-body">
        {/* Sticky: the top bar and tabs stay in view while a long page scrolls beneath them. */}
        <div className="shell-head" data-testid="shell-head">
          <TopBar collapsed={drawer ? !drawerOpen : collapsed} onToggleMenu={toggle} />
          <TabsBar />
        </div>
        <Layout.Content className="shell-main">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
