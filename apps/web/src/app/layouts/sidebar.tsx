import { Flex, Menu, Typography } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/session/api';
import { isSuperAdmin, usePermissions } from '../../features/session/permissions';
import { lazyWithRestOfCatalogue } from '../../i18n/catalogue-parts';
import { useAppContext } from '../app-context';
import { menuEntries, selectedEntry, toMenuItems, visibleEntries } from '../menu';

// Only the super administrator sees it: its colour picker loads for him alone, after the menu (with the rest
// of the catalogue: a screen with sections has only its own).
const ThemePicker = lazyWithRestOfCatalogue(() => import('./theme-picker'), 'ThemePicker');

export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { appConfig } = useAppContext();
  const user = useCurrentUser();
  const can = usePermissions();
  const { pathname } = useLocation();

  const entries = useMemo(() => visibleEntries(menuEntries, can), [can]);
  const items = useMemo(() => toMenuItems(entries, t), [entries, t]);
  const selected = selectedEntry(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(selected?.parent ? [selected.parent] : []);

  useEffect(() => {
    const parent = selected?.parent;
    if (parent) setOpenKeys((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
  }, [selected?.parent]);

  const showThemePicker = !appConfig.brand && isSuperAdmin(user) && !collapsed;

  return (
    <Flex vertical style={{ minHeight: '100%' }}>
      <Link
        to="/"
        aria-label={appConfig.appName}
        style={{ display: 'flex', alignItems: 'center', height: 64, paddingInline: collapsed ? 16 : 24 }}
      >
        {appConfig.brand?.logoUrl ? (
          <img src={appConfig.brand.logoUrl} alt="" style={{ maxHeight: 40, maxWidth: '100%' }} />
        ) : (
          <Typography.Text strong style={{ fontSize: collapsed ? 20 : 18 }}>
            {collapsed ? appConfig.appName.slice(0, 1) : appConfig.appName}
          </Typography.Text>
        )}
      </Link>
      <nav aria-label={t('layout.mainNavigation')} style={{ flex: 1 }}>
        <Menu
          data-testid="main-menu"
          mode="inline"
          items={items}
          selectedKeys={selected ? [selected.key] : []}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          style={{ borderInlineEnd: 0 }}
        />
      </nav>
      {showThemePicker && (
        <Suspense fallback={null}>
          <ThemePicker />
        </Suspense>
      )}
    </Flex>
  );
}
