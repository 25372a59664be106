import {
  allowedPaymentMethods,
  bookingStartRefusalCodes,
  centsToEuros,
  ErrorCode,
  formatCents,
  isStatusBackwards,
  type Order,
  orderBody,
  orderCustomerRefusalCodes,
  orderLockedCodes,
  orderStatuses,
  paymentMethods,
  physicalPaymentMethods,
} from '@mostrador/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Col,
  Divider,
  Flex,
  Form,
  type FormInstance,
  Grid,
  Input,
  Row,
  Select,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { ButtonLink } from '../../../components/button-link';
import { FormFooter } from '../../../components/forms/form-footer';
import { FormSection } from '../../../components/forms/form-section';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { issueMessage, zodRule } from '../../../components/forms/zod-rule';
import { formatEuros } from '../../../lib/format';
import { ChangeCalculator } from '../../cash-registers/components/change-calculator';
import { paymentSettingsPath, paymentSetupRefusalCodes } from '../../payments/payment-errors';
import { useTaxesById } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCreateOrder, useProducts, useUpdateOrder } from '../api';
import { AvailableCredit, creditRefusal, customerBalancesKey } from './order-form-credit';
import { CustomerPicker } from './order-form-customer';
import { OrderLines } from './order-form-lines';
import { OpenRegisterButton, RegisterNotice } from './order-form-register';
import {
  formName,
  lineFigures,
  type OrderFormValues,
  type OrderLineValues,
  orderFigures,
  orderMessageKey,
  statusForPayment,
  toBody,
} from './order-form-values';

type FieldData = { name: (string | number)[]; errors: string[] };

/** A 400 answer's field errors on the order's fields (a line's `lines.<i>.<field>` on that line). */
function serverFieldErrors(error: unknown, t: TFunction): FieldData[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.map(({ field, message }) => ({
    name: formName(field),
    errors: [t(orderMessageKey(message) ?? 'validation.invalid')],
  }));
}

/** A refusal of a line's start: on the line the server names, else on the lines booking a new start. */
function startFieldErrors(error: unknown, values: OrderFormValues, text: string): FieldData[] {
  if (!isApiError(error)) return [];
  const named = error.fieldErrors
    .map(({ field }) => formName(field))
    .filter((name) => name[0] === 'lines')
    .map((name) => ({ name, errors: [text] }));
  if (named.length) return named;
  return values.lines.flatMap((line, index) =>
    !line.bookingId && line.startsAt ? [{ name: ['lines', index, 'startsAt'], errors: [text] }] : [],
  );
}

/**
 * Tax base, taxes and total of the lines as they stand, computed as the server does (integer cents);
 * paid in cash, the change for the amount the customer gives.
 */
function Totals({ lines, cash }: { lines: OrderLineValues[]; cash: boolean }) {
  const { t } = useTranslation();
  const taxes = useTaxesById();
  // The same products the lines' cards show (one cache): the tax each line is priced with.
  const products = useProducts(lines.map((line) => line?.productId));
  const figures = orderFigures(
    lines.map((line, index) => {
      const product = products[index];
      const percentage = product ? taxes[product.taxType]?.percentage : undefined;
      return lineFigures(line, percentage ?? line?.taxPercentage);
    }),
  );
  const row = (label: string, cents: number, testId: string, strong = false) => (
    <Flex justify="space-between" align="baseline">
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <Typography.Text strong={strong} style={strong ? { fontSize: 20 } : undefined} data-testid={testId}>
        {formatCents(cents)}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={8} aria-live="polite">
      {row(t('orders.form.taxBase'), figures.taxBaseCents, 'order-tax-base')}
      {row(t('orders.form.taxes'), figures.taxesCents, 'order-taxes')}
      <Divider style={{ margin: '4px 0' }} />
      {row(t('orders.form.total'), figures.totalCents, 'order-total', true)}
      {cash && figures.totalCents > 0 && (
        <>
          <Divider style={{ margin: '4px 0' }} />
          <ChangeCalculator totalCents={figures.totalCents} />
        </>
      )}
    </Flex>
  );
}

