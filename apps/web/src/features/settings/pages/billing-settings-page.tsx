import {
  type InvoiceSeries,
  invoiceSeries,
  type Settings,
  spanishTaxIdPattern,
  updateSettingsBody,
} from '@mostrador/contract';
import { Alert, App, Card, Col, Form, Input, Radio, Row, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { FormFooter } from '../../../components/forms/form-footer';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { dayjs } from '../../../lib/dayjs';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateSettings } from '../api';
import { CertificateCard } from '../components/certificate-card';
import { SettingsReadOnlyAlert } from '../components/settings-read-only-alert';
import { VerifactuCheckCard } from '../components/verifactu-check-card';

/** The billing and Verifactu sections of the settings body, as the server checks them. */
const billingSchema = updateSettingsBody.shape.billing.unwrap();
const verifactuSchema = updateSettingsBody.shape.verifactu.unwrap();
const billingShape = billingSchema.shape;

type SeriesField = 'fullSeries' | 'simplifiedSeries' | 'rectifyingSeries';
const seriesFields: Record<InvoiceSeries, SeriesField> = {
  full: 'fullSeries',
  simplified: 'simplifiedSeries',
  rectifying: 'rectifyingSeries',
};

export const simplifiedLimits = [400, 3000] as const;

export interface BillingFormValues {
  billing: {
    legalName: string;
    street: string;
    postalCode: string;
    city: string;
    state: string;
    country: string;
    fullSeries: string;
    simplifiedSeries: string;
    rectifyingSeries: string;
    simplifiedInvoices: boolean;
    simplifiedInvoiceLimit: 400 | 3000;
  };
  verifactu: {
    status: boolean;
    environment: 'test' | 'production';
    taxId: string;
  };
}

export function billingFormValues(settings: Settings): BillingFormValues {
  const billing = settings.billing;
  const verifactu = settings.verifactu;
  return {
    billing: {
      legalName: billing?.legalName ?? '',
      street: billing?.street ?? '',
      postalCode: billing?.postalCode ?? '',
      city: billing?.city ?? '',
      state: billing?.state ?? '',
      country: billing?.country ?? '',
      fullSeries: billing?.fullSeries ?? '',
      simplifiedSeries: billing?.simplifiedSeries ?? 'T',
      rectifyingSeries: billing?.rectifyingSeries ?? 'R',
      simplifiedInvoices: billing?.simplifiedInvoices ?? false,
      simplifiedInvoiceLimit: billing?.simplifiedInvoiceLimit ?? 400,
    },
    verifactu: {
      status: verifactu?.status ?? false,
      environment: verifactu?.environment ?? 'test',
      taxId: verifactu?.taxId ?? '',
    },
  };
}

/** The code an invoice of a series gets, e.g. `T2026-000001`: the prefix, the year, six digits. */
export function exampleCode(prefix: string, year: number, number = 1): string {
  return `${prefix.trim()}${year}-${String(number).padStart(6, '0')}`;
}

/** What the server's field errors say, in the user's language (the contract's messages). */
const serverMessages: Record<string, string> = {
  'required with Verifactu on': 'settings.billing.requiredWithVerifactu',
  'upload the certificate first': 'settings.billing.certificate.required',
  'a Spanish tax id of nine characters': 'validation.spanishTaxId',
};

/**
 * Puts the server's field errors on their fields: `verifactu.certificate` has no field of its own and
 * lands on the switch that needed it. False when there was none.
 */
function applyBillingErrors(
  form: ReturnType<typeof Form.useForm<BillingFormValues>>[0],
  error: unknown,
  t: TFunction,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const fields = error.fieldErrors.flatMap(({ field, message }) => {
    const path = field.replace(/^body\./, '');
    const name = path === 'verifactu.certificate' ? ['verifactu', 'status'] : path.split('.');
    if (name[0] !== 'billing' && name[0] !== 'verifactu') return [];
    return [{ name, errors: [t(serverMessages[message] ?? 'validation.invalid')] }];
  });
  if (!fields.length) return false;
  form.setFields(fields as Parameters<typeof form.setFields>[0]);
  return true;
}

/**
 * The company's invoicing: the legal name and address printed on its invoices, the prefixes of its
 * three numbering series (with the codes they make), whether paid sales get simplified invoices and up
 * to which amount; Verifactu (switched on, test or production, the company's tax id); the certificate
 * that signs the submissions; and a check of the chain of records. Read-only without
 * settings_paymentGateway.
 */
