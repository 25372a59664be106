import { LoadingOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code loads at the start of a visit; an icon, not antd's Spin, to keep that code small. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}
    >
      <LoadingOutlined aria-hidden spin style={{ fontSize: 32, color: token.colorPrimary }} />
    </div>
  );
}
