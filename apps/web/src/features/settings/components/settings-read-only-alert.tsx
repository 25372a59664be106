import { LockOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** What every settings page shows above its form to an employee without settings_edit. */
export function SettingsReadOnlyAlert() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      icon={<LockOutlined aria-hidden />}
      style={{ marginBottom: 16 }}
      title={t('settings.readOnly')}
      description={t('settings.readOnlyHelp')}
      data-testid="settings-read-only"
    />
  );
}
