import {
  type PaymentGateway,
  paymentGateways,
  redsysTransactionTypes,
  redsysUrls,
  type Settings,
  type StripeMode,
  stripeModes,
  updateSettingsBody,
} from '@mostrador/contract';
import { Alert, App, Card, Col, Flex, Form, Input, Radio, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { PaletteTag } from '../../../components/palette-tag';
import { usePaymentEndpoints } from '../../payments/api';
import { CopyField } from '../../payments/components/copy-field';
import { PaymentCheck } from '../../payments/components/payment-check';
import { useCompanySettings } from '../../session/api';
import { useUpdateSettings } from '../api';
import { SecretField, type SecretTexts, secretEntry } from '../components/secret-field';

/** The payment sections of the settings body, as the server checks them. */
const paymentSchema = updateSettingsBody.shape.payment.unwrap();
const stripeSchema = updateSettingsBody.shape.stripe.unwrap();
const redsysSchema = updateSettingsBody.shape.redsys.unwrap();
const stripeShape = stripeSchema.shape;
const redsysShape = redsysSchema.shape;

type RedsysTransactionType = (typeof redsysTransactionTypes)[number];
/** Which Redsys address: one of its two, or another (a bank's own host, a test double). */
export type RedsysUrlChoice = keyof typeof redsysUrls | 'custom';
const redsysUrlChoices: RedsysUrlChoice[] = ['test', 'production', 'custom'];

/** The Stripe events the webhook must send: a checkout paid, paid later, failed later or expired. */
export const stripeWebhookEvents = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/** The write-only secrets of this screen, by their path in the form. */
export const paymentSecrets = [
  ['stripe', 'secretKey'],
  ['stripe', 'testSecretKey'],
  ['stripe', 'webhookSecret'],
  ['redsys', 'encryptionKey'],
] as const;
type SecretPath = (typeof paymentSecrets)[number];
type SecretName = `${SecretPath[0]}.${SecretPath[1]}`;
export type Removals = Partial<Record<SecretName, boolean>>;

export interface PaymentFormValues {
  payment: { gateway: PaymentGateway | 'none' };
  stripe: {
    mode: StripeMode;
    publishKey: string;
    testPublishKey: string;
    secretKey: string;
    testSecretKey: string;
    webhookSecret: string;
    successUrl: string;
    errorUrl: string;
  };
  redsys: {
    urlChoice: RedsysUrlChoice;
    /** The other address, when `urlChoice` is `custom`. */
    url: string;
    fuc: string;
    terminal: string;
    currency: string;
    transactionType: RedsysTransactionType;
    version: string;
    encryptionKey: string;
  };
}

/** Euros in Redsys' numbering (ISO 4217): the currency when none is saved. */
export const euroCurrency = '978';

function urlChoiceOf(url: string | null): RedsysUrlChoice {
  if (url === null || url === redsysUrls.test) return 'test';
  if (url === redsysUrls.production) return 'production';
  return 'custom';
}

export function paymentFormValues(settings: Settings): PaymentFormValues {
  const stripe = settings.stripe;
  const redsys = settings.redsys;
  const urlChoice = urlChoiceOf(redsys?.url ?? null);
  return {
    payment: { gateway: settings.payment?.gateway ?? 'none' },
    stripe: {
      mode: stripe?.mode ?? 'test',
      publishKey: stripe?.publishKey ?? '',
      testPublishKey: stripe?.testPublishKey ?? '',
      secretKey: '',
      testSecretKey: '',
      webhookSecret: '',
      successUrl: stripe?.successUrl ?? '',
      errorUrl: stripe?.errorUrl ?? '',
    },
    redsys: {
      urlChoice,
      url: urlChoice === 'custom' ? (redsys?.url ?? '') : '',
      fuc: redsys?.fuc ?? '',
      terminal: redsys?.terminal ?? '',
      currency: redsys?.currency ?? euroCurrency,
      transactionType: redsys?.transactionType ?? 'authorization',
      version: redsys?.version ?? '',
      encryptionKey: '',
    },
  };
}

/**
 * The `payment`, `stripe` and `redsys` sections to save: the Redsys address chosen, each secret only when
 * typed (absent keeps it) or empty when its removal was asked.
 */
export function paymentBody(values: PaymentFormValues, removals: Removals) {
  const { stripe, redsys } = values;
  const { secretKey, testSecretKey, webhookSecret, ...stripePublic } = stripe;
  const { urlChoice, url, encryptionKey, ...redsysPublic } = redsys;
  return {
    payment: { gateway: values.payment.gateway === 'none' ? null : values.payment.gateway },
    stripe: {
      ...stripePublic,
      ...secretEntry('secretKey', secretKey, !!removals['stripe.secretKey']),
      ...secretEntry('testSecretKey', testSecretKey, !!removals['stripe.testSecretKey']),
      ...secretEntry('webhookSecret', webhookSecret, !!removals['stripe.webhookSecret']),
    },
    redsys: {
      ...redsysPublic,
      url: urlChoice === 'custom' ? url : redsysUrls[urlChoice],
      ...secretEntry('encryptionKey', encryptionKey, !!removals['redsys.encryptionKey']),
    },
  };
}

/** The contract's refinement of a field, said in this screen's words. */
function contractRule(
  schema: { safeParse: (value: unknown) => { success: boolean } },
  message: string,
): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!schema.safeParse(value ?? '').success) throw new Error(message);
    },
  };
}

