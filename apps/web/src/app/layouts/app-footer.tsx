import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppContext } from '../app-context';

export function AppFooter() {
  const { t } = useTranslation();
  const { appName, version } = useAppContext().appConfig;
  return (
    <Layout.Footer style={{ textAlign: 'center', paddingBlock: 16 }}>
      <Typography.Text type="secondary" data-testid="app-footer">
        {appName} {version && t('layout.version', { version })} ·{' '}
        {t('layout.copyright', { year: new Date().getFullYear() })}
      </Typography.Text>
    </Layout.Footer>
  );
}
