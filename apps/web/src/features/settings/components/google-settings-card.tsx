import { GoogleOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { CopyField } from '../../payments/components/copy-field';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings } from '../api';
import { SecretField, secretEntry } from './secret-field';

interface GoogleValues {
  clientId: string;
  clientSecret?: string;
}

/**
 * The company's own Google OAuth client (Google Cloud console), which links booking calendars to Google
 * Calendar: its id, its secret (write-only) and the redirect URI to register there, to copy.
 */
export function GoogleSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const can = usePermissions();
  const canEdit = can('settings_edit');
  const update = useUpdateSettings();
  const [form] = Form.useForm<GoogleValues>();
  const [removing, setRemoving] = useState(false);
  // Settings read before the section existed have none: nothing set.
  const google = settings.google ?? { clientId: null, clientSecretSet: false, redirectUrl: '' };

  const save = async (values: GoogleValues) => {
    try {
      await update.mutateAsync({
        google: {
          clientId: values.clientId?.trim() ?? '',
          ...secretEntry('clientSecret', values.clientSecret, removing),
        },
      });
      setRemoving(false);
      form.setFieldValue('clientSecret', '');
      message.success(t('settings.google.saved'));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <GoogleOutlined aria-hidden />
          {t('settings.google.title')}
        </Flex>
      }
      style={{ marginTop: 16 }}
      data-testid="google-settings"
    >
      <Typography.Paragraph>{t('settings.google.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="googleSettings"
        initialValues={{ clientId: google.clientId ?? '' }}
        onFinish={save}
        disabled={!canEdit}
      >
        <Form.Item label={t('settings.google.redirectUrl')} extra={t('settings.google.redirectHelp')}>
          <CopyField
            value={google.redirectUrl}
            label={t('settings.google.redirectUrl')}
            testId="google-redirect-url"
          />
        </Form.Item>
        <Form.Item name="clientId" label={t('settings.google.clientId')}>
          <Input autoComplete="off" maxLength={255} data-testid="google-client-id" />
        </Form.Item>
        <SecretField
          name="clientSecret"
          label={t('settings.google.clientSecret')}
          saved={google.clientSecretSet}
          removing={removing}
          onRemovingChange={setRemoving}
          canEdit={canEdit}
          texts={{
            help: t('settings.google.secret.help'),
            keepHelp: t('settings.google.secret.keepHelp'),
            removeHelp: t('settings.google.secret.removeHelp'),
            keep: t('settings.google.secret.keep'),
            remove: t('settings.google.secret.remove'),
            placeholder: t('settings.google.secret.placeholder'),
          }}
          testId="google-client-secret"
        />
        {canEdit && (
          <Button
            type="primary"
            htmlType="submit"
            loading={update.isPending}
            data-testid="google-settings-save"
          >
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
