import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logout } from '../../features/auth/api';
import { useCurrentUser } from '../../features/session/api';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export function UserMenu({ showName }: { showName: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined aria-hidden />,
      label: <Link to="/profile">{t('layout.profile')}</Link>,
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined aria-hidden />,
      label: t('layout.logout'),
      onClick: () => void logout(),
    },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        data-testid="user-menu"
        aria-label={showName ? undefined : t('layout.userMenu', { name: user.name })}
        style={{ display: 'flex', alignItems: 'center', gap: 8, height: 'auto', paddingBlock: 4 }}
      >
        <Avatar size="small" aria-hidden>
          {initialsOf(user.name) || <UserOutlined aria-hidden />}
        </Avatar>
        {showName && user.name}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
