import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../features/session/permissions';
import { SupportSessionBanner } from '../../features/session/support-session-banner';
import { CashRegisterButton } from './cash-register-button';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  isDesktop: boolean;
  collapsed: boolean;
  onToggleSidebar: () => void;
  onOpenDrawer: () => void;
}

export function AppHeader({ isDesktop, collapsed, onToggleSidebar, onOpenDrawer }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const can = usePermissions();

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        paddingInline: isDesktop ? 16 : 8,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {isDesktop ? (
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
          aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
          aria-expanded={!collapsed}
          onClick={onToggleSidebar}
        />
      ) : (
        <Button
          type="text"
          icon={<MenuOutlined aria-hidden />}
          aria-label={t('layout.openMenu')}
          data-testid="open-menu"
          onClick={onOpenDrawer}
        />
      )}
      <Flex flex={1} justify="flex-end" align="center" gap={8} style={{ minWidth: 0 }}>
        <SupportSessionBanner compact={!isDesktop} />
        {can('cashRegisters_open') && <CashRegisterButton showLabel={isDesktop} />}
        <UserMenu showName={isDesktop} />
      </Flex>
    </Layout.Header>
  );
}
