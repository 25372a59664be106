import {
  allowedPaymentMethods,
  ErrorCode,
  type PaymentPeriodicity,
  paymentPeriodicities,
  type Subscription,
  type SubscriptionPaymentMethod,
  subscriptionPaymentMethods,
} from '@mostrador/contract';
import { Alert, App, Col, DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { FormSection } from '../../../components/forms/form-section';
import { RecordForm } from '../../../components/forms/record-form';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { applyServerErrors } from '../../../components/forms/zod-rule';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros } from '../../../lib/format';
import { CustomerSelect } from '../../customers/components/customer-select';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCreateSubscription, useSubscriptionProduct, useUpdateSubscription } from '../api';
import {
  defaultPaymentPeriodicity,
  nextRenewalDays,
  periodicitiesFor,
  renewalCharge,
  type SubscriptionFormValues,
  servicePeriodOf,
  toBody,
  toFormValues,
} from '../subscription-values';
import { holderOf } from './subscription-actions';
import { SubscriptionProductSelect } from './subscription-product-select';

interface SubscriptionFormProps {
  /** The subscription to edit; none to create one. */
  subscription?: Subscription;
  /** The customer a new one is for (from the customer's page). */
  customerId?: number;
  /** Called after saving and on cancel: back to where the user came from. */
  onDone: (saved?: Subscription) => void;
  footerStart?: (leave: () => void) => ReactNode;
}

/** "a day"/"3 months": a product's service period in words. */
function usePeriodText() {
  const { t } = useTranslation();
  return (p: { quantity: number; unit: string }) =>
    t(`subscriptions.periods.${p.unit}`, { count: p.quantity });
}

/**
 * The subscription's create and edit form: customer, a subscription product, the payment periodicities that
 * fit the product's period, the start (its help, the renewal days, once the periodicity is chosen) and the
 * payment method the user may sell with; checked before sending, the server's refusals on their fields. An
 * active subscription only changes its payment method.
 */