interface OrderFormProps {
  /** The order to edit; none to create one. */
  order?: Order;
  initialValues: OrderFormValues;
  /** After saving (with the saved order) and on cancel (without). */
  onDone: (saved?: Order) => void;
}

/**
 * An order's form: customer, lines (with a booked product's start), payment and note, live totals.
 * Checked with the contract's schema before sending; the server's field errors land on their fields and
 * its business refusals are said above the footer, with the way out when there is one (the register to
 * open, the payment gateway to set up). An online order is never saved paid: choosing online moves paid
 * to awaiting payment, and its gateway marks it paid when the customer pays the link.
 */
export function OrderForm({ order, initialValues, onDone }: OrderFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<OrderFormValues>();
  const queryClient = useQueryClient();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const { markDirty, markClean } = useUnsavedChanges();
  const [failure, setFailure] = useState<{ code: number; text: string } | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const allowed = useMemo(() => allowedPaymentMethods(can), [can]);
  const paymentMethod = Form.useWatch('paymentMethod', form) ?? initialValues.paymentMethod;
  const lines = (Form.useWatch('lines', { form, preserve: true }) ??
    initialValues.lines) as OrderLineValues[];
  const physical = physicalPaymentMethods.includes(paymentMethod);
  const online = paymentMethod === 'online';
  /** Errors on fields by path (lines included), as the customer form puts them. */
  const setFieldErrors = (fields: FieldData[]) => (form as FormInstance).setFields(fields);

  const showFailure = (code: number, text: string) => {
    setFailure({ code, text });
    message.error(text);
    setTimeout(() => failureRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' }), 50);
  };

  const submit = async () => {
    // The whole store: the lines' ids and bookings are kept there without fields of their own.
    const values = form.getFieldsValue(true) as OrderFormValues;
    setFailure(null);
    const body = toBody(values);
    const parsed = orderBody.safeParse(body);
    if (!parsed.success) {
      setFieldErrors(
        parsed.error.issues.map((issue) => {
          const [key, params] =
            issue.code === 'custom' && orderMessageKey(issue.message)
              ? [orderMessageKey(issue.message) as string]
              : issueMessage(issue, undefined);
          return { name: formName(issue.path), errors: [t(key, params ?? {})] };
        }),
      );
      message.error(t(`errors.${ErrorCode.validation}`));
      scrollToFirstError(form);
      return;
    }
    try {
      const saved = order
        ? await update.mutateAsync({ id: order.id, body: parsed.data })
        : await create.mutateAsync(parsed.data);
      markClean();
      message.success(t(order ? 'orders.form.updated' : 'orders.form.created', { code: saved.code }));
      onDone(saved);
    } catch (error) {
      const text = errorMessage(error);
      if (isApiError(error, 400)) {
        const fields = serverFieldErrors(error, t);
        if (fields.length) {
          setFieldErrors(fields);
          message.error(t(`errors.${ErrorCode.validation}`));
          scrollToFirstError(form);
          return;
        }
      }
      if (isApiError(error) && orderCustomerRefusalCodes.includes(error.code)) {
        form.setFields([{ name: ['customerId'], errors: [text] }]);
        showFailure(error.code, text);
        return;
      }
      if (isApiError(error, 409) && error.code === ErrorCode.creditNotEnough) {
        // Spent meanwhile (or short as the server counts it): said on the method, the credit read again.
        form.setFields([{ name: ['paymentMethod'], errors: [text] }]);
        if (values.customerId)
          void queryClient.invalidateQueries({ queryKey: customerBalancesKey(values.customerId) });
        showFailure(error.code, text);
        return;
      }
      if (isApiError(error) && bookingStartRefusalCodes.includes(error.code)) {
        setFieldErrors(startFieldErrors(error, values, text));
        showFailure(error.code, text);
        return;
      }
      showFailure(isApiError(error) ? error.code : 0, text);
      // Paid, refunded or invoiced elsewhere meanwhile: loading it again opens its read-only view.
      if (order && isApiError(error) && orderLockedCodes.includes(error.code)) {
        markClean();
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(order.id) });
      }
    }
  };

  const canSetUpPayments = can('settings_paymentGateway');
  /** A refusal and, when there is one, the way out: the register to open, the gateway to set up. */
  const failureDescription = ({ code, text }: { code: number; text: string }) => {
    if (code === ErrorCode.cashRegisterClosed) return `${text} ${t('orders.form.registerWayOut')}`;
    if (paymentSetupRefusalCodes.includes(code))
      return `${text} ${t(canSetUpPayments ? 'orders.form.paymentSetupWayOut' : 'orders.form.paymentSetupAsk')}`;
    return text;
  };

  /** The customer's rules the server checks, said on the field before sending. */
  const customerRule = {
    validator: async (_rule: unknown, value: number | null | undefined) => {
      if (value) return;
      const current = form.getFieldsValue(true) as OrderFormValues;
      if (current.status === 'awaiting_payment')
        throw new Error(t(`errors.${ErrorCode.awaitingPaymentWithoutCustomer}`));
      if (current.paymentMethod === 'online')
        throw new Error(t(`errors.${ErrorCode.onlineOrderWithoutCustomer}`));
      if ((current.lines ?? []).some((line) => !line.bookingId && line.startsAt))
        throw new Error(t('orders.form.bookingNeedsCustomer'));
    },
  };

  /**
   * Paid with credit, the customer's credit pays the total: no customer, or credit short of the total,
   * said on the payment method before sending (the server refuses them too: 400, 409 1000188).
   */
  const creditRule = {
    validator: async (_rule: unknown, value: OrderFormValues['paymentMethod']) => {
      const current = form.getFieldsValue(true) as OrderFormValues;
      if (value !== 'credit' || statusForPayment(current.status, value) !== 'paid') return;
      const totalCents = orderFigures(
        (current.lines ?? []).map((line) => lineFigures(line, undefined)),
      ).totalCents;
      const refusal = await creditRefusal(queryClient, {
        customerId: current.customerId,
        totalCents,
        mayRead: can('customers_find'),
      });
      if (refusal?.key === 'noCustomer') throw new Error(t('orders.form.creditNeedsCustomer'));
      if (refusal?.key === 'short')
        throw new Error(
          t('orders.form.creditShort', {
            available: formatEuros(centsToEuros(refusal.availableCents)),
            total: formatEuros(centsToEuros(totalCents)),
          }),
        );
    },
  };
  const customerId = Form.useWatch('customerId', form) ?? initialValues.customerId;

  return (
    <Form<OrderFormValues>
      name="order"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={initialValues}
      onValuesChange={(changed: Partial<OrderFormValues>) => {
        markDirty();
        // Online, an order is paid by the gateway when the customer pays its link: it awaits payment.
        if (changed.paymentMethod) {
          const status = form.getFieldValue('status') as OrderFormValues['status'];
          const next = statusForPayment(status, changed.paymentMethod);
          if (next !== status) form.setFieldValue('status', next);
        }
        if ('status' in changed || 'paymentMethod' in changed || 'lines' in changed)
          if (form.isFieldTouched('customerId') || form.getFieldError('customerId').length)
            void form.validateFields(['customerId']).catch(() => undefined);
        // Paying with credit: said again as the customer, the lines or the status change.
        if (
          ('status' in changed || 'customerId' in changed || 'lines' in changed) &&
          form.getFieldError('paymentMethod').length
        )
          void form.validateFields(['paymentMethod']).catch(() => undefined);
      }}
      onFinish={submit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      noValidate
      data-testid="order-form"
    >
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <FormSection title={t('orders.form.sections.customer')} testId="order-section-customer">
            <Form.Item
              name="customerId"
              label={t('orders.form.fields.customer')}
              extra={t('orders.form.customerHelp')}
              rules={[customerRule]}
              style={{ marginBottom: 0 }}
            >
              <CustomerPicker />
            </Form.Item>
          </FormSection>
          <FormSection title={t('orders.form.sections.lines')} testId="order-section-lines">
            <OrderLines form={form} />
          </FormSection>
        </Col>
        <Col xs={24} xl={8}>
          {/* Beside long lists of lines, payment and totals stay in view (under the sticky header). */}
          <div style={screens.xl ? { position: 'sticky', top: 80 } : undefined}>
            <FormSection title={t('orders.form.sections.payment')} testId="order-section-payment">
              {order?.invoiceCode && (
                <Form.Item label={t('orders.form.fields.invoiceCode')} htmlFor="order-invoice-code">
                  <Input id="order-invoice-code" value={order.invoiceCode} readOnly variant="filled" />
                </Form.Item>
              )}
              <Form.Item
                name="status"
                label={t('orders.form.fields.status')}
                required
                extra={
                  online ? (
                    <span data-testid="order-online-paid-hint">{t('orders.form.onlinePaidHint')}</span>
                  ) : undefined
                }
              >
                <Select
                  options={orderStatuses
                    .filter((status) => status !== 'refunded' || order?.status === 'refunded')
                    .map((status) => ({
                      value: status,
                      label: t(`orders.status.${status}`),
                      // Refunded comes with refunds only: shown when the order is, never chosen; a
                      // status never goes back; and an online order is paid by its gateway only.
                      disabled:
                        status === 'refunded' ||
                        (!!order && isStatusBackwards(order.status, status)) ||
                        (online && status === 'paid'),
                    }))}
                  data-testid="order-status"
                />
              </Form.Item>
              <Form.Item
                name="paymentMethod"
                label={t('orders.form.fields.paymentMethod')}
                required
                rules={[creditRule]}
                extra={paymentMethod === 'credit' ? <AvailableCredit customerId={customerId} /> : undefined}
              >
                <Select
                  options={paymentMethods
                    .filter((method) => allowed.includes(method) || method === order?.paymentMethod)
                    .map((method) => ({
                      value: method,
                      label: t(`orders.paymentMethods.${method}`),
                      // The order's own method stays visible even when the user may not sell with it.
                      disabled: !allowed.includes(method),
                    }))}
                  data-testid="order-payment-method"
                />
              </Form.Item>
              <RegisterNotice physical={physical} />
              <Form.Item
                name="notes"
                label={t('orders.form.fields.notes')}
                rules={[zodRule(orderBody.shape.notes, t)]}
                style={{ marginBottom: 0 }}
              >
                <Input.TextArea
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  count={{ show: true, max: 50 }}
                  data-testid="order-notes"
                />
              </Form.Item>
            </FormSection>
            <FormSection title={t('orders.form.sections.totals')} testId="order-totals">
              <Totals lines={lines} cash={paymentMethod === 'cash'} />
            </FormSection>
          </div>
        </Col>
      </Row>
      {failure && (
        <div ref={failureRef}>
          <Alert
            type="error"
            showIcon
            title={t('orders.form.saveFailed')}
            description={failureDescription(failure)}
            action={
              failure.code === ErrorCode.cashRegisterClosed ? (
                <OpenRegisterButton />
              ) : paymentSetupRefusalCodes.includes(failure.code) && canSetUpPayments ? (
                <ButtonLink to={paymentSettingsPath} size="small" data-testid="order-payment-settings">
                  {t('orders.form.paymentSettings')}
                </ButtonLink>
              ) : undefined
            }
            data-testid="order-failure"
          />
        </div>
      )}
      <FormFooter
        onCancel={() => onDone()}
        saving={create.isPending || update.isPending}
        saveTestId="order-save"
        cancelTestId="order-cancel"
        saveLabel={order ? undefined : t('orders.form.createOrder')}
      />
    </Form>
  );
}