/** The message of a Redsys field the server refused, by field. */
const fieldMessages: Record<string, string> = {
  'redsys.fuc': 'settings.payment.redsys.fucRule',
  'redsys.terminal': 'settings.payment.redsys.terminalRule',
  'redsys.currency': 'settings.payment.redsys.currencyRule',
  'redsys.url': 'validation.url',
  'stripe.successUrl': 'validation.url',
  'stripe.errorUrl': 'validation.url',
};

/** Puts the server's field errors on their fields; false when there was none of this screen. */
function applyPaymentErrors(
  form: ReturnType<typeof Form.useForm<PaymentFormValues>>[0],
  error: unknown,
  t: TFunction,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const fields = error.fieldErrors.flatMap(({ field }) => {
    const path = field.replace(/^body\./, '');
    const name = path.split('.');
    if (!['payment', 'stripe', 'redsys'].includes(name[0] ?? '')) return [];
    return [{ name, errors: [t(fieldMessages[path] ?? 'validation.invalid')] }];
  });
  if (!fields.length) return false;
  form.setFields(fields as Parameters<typeof form.setFields>[0]);
  return true;
}

/** What a gateway key's field says: saved or not, kept when left empty, removed when asked. */
function keyTexts(t: TFunction): SecretTexts {
  return {
    help: t('settings.payment.secret.help'),
    keepHelp: t('settings.payment.secret.keepHelp'),
    removeHelp: t('settings.payment.secret.removeHelp'),
    keep: t('settings.payment.secret.keep'),
    remove: t('settings.payment.secret.remove'),
    placeholder: t('settings.payment.secret.placeholder'),
  };
}

/**
 * The company's online payments (/settings/payment, with settings_paymentGateway): the gateway new
 * online payments use; Stripe's mode, keys, return addresses and the webhook to register with its events;
 * Redsys' address, merchant code, terminal, currency, transaction type, version and key, with the
 * notification address. Secrets are write-only. Each gateway's saved keys can be tried.
 */
