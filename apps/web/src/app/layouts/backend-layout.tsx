import { App, Grid, Layout, Spin, theme } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MenuDrawer } from './menu-drawer';
import { Sidebar } from './sidebar';

/**
 * Sidebar, header and footer around every back-office screen; the sidebar becomes a drawer below 992 px.
 * antd's `App` (message, modal and notification hooks) lives here, not at the root: the login screen does
 * not need it and its code is not small.
 */
export function BackendLayout() {
  return (
    <App>
      <BackendFrame />
    </App>
  );
}

function BackendFrame() {
  const screens = Grid.useBreakpoint();
  const isDesktop = !!screens.lg;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { token } = theme.useToken();

  useEffect(() => {
    if (pathname) setDrawerOpen(false);
  }, [pathname]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isDesktop && (
        <Layout.Sider
          theme="light"
          width={240}
          collapsible
          collapsed={collapsed}
          trigger={null}
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Sidebar collapsed={collapsed} />
        </Layout.Sider>
      )}
      {!isDesktop && <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
      <Layout>
        <AppHeader
          isDesktop={isDesktop}
          collapsed={collapsed}
          onToggleSidebar={() => setCollapsed((value) => !value)}
          onOpenDrawer={() => setDrawerOpen(true)}
        />
        <Layout.Content style={{ padding: isDesktop ? 24 : 12, minWidth: 0 }}>
          <Spin spinning={navigation.state === 'loading'} delay={300}>
            <Outlet />
          </Spin>
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