export function BillingSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const settings = useCompanySettings();
  const [form] = Form.useForm<BillingFormValues>();
  const update = useUpdateSettings();
  const { markDirty, markClean } = useUnsavedChanges();
  const canEdit = usePermissions()('settings_paymentGateway');
  const year = dayjs().tz(settings.timeZone).year();
  const certificate = settings.verifactu?.certificate ?? null;
  const simplifiedOn = Form.useWatch(['billing', 'simplifiedInvoices'], form);
  const verifactuOn = Form.useWatch(['verifactu', 'status'], form);
  const environment = Form.useWatch(['verifactu', 'environment'], form);

  const submit = async (values: BillingFormValues) => {
    const billing = billingSchema.safeParse(values.billing);
    const verifactu = verifactuSchema.safeParse(values.verifactu);
    if (!billing.success || !verifactu.success) return;
    try {
      await update.mutateAsync({ billing: billing.data, verifactu: verifactu.data });
      markClean();
      message.success(t('settings.saved'));
    } catch (error) {
      if (applyBillingErrors(form, error, t)) scrollToFirstError(form);
      else message.error(errorMessage(error));
    }
  };

  /** Needed only with Verifactu on: the switch's state decides. */
  const requiredWithVerifactu = (otherwise?: () => boolean): Rule => ({
    validator: async (_rule, value: unknown) => {
      if (!form.getFieldValue(['verifactu', 'status'])) return;
      if (typeof value === 'string' && value.trim()) return;
      if (otherwise?.()) return;
      throw new Error(t('settings.billing.requiredWithVerifactu'));
    },
  });

  const text = (
    field: 'legalName' | 'street' | 'postalCode' | 'city' | 'state' | 'country',
    options: { placeholder?: string | null; help?: string; rules?: Rule[] } = {},
  ) => (
    <Form.Item
      name={['billing', field]}
      label={t(`settings.billing.fields.${field}`)}
      extra={options.help}
      rules={[zodRule(billingShape[field], t), ...(options.rules ?? [])]}
      dependencies={options.rules ? [['verifactu', 'status']] : undefined}
    >
      <Input
        autoComplete="off"
        placeholder={options.placeholder ?? undefined}
        data-testid={`billing-${field}`}
      />
    </Form.Item>
  );

  const seriesItem = (series: InvoiceSeries) => {
    const field = seriesFields[series];
    const others = invoiceSeries.filter((other) => other !== series).map((other) => seriesFields[other]);
    return (
      <Col xs={24} md={8} key={series}>
        <Form.Item noStyle shouldUpdate={(a, b) => a.billing?.[field] !== b.billing?.[field]}>
          {({ getFieldValue }) => (
            <Form.Item
              name={['billing', field]}
              label={t(`settings.billing.fields.${field}`)}
              extra={
                <span data-testid={`billing-${field}-example`}>
                  {t('settings.billing.seriesExample', {
                    code: exampleCode(String(getFieldValue(['billing', field]) ?? ''), year),
                  })}
                </span>
              }
              dependencies={others.map((other) => ['billing', other])}
              rules={[
                zodRule(billingShape[field], t),
                {
                  validator: async (_rule, value: string | undefined) => {
                    const mine = (value ?? '').trim();
                    const clash = others.some(
                      (other) => String(getFieldValue(['billing', other]) ?? '').trim() === mine,
                    );
                    if (clash) throw new Error(t('settings.billing.seriesClash'));
                  },
                },
              ]}
            >
              <Input
                autoComplete="off"
                maxLength={10}
                style={{ maxWidth: 200 }}
                data-testid={`billing-${field}`}
              />
            </Form.Item>
          )}
        </Form.Item>
      </Col>
    );
  };

  return (
    <>
      <PageHeader title={t('settings.billing.title')} subtitle={t('settings.billing.subtitle')} />
      {!canEdit && <SettingsReadOnlyAlert description={t('settings.billing.readOnlyHelp')} />}
      <Form<BillingFormValues>
        name="billing-settings"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        disabled={!canEdit}
        initialValues={billingFormValues(settings)}
        onValuesChange={markDirty}
        onFinish={submit}
        onFinishFailed={() => scrollToFirstError(form)}
        noValidate
        data-testid="billing-settings-form"
      >
        <Card title={t('settings.billing.sections.invoicing')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('settings.billing.invoicingIntro')}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {text('legalName', {
                placeholder: settings.companyName,
                help: settings.companyName
                  ? t('settings.billing.legalNameHelpCompany', { name: settings.companyName })
                  : t('settings.billing.legalNameHelp'),
                rules: [requiredWithVerifactu(() => !!settings.companyName)],
              })}
            </Col>
            <Col xs={24} md={12}>
              {text('street', { placeholder: settings.street })}
            </Col>
            <Col xs={24} sm={8} md={6}>
              {text('postalCode', { placeholder: settings.postalCode })}
            </Col>
            <Col xs={24} sm={16} md={6}>
              {text('city', { placeholder: settings.city })}
            </Col>
            <Col xs={24} sm={12} md={6}>
              {text('state', { placeholder: settings.state })}
            </Col>
            <Col xs={24} sm={12} md={6}>
              {text('country', { placeholder: settings.country })}
            </Col>
          </Row>
        </Card>
        <Card title={t('settings.billing.sections.series')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('settings.billing.seriesIntro')}</Typography.Paragraph>
          <Row gutter={16}>{invoiceSeries.map(seriesItem)}</Row>
        </Card>
        <Card title={t('settings.billing.sections.simplified')} style={{ marginBottom: 16 }}>
          <Form.Item
            name={['billing', 'simplifiedInvoices']}
            label={t('settings.billing.fields.simplifiedInvoices')}
            extra={t('settings.billing.simplifiedHelp')}
            valuePropName="checked"
          >
            <Switch data-testid="billing-simplified" />
          </Form.Item>
          <Form.Item
            name={['billing', 'simplifiedInvoiceLimit']}
            label={t('settings.billing.fields.simplifiedInvoiceLimit')}
            extra={t('settings.billing.limitHelp')}
            style={{ marginBottom: 0 }}
          >
            <Radio.Group
              disabled={!canEdit || !simplifiedOn}
              options={simplifiedLimits.map((value) => ({
                value,
                label: t(`settings.billing.limits.${value}`),
              }))}
              data-testid="billing-limit"
            />
          </Form.Item>
        </Card>
        <Card title={t('settings.billing.sections.verifactu')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">{t('settings.billing.verifactuIntro')}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name={['verifactu', 'status']}
                label={t('settings.billing.fields.status')}
                valuePropName="checked"
                // A switch is checked when it changes: leaving it must not clear the server's word on it.
                validateTrigger="onChange"
                rules={[
                  {
                    validator: async (_rule, value: boolean) => {
                      if (value && !certificate) throw new Error(t('settings.billing.certificate.required'));
                    },
                  },
                ]}
              >
                <Switch data-testid="verifactu-status" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={['verifactu', 'environment']} label={t('settings.billing.fields.environment')}>
                <Radio.Group
                  optionType="button"
                  options={(['test', 'production'] as const).map((value) => ({
                    value,
                    label: t(`settings.billing.environments.${value}`),
                  }))}
                  data-testid="verifactu-environment"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['verifactu', 'taxId']}
                label={t('settings.billing.fields.taxId')}
                extra={t('settings.billing.taxIdHelp')}
                normalize={(value: string) => value.toUpperCase().replace(/[\s.-]/g, '')}
                dependencies={[['verifactu', 'status']]}
                rules={[
                  {
                    validator: async (_rule, value: string | undefined) => {
                      if (value && !spanishTaxIdPattern.test(value))
                        throw new Error(t('validation.spanishTaxId'));
                    },
                  },
                  requiredWithVerifactu(),
                ]}
              >
                <Input
                  autoComplete="off"
                  maxLength={9}
                  placeholder="B12345678"
                  style={{ maxWidth: 200 }}
                  data-testid="verifactu-tax-id"
                />
              </Form.Item>
            </Col>
          </Row>
          {verifactuOn && environment === 'production' && (
            <Alert
              type="warning"
              showIcon
              title={t('settings.billing.productionWarning')}
              data-testid="verifactu-production-warning"
            />
          )}
        </Card>
        {canEdit && (
          <FormFooter
            onCancel={() => {
              form.resetFields();
              markClean();
            }}
            saving={update.isPending}
            saveTestId="billing-settings-save"
          />
        )}
      </Form>
      <CertificateCard canEdit={canEdit} />
      {canEdit && <VerifactuCheckCard />}
    </>
  );
}