export function SubscriptionForm({ subscription, customerId, onDone, footerStart }: SubscriptionFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const settings = useCompanySettings();
  const { timeZone } = settings;
  const periodText = usePeriodText();
  const [form] = Form.useForm<SubscriptionFormValues>();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const unsaved = useUnsavedChanges();
  const methods = subscriptionPaymentMethods.filter((m) =>
    (allowedPaymentMethods(can) as string[]).includes(m),
  );
  const defaultMethod = methods.includes('online') ? 'online' : methods[0];
  const initialValues = useMemo(
    () => toFormValues(subscription, timeZone, { customerId, paymentMethod: defaultMethod }),
    [subscription, timeZone, customerId, defaultMethod],
  );
  const locked = subscription?.status === 'active';
  const productId = Form.useWatch('productId', form) ?? undefined;
  const periodicity = Form.useWatch('paymentPeriodicity', form) as PaymentPeriodicity | null | undefined;
  const startsAt = Form.useWatch('startsAt', form);
  const product = useSubscriptionProduct(productId ?? undefined).data;
  const allowed = product ? periodicitiesFor(product) : [];

  // A product chosen proposes its own payment periodicity once its record is read; one that does not fit
  // the new product is replaced by it.
  useEffect(() => {
    if (!product || locked || product.id !== form.getFieldValue('productId')) return;
    const current = form.getFieldValue('paymentPeriodicity') as PaymentPeriodicity | null;
    if (!current || !periodicitiesFor(product).includes(current))
      form.setFieldValue('paymentPeriodicity', defaultPaymentPeriodicity(product));
  }, [product, locked, form]);

  const requiredRule: Rule = { required: true, message: t('validation.required') };

  const trialDays = product
    ? (product.freeSubscriptionTrialDays ?? settings.subscriptions?.freeSubscriptionTrialDays ?? 0)
    : 0;
  const charge = product && periodicity ? renewalCharge(product, periodicity) : null;

  let startHelp: ReactNode = t('subscriptions.startsAtChooseFirst');
  if (product && periodicity && startsAt?.isValid()) {
    const anchor = trialDays > 0 && !subscription?.activatedAt ? startsAt.add(trialDays, 'day') : startsAt;
    const days = nextRenewalDays(anchor, periodicity).map((d) => dayjs(d).format('L'));
    startHelp = (
      <span data-testid="subscription-renewal-days">
        {trialDays > 0 && !subscription?.activatedAt
          ? t('subscriptions.renewalsAfterTrial', {
              count: trialDays,
              end: anchor.format('L'),
              days: days.join(', '),
            })
          : t('subscriptions.renewalsOn', { days: days.join(', ') })}
      </span>
    );
  }

  const submit = async (values: SubscriptionFormValues) => {
    const body = toBody(
      { ...initialValues, ...form.getFieldsValue(true), ...values },
      subscription,
      timeZone,
    );
    try {
      const saved = subscription
        ? await update.mutateAsync({ id: subscription.id, body })
        : await create.mutateAsync(body);
      unsaved.markClean();
      message.success(t(subscription ? 'subscriptions.updated' : 'subscriptions.created'));
      onDone(saved);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.subscriptionPaymentPeriodicityInvalid) {
        form.setFields([{ name: 'paymentPeriodicity', errors: [errorMessage(error)] }]);
        scrollToFirstError(form);
        return;
      }
      if (!applyServerErrors(form, error, t)) {
        message.error(errorMessage(error));
        return;
      }
      scrollToFirstError(form);
    }
  };

  return (
    <RecordForm<SubscriptionFormValues>
      name="subscription"
      form={form}
      initialValues={initialValues}
      onFinish={submit}
      unsaved={unsaved}
      saving={create.isPending || update.isPending}
      onDone={() => onDone()}
      footerStart={footerStart}
    >
      {locked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('subscriptions.activeLocked')}
          data-testid="subscription-locked"
        />
      )}
      <FormSection
        grid
        title={t('subscriptions.sections.subscription')}
        testId="subscription-section-general"
      >
        <Col xs={24} md={12}>
          {locked && subscription ? (
            <Form.Item label={t('subscriptions.fields.customer')} htmlFor="subscription_customerName">
              <Input id="subscription_customerName" value={holderOf(subscription)} disabled />
            </Form.Item>
          ) : (
            <Form.Item
              name="customerId"
              label={t('subscriptions.fields.customer')}
              rules={[requiredRule]}
              required
            >
              <CustomerSelect
                currentLabel={subscription ? holderOf(subscription) : undefined}
                data-testid="subscription-customer"
              />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="productId"
            label={t('subscriptions.fields.product')}
            rules={[requiredRule]}
            required
            extra={
              product && productId === product.id
                ? t('subscriptions.productHelp', {
                    type: t(`products.types.${product.type}`),
                    price: formatEuros(product.price),
                    period: periodText(servicePeriodOf(product)),
                  })
                : t('subscriptions.productChoose')
            }
          >
            <SubscriptionProductSelect disabled={locked} data-testid="subscription-product" />
          </Form.Item>
        </Col>
      </FormSection>
      <FormSection grid title={t('subscriptions.sections.payment')} testId="subscription-section-payment">
        <Col xs={24} md={12}>
          <Form.Item
            name="paymentPeriodicity"
            label={t('subscriptions.fields.paymentPeriodicity')}
            rules={[requiredRule]}
            required
            extra={
              charge && product
                ? t('subscriptions.chargeHelp', {
                    count: charge.periods,
                    amount: formatEuros(charge.cents / 100),
                    price: formatEuros(product.price),
                  })
                : t('subscriptions.paymentPeriodicityHelp')
            }
          >
            <Select<PaymentPeriodicity>
              disabled={locked || !product}
              placeholder={product ? undefined : t('subscriptions.productFirst')}
              options={paymentPeriodicities
                .filter((value) => allowed.includes(value) || value === periodicity)
                .map((value) => ({ value, label: t(`products.paymentPeriodicities.${value}`) }))}
              data-testid="subscription-payment-periodicity"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="startsAt"
            label={t('subscriptions.fields.startsAt')}
            required
            extra={startHelp}
            rules={[
              requiredRule,
              {
                validator: async (_rule, value: unknown) => {
                  if (value && !(value as { isValid?: () => boolean }).isValid?.())
                    throw new Error(t('validation.invalid'));
                },
              },
            ]}
          >
            <DatePicker
              format="L"
              placeholder=""
              allowClear={false}
              disabled={locked}
              style={{ width: '100%' }}
              data-testid="subscription-starts-at"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="paymentMethod"
            label={t('subscriptions.fields.paymentMethod')}
            rules={[requiredRule]}
            required
            extra={t('subscriptions.paymentMethodHelp')}
          >
            <Select<SubscriptionPaymentMethod>
              options={subscriptionPaymentMethods
                .filter((m) => methods.includes(m) || m === subscription?.paymentMethod)
                .map((value) => ({ value, label: t(`orders.paymentMethods.${value}`) }))}
              notFoundContent={t('subscriptions.noPaymentMethod')}
              data-testid="subscription-payment-method"
            />
          </Form.Item>
        </Col>
        {product && trialDays > 0 && !subscription?.activatedAt && (
          <Col xs={24}>
            <Typography.Paragraph type="secondary" data-testid="subscription-trial-note">
              {t('subscriptions.trialNote', { count: trialDays })}
            </Typography.Paragraph>
          </Col>
        )}
      </FormSection>
    </RecordForm>
  );
}
