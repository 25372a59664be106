import { companySettingsSchema, type GeneralSettings, type Settings } from '@mostrador/contract';
import { App, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { ImageUpload } from '../../files/components/image-upload';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { SubscriptionSettingsCard } from '../../subscriptions/components/subscription-settings-card';
import { useUpdateSettings } from '../api';
import { GoogleSettingsCard } from '../components/google-settings-card';
import { LanguageFields } from '../components/language-fields';
import { SettingsReadOnlyAlert } from '../components/settings-read-only-alert';
import { VoucherSettingsCard } from '../components/voucher-settings-card';

/** The fields of the general section, in the order a person fills them. */
const generalFields = [
  'companyName',
  'vat',
  'email',
  'phone',
  'web',
  'street',
  'postalCode',
  'city',
  'state',
  'country',
  'locale',
  'otherLanguages',
  'timeZone',
  'logo',
] as const;

function initialValuesOf(settings: Settings): GeneralSettings {
  const values: Record<string, unknown> = {};
  for (const field of generalFields)
    values[field] = settings[field] ?? (field === 'otherLanguages' ? [] : field === 'logo' ? null : '');
  return values as GeneralSettings;
}

const shape = companySettingsSchema.shape;
type TextField = Exclude<(typeof generalFields)[number], 'locale' | 'otherLanguages' | 'timeZone' | 'logo'>;

export function CompanySettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const [form] = Form.useForm<GeneralSettings>();
  const update = useUpdateSettings();
  const { markDirty, markClean } = useUnsavedChanges();
  // Everyone reads the settings; writing them needs settings_edit.
  const canEdit = usePermissions()('settings_edit');

  const submit = async (values: GeneralSettings) => {
    const parsed = companySettingsSchema.safeParse({
      ...values,
      otherLanguages: (values.otherLanguages ?? []).filter((language) => language !== values.locale),
    });
    if (!parsed.success) return;
    try {
      await update.mutateAsync(parsed.data);
      markClean();
      message.success(t('settings.saved'));
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  const text = (field: TextField, options: { type?: string; help?: string; autoComplete?: string } = {}) => (
    <Form.Item
      name={field}
      label={t(`settings.fields.${field}`)}
      extra={options.help && t(options.help)}
      rules={[zodRule(shape[field], t)]}
    >
      <Input type={options.type} autoComplete={options.autoComplete ?? 'off'} />
    </Form.Item>
  );

  return (
    <>
      <PageHeader title={t('settings.companyTitle')} />
      {!canEdit && <SettingsReadOnlyAlert />}
      <Form<GeneralSettings>
        name="settings"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        disabled={!canEdit}
        initialValues={initialValuesOf(settings)}
        onValuesChange={markDirty}
        onFinish={submit}
        data-testid="company-settings-form"
      >
        <Card title={t('settings.sections.company')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {text('companyName', { autoComplete: 'organization' })}
            </Col>
            <Col xs={24} md={12}>
              {text('vat')}
            </Col>
            <Col xs={24} md={12}>
              {text('email', { type: 'email', autoComplete: 'email' })}
            </Col>
            <Col xs={24} md={12}>
              {text('phone', { type: 'tel', help: 'settings.phoneHelp', autoComplete: 'tel' })}
            </Col>
            <Col xs={24} md={12}>
              {text('web', { type: 'url', help: 'settings.urlHelp' })}
            </Col>
          </Row>
        </Card>
        <Card title={t('settings.sections.address')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24}>{text('street', { autoComplete: 'street-address' })}</Col>
            <Col xs={24} md={8}>
              {text('postalCode', { autoComplete: 'postal-code' })}
            </Col>
            <Col xs={24} md={8}>
              {text('city', { autoComplete: 'address-level2' })}
            </Col>
            <Col xs={24} md={8}>
              {text('state', { autoComplete: 'address-level1' })}
            </Col>
            <Col xs={24} md={8}>
              {text('country', { autoComplete: 'country-name' })}
            </Col>
          </Row>
        </Card>
        <Card title={t('settings.sections.language')} style={{ marginBottom: 16 }}>
          <LanguageFields />
        </Card>
        <Card title={t('settings.sections.logo')}>
          <Form.Item name="logo" label={t('settings.fields.logo')}>
            <ImageUpload alt={t('settings.fields.logo')} testId="settings-logo" />
          </Form.Item>
        </Card>
        {canEdit && (
          <FormFooter
            onCancel={() => {
              form.resetFields();
              markClean();
            }}
            saving={update.isPending}
            saveTestId="settings-save"
          />
        )}
      </Form>
      <VoucherSettingsCard />
      <SubscriptionSettingsCard />
      <GoogleSettingsCard />
    </>
  );
}