export function PaymentSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const [form] = Form.useForm<PaymentFormValues>();
  const update = useUpdateSettings();
  const endpoints = usePaymentEndpoints();
  const { isDirty, markDirty, markClean } = useUnsavedChanges();
  const [removals, setRemovals] = useState<Removals>({});
  const chosen = Form.useWatch(['payment', 'gateway'], form) ?? paymentFormValues(settings).payment.gateway;
  const urlChoice = Form.useWatch(['redsys', 'urlChoice'], form);
  const texts = keyTexts(t);

  const submit = async (values: PaymentFormValues) => {
    const body = paymentBody(values, removals);
    const payment = paymentSchema.safeParse(body.payment);
    const stripe = stripeSchema.safeParse(body.stripe);
    const redsys = redsysSchema.safeParse(body.redsys);
    if (!payment.success || !stripe.success || !redsys.success) return;
    try {
      await update.mutateAsync({ payment: payment.data, stripe: stripe.data, redsys: redsys.data });
      form.setFieldsValue({
        stripe: { secretKey: '', testSecretKey: '', webhookSecret: '' },
        redsys: { encryptionKey: '' },
      });
      setRemovals({});
      markClean();
      message.success(t('settings.saved'));
    } catch (error) {
      if (applyPaymentErrors(form, error, t)) scrollToFirstError(form);
      else message.error(errorMessage(error));
    }
  };

  const secret = (path: SecretPath, saved: boolean, testId: string) => {
    const key = `${path[0]}.${path[1]}` as SecretName;
    return (
      <SecretField
        name={[...path]}
        label={t(`settings.payment.fields.${key}`)}
        saved={saved}
        removing={!!removals[key]}
        onRemovingChange={(removing) => {
          setRemovals((current) => ({ ...current, [key]: removing }));
          markDirty();
        }}
        canEdit
        texts={texts}
        rules={[zodRule(path[0] === 'stripe' ? stripeShape[path[1]] : redsysShape.encryptionKey, t)]}
        testId={testId}
      />
    );
  };

  const text = (
    section: 'stripe' | 'redsys',
    field: string,
    options: { help?: string; placeholder?: string; rules?: Rule[]; maxLength?: number; type?: string } = {},
  ) => (
    <Form.Item
      name={[section, field]}
      label={t(`settings.payment.fields.${section}.${field}`)}
      extra={options.help}
      rules={options.rules}
    >
      <Input
        type={options.type}
        autoComplete="off"
        placeholder={options.placeholder}
        maxLength={options.maxLength}
        data-testid={`${section}-${field}`}
      />
    </Form.Item>
  );

  const inUse = (gateway: PaymentGateway) =>
    chosen === gateway ? (
      <PaletteTag palette="blue" testId={`payment-${gateway}-in-use`}>
        {t('settings.payment.inUse')}
      </PaletteTag>
    ) : null;

  const endpoint = (kind: 'stripeWebhookUrl' | 'redsysNotificationUrl', testId: string) => {
    if (endpoints.isError)
      return (
        <Alert
          type="warning"
          showIcon
          title={t('settings.payment.endpointsFailed')}
          description={errorMessage(endpoints.error)}
        />
      );
    return endpoints.data ? (
      <CopyField value={endpoints.data[kind]} label={t(`settings.payment.${kind}`)} testId={testId} />
    ) : (
      <Input disabled aria-label={t(`settings.payment.${kind}`)} placeholder={t('common.loading')} />
    );
  };

  return (
    <>
      <PageHeader title={t('settings.payment.title')} subtitle={t('settings.payment.subtitle')} />
      <Form<PaymentFormValues>
        name="payment-settings"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={paymentFormValues(settings)}
        onValuesChange={markDirty}
        onFinish={submit}
        onFinishFailed={() => scrollToFirstError(form)}
        noValidate
        data-testid="payment-settings-form"
      >
        <Card title={t('settings.payment.sections.gateway')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('settings.payment.gatewayIntro')}</Typography.Paragraph>
          <Form.Item
            name={['payment', 'gateway']}
            label={t('settings.payment.fields.gateway')}
            style={{ marginBottom: 0 }}
          >
            <Radio.Group
              options={(['none', ...paymentGateways] as const).map((value) => ({
                value,
                label: t(`settings.payment.gateways.${value}`),
              }))}
              data-testid="payment-gateway"
            />
          </Form.Item>
        </Card>

        <Card
          title={t('settings.payment.sections.stripe')}
          extra={inUse('stripe')}
          style={{ marginBottom: 16 }}
          data-testid="payment-stripe"
        >
          <Typography.Paragraph type="secondary">{t('settings.payment.stripe.intro')}</Typography.Paragraph>
          <Form.Item
            name={['stripe', 'mode']}
            label={t('settings.payment.fields.stripe.mode')}
            extra={t('settings.payment.stripe.modeHelp')}
          >
            <Radio.Group
              optionType="button"
              options={stripeModes.map((value) => ({
                value,
                label: t(`settings.payment.stripe.modes.${value}`),
              }))}
              data-testid="stripe-mode"
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {text('stripe', 'publishKey', {
                placeholder: 'pk_live_…',
                rules: [zodRule(stripeShape.publishKey, t)],
              })}
            </Col>
            <Col xs={24} md={12}>
              {secret(['stripe', 'secretKey'], !!settings.stripe?.secretKeySet, 'stripe-secret-key')}
            </Col>
            <Col xs={24} md={12}>
              {text('stripe', 'testPublishKey', {
                placeholder: 'pk_test_…',
                rules: [zodRule(stripeShape.testPublishKey, t)],
              })}
            </Col>
            <Col xs={24} md={12}>
              {secret(
                ['stripe', 'testSecretKey'],
                !!settings.stripe?.testSecretKeySet,
                'stripe-test-secret-key',
              )}
            </Col>
            <Col xs={24} md={12}>
              {text('stripe', 'successUrl', {
                type: 'url',
                placeholder: 'https://',
                help: t('settings.payment.stripe.successUrlHelp'),
                rules: [zodRule(stripeShape.successUrl, t)],
              })}
            </Col>
            <Col xs={24} md={12}>
              {text('stripe', 'errorUrl', {
                type: 'url',
                placeholder: 'https://',
                help: t('settings.payment.stripe.errorUrlHelp'),
                rules: [zodRule(stripeShape.errorUrl, t)],
              })}
            </Col>
          </Row>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 8 }}>
            {t('settings.payment.stripe.webhookTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('settings.payment.stripe.webhookIntro')}
          </Typography.Paragraph>
          <Form.Item
            label={t('settings.payment.stripeWebhookUrl')}
            colon={false}
            style={{ marginBottom: 12 }}
          >
            {endpoint('stripeWebhookUrl', 'stripe-webhook-url')}
          </Form.Item>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {t('settings.payment.stripe.events')}
          </Typography.Paragraph>
          <Flex gap={8} wrap style={{ marginBottom: 16 }} data-testid="stripe-webhook-events">
            {stripeWebhookEvents.map((event) => (
              <Typography.Text key={event} code copyable={{ text: event }}>
                {event}
              </Typography.Text>
            ))}
          </Flex>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {secret(
                ['stripe', 'webhookSecret'],
                !!settings.stripe?.webhookSecretSet,
                'stripe-webhook-secret',
              )}
            </Col>
          </Row>
          <PaymentCheck gateway="stripe" unsaved={isDirty} />
        </Card>

        <Card
          title={t('settings.payment.sections.redsys')}
          extra={inUse('redsys')}
          style={{ marginBottom: 16 }}
          data-testid="payment-redsys"
        >
          <Typography.Paragraph type="secondary">{t('settings.payment.redsys.intro')}</Typography.Paragraph>
          <Form.Item
            name={['redsys', 'urlChoice']}
            label={t('settings.payment.fields.redsys.url')}
            style={{ marginBottom: urlChoice === 'custom' ? 8 : undefined }}
            extra={urlChoice === 'custom' ? undefined : redsysUrls[urlChoice ?? 'test']}
          >
            <Radio.Group
              options={redsysUrlChoices.map((value) => ({
                value,
                label: t(`settings.payment.redsys.urls.${value}`),
              }))}
              data-testid="redsys-url-choice"
            />
          </Form.Item>
          {urlChoice === 'custom' && (
            <Form.Item
              name={['redsys', 'url']}
              label={t('settings.payment.redsys.customUrl')}
              extra={t('settings.payment.redsys.customUrlHelp')}
              required
              rules={[
                { required: true, whitespace: true, message: t('validation.required') },
                zodRule(redsysShape.url, t),
              ]}
            >
              <Input type="url" autoComplete="off" placeholder="https://" data-testid="redsys-url" />
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col xs={24} sm={12} md={8}>
              {text('redsys', 'fuc', {
                placeholder: '999008881',
                maxLength: 9,
                help: t('settings.payment.redsys.fucHelp'),
                rules: [contractRule(redsysShape.fuc, t('settings.payment.redsys.fucRule'))],
              })}
            </Col>
            <Col xs={12} sm={6} md={8}>
              {text('redsys', 'terminal', {
                placeholder: '1',
                maxLength: 3,
                help: t('settings.payment.redsys.terminalHelp'),
                rules: [contractRule(redsysShape.terminal, t('settings.payment.redsys.terminalRule'))],
              })}
            </Col>
            <Col xs={12} sm={6} md={8}>
              {text('redsys', 'currency', {
                placeholder: euroCurrency,
                maxLength: 3,
                help: t('settings.payment.redsys.currencyHelp'),
                rules: [contractRule(redsysShape.currency, t('settings.payment.redsys.currencyRule'))],
              })}
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name={['redsys', 'transactionType']}
                label={t('settings.payment.fields.redsys.transactionType')}
                extra={t('settings.payment.redsys.transactionTypeHelp')}
              >
                <Select<RedsysTransactionType>
                  options={redsysTransactionTypes.map((value) => ({
                    value,
                    label: t(`settings.payment.redsys.transactionTypes.${value}`),
                  }))}
                  data-testid="redsys-transaction-type"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              {text('redsys', 'version', {
                placeholder: 'HMAC_SHA256_V1',
                help: t('settings.payment.redsys.versionHelp'),
                rules: [zodRule(redsysShape.version, t)],
              })}
            </Col>
            <Col xs={24} md={12}>
              {secret(
                ['redsys', 'encryptionKey'],
                !!settings.redsys?.encryptionKeySet,
                'redsys-encryption-key',
              )}
            </Col>
          </Row>
          <Form.Item
            label={t('settings.payment.redsysNotificationUrl')}
            extra={t('settings.payment.redsys.notificationHelp')}
            style={{ marginBottom: 12 }}
          >
            {endpoint('redsysNotificationUrl', 'redsys-notification-url')}
          </Form.Item>
          <PaymentCheck gateway="redsys" unsaved={isDirty} />
        </Card>

        <FormFooter
          onCancel={() => {
            form.resetFields();
            setRemovals({});
            markClean();
          }}
          saving={update.isPending}
          saveTestId="payment-settings-save"
        />
      </Form>
    </>
  );
}
