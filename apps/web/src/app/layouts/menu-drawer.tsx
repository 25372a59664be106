import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './sidebar';

export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={280}
      title={t('layout.menu')}
      closable={{ 'aria-label': t('layout.closeMenu') }}
      styles={{ body: { padding: 0 } }}
    >
      <Sidebar collapsed={false} />
    </Drawer>
  );
}
