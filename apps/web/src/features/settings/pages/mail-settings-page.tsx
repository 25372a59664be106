import { type MailSecurity, mailSecurities, type Settings, updateSettingsBody } from '@mostrador/contract';
import { App, Card, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors, zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings } from '../api';
import { SecretField, secretEntry } from '../components/secret-field';
import { SettingsReadOnlyAlert } from '../components/settings-read-only-alert';
import { TestMailCard } from '../components/test-mail-card';

/** The mail section of the settings body, as the server checks it. */
const mailSchema = updateSettingsBody.shape.mail.unwrap();
const mailShape = mailSchema.shape;

/** The usual port of each kind of connection: the form moves the port along when it was the usual one. */
export const defaultPorts: Record<MailSecurity, number> = { starttls: 587, tls: 465, none: 25 };

export interface MailFormValues {
  host: string;
  port: number | null;
  security: MailSecurity;
  user: string;
  /** Write-only: empty keeps the saved password (unless it is being removed). */
  pass: string;
  fromMailAddress: string;
  supplierFromMailAddress: string;
}

export function mailFormValues(settings: Settings): MailFormValues {
  const mail = settings.mail;
  return {
    host: mail?.host ?? '',
    port: mail?.port ?? null,
    security: mail?.security ?? 'starttls',
    user: mail?.user ?? '',
    pass: '',
    fromMailAddress: mail?.fromMailAddress ?? '',
    supplierFromMailAddress: mail?.supplierFromMailAddress ?? '',
  };
}

/**
 * The `mail` section to save: the password only when typed (absent keeps the saved one), or empty to
 * remove it.
 */
export function mailBody(values: MailFormValues, removePass: boolean) {
  const { pass, ...rest } = values;
  return { ...rest, port: values.port ?? null, ...secretEntry('pass', pass, removePass) };
}

/**
 * The company's mail server: where its mails leave from (host, port, connection security, user and a
 * write-only password) and the senders' addresses; read-only without settings_edit. Below, a test mail
 * sent with the saved settings, showing what the server answered.
 */
export function MailSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const [form] = Form.useForm<MailFormValues>();
  const update = useUpdateSettings();
  const { isDirty, markDirty, markClean } = useUnsavedChanges();
  const canEdit = usePermissions()('settings_edit');
  const [removePass, setRemovePass] = useState(false);
  const passSet = !!settings.mail?.passSet;
  const host = Form.useWatch('host', form);

  const onValuesChange = (changed: Partial<MailFormValues>, all: MailFormValues) => {
    markDirty();
    // The usual port follows the connection security, unless another port was chosen.
    if (changed.security) {
      const usual = Object.values(defaultPorts);
      if (all.port === null || usual.includes(all.port))
        form.setFieldValue('port', defaultPorts[changed.security]);
    }
  };

  const submit = async (values: MailFormValues) => {
    const parsed = mailSchema.safeParse(mailBody(values, removePass));
    if (!parsed.success) return;
    try {
      await update.mutateAsync({ mail: parsed.data });
      form.setFieldValue('pass', '');
      setRemovePass(false);
      markClean();
      message.success(t('settings.saved'));
    } catch (error) {
      if (!applyServerErrors(form, error, t)) message.error(errorMessage(error));
    }
  };

  const text = (
    field: 'host' | 'user' | 'fromMailAddress' | 'supplierFromMailAddress',
    options: { type?: string; help?: string; placeholder?: string; required?: boolean } = {},
  ) => (
    <Form.Item
      name={field}
      label={t(`settings.mail.fields.${field}`)}
      extra={options.help}
      required={options.required}
      rules={[
        ...(options.required
          ? [{ required: true, whitespace: true, message: t('validation.required') }]
          : []),
        zodRule(mailShape[field], t),
      ]}
    >
      <Input type={options.type} autoComplete="off" placeholder={options.placeholder} />
    </Form.Item>
  );

  return (
    <>
      <PageHeader title={t('settings.mail.title')} />
      {!canEdit && <SettingsReadOnlyAlert />}
      <Form<MailFormValues>
        name="mail-settings"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        disabled={!canEdit}
        initialValues={mailFormValues(settings)}
        onValuesChange={onValuesChange}
        onFinish={submit}
        noValidate
        data-testid="mail-settings-form"
      >
        <Card title={t('settings.mail.sections.server')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {text('host', { placeholder: 'smtp.example.com', help: t('settings.mail.hostHelp') })}
            </Col>
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="security" label={t('settings.mail.fields.security')}>
                <Select
                  options={mailSecurities.map((value) => ({
                    value,
                    label: t(`settings.mail.securities.${value}`),
                  }))}
                  data-testid="mail-security"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <Form.Item
                name="port"
                label={t('settings.mail.fields.port')}
                extra={t('settings.mail.portHelp')}
                rules={[zodRule(mailShape.port, t)]}
              >
                <InputNumber min={1} max={65535} precision={0} controls={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {text('user', { help: t('settings.mail.userHelp') })}
            </Col>
            <Col xs={24} md={12}>
              <SecretField
                name="pass"
                label={t('settings.mail.fields.pass')}
                saved={passSet}
                removing={removePass}
                onRemovingChange={(removing) => {
                  setRemovePass(removing);
                  if (removing) markDirty();
                }}
                canEdit={canEdit}
                texts={{
                  help: t('settings.mail.pass.help'),
                  keepHelp: t('settings.mail.pass.keepHelp'),
                  removeHelp: t('settings.mail.pass.removeHelp'),
                  keep: t('settings.mail.pass.keep'),
                  remove: t('settings.mail.pass.remove'),
                  placeholder: t('settings.mail.pass.placeholder'),
                }}
                rules={[zodRule(mailShape.pass, t)]}
                testId="mail-pass"
              />
            </Col>
          </Row>
        </Card>
        <Card title={t('settings.mail.sections.senders')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {text('fromMailAddress', {
                type: 'email',
                required: !!host?.trim() && !settings.email,
                placeholder: settings.email ?? undefined,
                help: settings.email
                  ? t('settings.mail.fromHelpCompany', { email: settings.email })
                  : t('settings.mail.fromHelp'),
              })}
            </Col>
            <Col xs={24} md={12}>
              {text('supplierFromMailAddress', {
                type: 'email',
                help: t('settings.mail.supplierFromHelp'),
              })}
            </Col>
          </Row>
        </Card>
        {canEdit && (
          <FormFooter
            onCancel={() => {
              form.resetFields();
              setRemovePass(false);
              markClean();
            }}
            saving={update.isPending}
            saveTestId="mail-settings-save"
          />
        )}
      </Form>
      {canEdit && <TestMailCard unsaved={isDirty} configured={!!settings.mail?.host} />}
    </>
  );
}
