import { LockOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What every settings page shows above its form to an employee who may not change it (without
 * settings_edit; `description` says which permission a page needs when it is another one).
 */
export function SettingsReadOnlyAlert({ description }: { description?: string } = {}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      icon={<LockOutlined aria-hidden />}
      style={{ marginBottom: 16 }}
      title={t('settings.readOnly')}
      description={description ?? t('settings.readOnlyHelp')}
      data-testid="settings-read-only"
    />
  );
}
