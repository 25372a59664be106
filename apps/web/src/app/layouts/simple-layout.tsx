import { theme } from 'antd';
import { Outlet } from 'react-router';

/** The layout without chrome: login and open pages. Plain markup: it is part of the login screen's budget. */
export function SimpleLayout() {
  const { token } = theme.useToken();
  return (
    <main
      style={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: '100vh',
        padding: token.padding,
        background: token.colorBgLayout,
        color: token.colorText,
      }}
    >
      <Outlet />
    </main>
  );
}
