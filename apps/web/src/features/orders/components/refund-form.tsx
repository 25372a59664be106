import {
  centsToEuros,
  ErrorCode,
  type Order,
  type OrderLine,
  type PaymentMethod,
  paymentMethods,
  physicalPaymentMethods,
  type RectificationReason,
  type RefundBody,
  rectificationReasons,
  refundBody,
} from '@mostrador/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
  theme,
} from 'antd';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { ButtonLink } from '../../../components/button-link';
import { FormFooter } from '../../../components/forms/form-footer';
import { scrollToFirstError } from '../../../components/forms/scroll-to-first-error';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { zodRule } from '../../../components/forms/zod-rule';
import { formatEuros, formatNumber } from '../../../lib/format';
import { useOpenRegister } from '../../cash-registers/api';
import { useOrderInvoices } from '../../invoices/api';
import { currentFullInvoice, currentSimplifiedInvoice } from '../../invoices/invoice-rules';
import {
  gatewayRefusalDetail,
  isPaymentSetupRefusal,
  paymentSettingsPath,
} from '../../payments/payment-errors';
import { usePermissions } from '../../session/permissions';
import { useRefundOrder } from '../api';
import { leftOf, refundCentsOf } from './refund-amounts';

interface RefundFormValues {
  /** Units to refund per line, keyed `l<lineId>`. */
  quantities: Record<string, number | null | undefined>;
  paymentMethod: PaymentMethod;
  notes?: string;
  /** Why the sale's full invoice is rectified (asked only when it has one). */
  rectificationReason?: RectificationReason;
}

/** A refund through the payment gateway that it refused or could not be reached for: nothing saved. */
const gatewayRefusalCodes: readonly number[] = [
  ErrorCode.paymentGatewayRefused,
  ErrorCode.paymentGatewayUnavailable,
];

const lineKey = (line: Pick<OrderLine, 'id'>) => `l${line.id}`;
const quantityName = (line: Pick<OrderLine, 'id'>) => ['quantities', lineKey(line)];

/** The units chosen for each line that has any, in the order's line order. */
function chosenLines(order: Order, quantities: RefundFormValues['quantities'] | undefined) {
  return order.lines.flatMap((line) => {
    const quantity = Math.trunc(Number(quantities?.[lineKey(line)] ?? 0));
    return quantity > 0 ? [{ line, quantity }] : [];
  });
}

/** The cents the chosen units give back, as the server will compute them. */
function totalCentsOf(order: Order, quantities: RefundFormValues['quantities'] | undefined): number {
  return chosenLines(order, quantities).reduce(
    (sum, { line, quantity }) => sum + refundCentsOf(line, quantity),
    0,
  );
}

/**
 * Puts the refund's errors on their fields: a 409 1000128 or a 400 names `lines.<i>.quantity`, the i-th line
 * sent; a closed register belongs to the payment method. False when there was nowhere to put it.
 */
type FieldUpdate = { name: string | string[]; errors: string[] };

function applyRefundErrors(
  form: FormInstance,
  error: unknown,
  sent: { line: OrderLine }[],
  t: TFunction,
): boolean {
  if (!isApiError(error)) return false;
  if (error.code === ErrorCode.cashRegisterClosed) {
    form.setFields([{ name: 'paymentMethod', errors: [t(`errors.${ErrorCode.cashRegisterClosed}`)] }]);
    return true;
  }
  if (error.status !== 400 && error.code !== ErrorCode.refundExceedsRemaining) return false;
  const message =
    error.code === ErrorCode.refundExceedsRemaining
      ? t(`errors.${ErrorCode.refundExceedsRemaining}`)
      : t('validation.invalid');
  const fields = error.fieldErrors.flatMap(({ field }): FieldUpdate[] => {
    const path = field.replace(/^body\./, '');
    const line = /^lines\.(\d+)(?:\.|$)/.exec(path);
    if (line) {
      const target = sent[Number(line[1])]?.line;
      return target ? [{ name: quantityName(target), errors: [message] }] : [];
    }
    if (path === 'paymentMethod' || path === 'notes') return [{ name: path, errors: [message] }];
    return [];
  });
  if (!fields.length && error.code === ErrorCode.refundExceedsRemaining)
    fields.push(...sent.map(({ line }) => ({ name: quantityName(line), errors: [message] })));
  if (!fields.length) return false;
  form.setFields(fields);
  return true;
}

interface RefundFormProps {
  order: Order;
  /** After refunding (given the refund) and on cancel: back to where the user came from. */
  onDone: (refund?: Order) => void;
  /** The order changed under the form (refunded elsewhere): load it again. */
  onStale: () => void;
}

/** The units to give back per line, the payment method and a note; the total computed as the server will. */
export function RefundForm({ order, onDone, onStale }: RefundFormProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const [form] = Form.useForm<RefundFormValues>();
  const refund = useRefundOrder();
  const queryClient = useQueryClient();
  const { markDirty, markClean } = useUnsavedChanges();
  const [gatewayFailure, setGatewayFailure] = useState<{
    text: string;
    detail: string | null;
    setup: boolean;
  } | null>(null);
  const gatewayRef = useRef<HTMLDivElement>(null);
  const quantities = Form.useWatch('quantities', form);
  const paymentMethod = Form.useWatch('paymentMethod', form) ?? order.paymentMethod;
  const isPhysical = physicalPaymentMethods.includes(paymentMethod);
  const register = useOpenRegister(isPhysical && can('cashRegisters_find'));
  const totalCents = totalCentsOf(order, quantities);
  // An invoiced sale's refund is rectified: by an R1–R4 chosen here when the sale has a full invoice,
  // always by an R5 when it has a simplified one.
  const invoices = useOrderInvoices(order.invoiceCode && can('orders_find') ? order.id : undefined).data;
  const fullInvoice = invoices && currentFullInvoice(invoices);
  const simplifiedInvoice = invoices && !fullInvoice ? currentSimplifiedInvoice(invoices) : undefined;

  const setAll = (pick: (line: OrderLine) => number) => {
    form.setFieldsValue({ quantities: Object.fromEntries(order.lines.map((l) => [lineKey(l), pick(l)])) });
    (form as FormInstance).setFields(order.lines.map((line) => ({ name: quantityName(line), errors: [] })));
    markDirty();
  };

  const send = async (values: RefundFormValues, chosen: { line: OrderLine; quantity: number }[]) => {
    const body: RefundBody = {
      lines: chosen.map(({ line, quantity }) => ({ lineId: line.id, quantity })),
      paymentMethod: values.paymentMethod,
      notes: values.notes?.trim() || undefined,
      ...(fullInvoice ? { rectificationReason: values.rectificationReason ?? 'R1' } : {}),
    };
    setGatewayFailure(null);
    try {
      const created = await refund.mutateAsync({ id: order.id, body: refundBody.parse(body) });
      markClean();
      message.success(
        t('orders.refund.done', { code: created.code, amount: formatEuros(Math.abs(created.total)) }),
      );
      onDone(created);
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.orderNotRefundable) {
        message.error(errorMessage(error));
        markClean();
        onStale();
        return;
      }
      // The payment gateway refused giving the money back (or could not be reached): nothing was saved.
      // Or it is no longer set up: the way out is the payment settings.
      if (isApiError(error) && (gatewayRefusalCodes.includes(error.code) || isPaymentSetupRefusal(error))) {
        const failure = {
          text: errorMessage(error),
          detail: gatewayRefusalDetail(error),
          setup: isPaymentSetupRefusal(error),
        };
        setGatewayFailure(failure);
        // The attempt the gateway refused is on the order's payment history.
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.payment(order.id) });
        message.error(failure.text);
        setTimeout(() => gatewayRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' }), 50);
        return;
      }
      if (applyRefundErrors(form as FormInstance, error, chosen, t)) {
        if (isApiError(error) && error.code === ErrorCode.refundExceedsRemaining) onStale();
        scrollToFirstError(form);
        return;
      }
      message.error(errorMessage(error));
    }
  };

  const submit = (values: RefundFormValues) => {
    const chosen = chosenLines(order, values.quantities);
    if (!chosen.length) {
      message.warning(t('orders.refund.nothingChosen'));
      return;
    }
    const units = chosen.reduce((sum, { quantity }) => sum + quantity, 0);
    modal.confirm({
      title: t('orders.refund.confirmTitle', {
        amount: formatEuros(centsToEuros(totalCentsOf(order, values.quantities))),
        code: order.code,
      }),
      content: (
        <Space orientation="vertical" size={4}>
          <span>
            {t('orders.refund.confirmUnits', {
              count: units,
              method: t(`orders.paymentMethods.${values.paymentMethod}`),
            })}
          </span>
          {(fullInvoice ?? simplifiedInvoice) && (
            <span data-testid="refund-confirm-rectifying">
              {t('orders.refund.confirmRectifying', {
                reason: fullInvoice ? (values.rectificationReason ?? 'R1') : 'R5',
                code: (fullInvoice ?? simplifiedInvoice)?.code,
              })}
            </span>
          )}
          {order.lines.some((line) => line.bookingId !== null) && (
            <Typography.Text type="secondary">{t('orders.refund.confirmBookings')}</Typography.Text>
          )}
        </Space>
      ),
      okText: t('orders.refund.confirmOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'refund-confirm' } as ButtonProps,
      onOk: () => send(values, chosen),
    });
  };

  const columns: TableColumnsType<OrderLine> = [
    {
      key: 'product',
      title: t('orders.refund.fields.product'),
      render: (_v, line) => <Typography.Text strong>{line.productName}</Typography.Text>,
    },
    {
      key: 'unitPrice',
      responsive: ['md'],
      title: t('orders.refund.fields.unitPrice'),
      align: 'right',
      render: (_v, line) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuros(line.unitPrice)}</span>,
    },
    {
      key: 'quantity',
      responsive: ['sm'],
      title: t('orders.refund.fields.quantity'),
      align: 'right',
      render: (_v, line) => formatNumber(line.quantity),
    },
    {
      key: 'total',
      responsive: ['md'],
      title: t('orders.refund.fields.total'),
      align: 'right',
      render: (_v, line) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuros(line.total)}</span>,
    },
    {
      key: 'refunded',
      responsive: ['sm'],
      title: t('orders.refund.fields.refunded'),
      align: 'right',
      render: (_v, line) =>
        line.refundedQuantity > 0 ? (
          formatNumber(line.refundedQuantity)
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'toRefund',
      title: t('orders.refund.fields.toRefund'),
      width: 150,
      render: (_v, line) => {
        const left = leftOf(line);
        return (
          <Form.Item
            name={quantityName(line)}
            style={{ marginBottom: 0 }}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (value === null || value === undefined || value === '') return;
                  const n = Number(value);
                  if (!Number.isInteger(n) || n < 0) throw new Error(t('validation.invalid'));
                  if (n > left) throw new Error(t('orders.refund.atMostLeft', { count: left }));
                },
              },
            ]}
          >
            <InputNumber<number>
              min={0}
              max={left}
              precision={0}
              disabled={left === 0}
              aria-label={t('orders.refund.quantityFor', { product: line.productName })}
              suffix={t('orders.refund.ofLeft', { count: left })}
              style={{ width: 130 }}
              data-testid={`refund-quantity-${line.id}`}
            />
          </Form.Item>
        );
      },
    },
    {
      key: 'amount',
      title: t('orders.refund.fields.amount'),
      align: 'right',
      render: (_v, line) => {
        const cents = refundCentsOf(line, Number(quantities?.[lineKey(line)] ?? 0));
        return (
          <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {cents ? formatEuros(centsToEuros(cents)) : '—'}
          </span>
        );
      },
    },
  ];

  const total = (
    <Flex align="baseline" gap={8} data-testid="refund-total-line">
      <Typography.Text type="secondary">{t('orders.refund.total')}</Typography.Text>
      <Typography.Text strong style={{ fontSize: token.fontSizeHeading4 }} data-testid="refund-total">
        {formatEuros(centsToEuros(totalCents))}
      </Typography.Text>
    </Flex>
  );

  return (
    <Form<RefundFormValues>
      name="refund"
      form={form}
      layout="vertical"
      initialValues={{
        quantities: Object.fromEntries(order.lines.map((line) => [lineKey(line), 0])),
        paymentMethod: order.paymentMethod,
        notes: '',
        rectificationReason: 'R1',
      }}
      onValuesChange={markDirty}
      onFinish={submit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      data-testid="refund-form"
    >
      <Card title={t('orders.refund.linesTitle')} style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{t('orders.refund.linesHelp')}</Typography.Text>
          <Space size={8} wrap>
            <Button onClick={() => setAll(() => 0)} disabled={!totalCents} data-testid="refund-none">
              {t('orders.refund.none')}
            </Button>
            <Button type="primary" ghost onClick={() => setAll(leftOf)} data-testid="refund-all">
              {t('orders.refund.all')}
            </Button>
          </Space>
        </Flex>
        <Table<OrderLine>
          rowKey="id"
          columns={columns}
          dataSource={order.lines}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          data-testid="refund-lines"
        />
      </Card>
      <Card title={t('orders.refund.detailsTitle')}>
        <Form.Item
          name="paymentMethod"
          label={t('orders.refund.fields.paymentMethod')}
          extra={t('orders.refund.paymentMethodHelp', {
            method: t(`orders.paymentMethods.${order.paymentMethod}`),
          })}
          rules={[{ required: true, message: t('validation.required') }]}
          style={{ maxWidth: 360 }}
        >
          <Select<PaymentMethod>
            options={paymentMethods.map((value) => ({ value, label: t(`orders.paymentMethods.${value}`) }))}
            data-testid="refund-payment-method"
          />
        </Form.Item>
        {paymentMethod === 'online' && order.paymentMethod === 'online' && (
          <Typography.Paragraph type="secondary" data-testid="refund-online-help">
            {t('orders.refund.onlineHelp')}
          </Typography.Paragraph>
        )}
        {isPhysical && register.data === null && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t(`errors.${ErrorCode.cashRegisterClosed}`)}
            data-testid="refund-register-closed"
          />
        )}
        {fullInvoice && (
          <Form.Item
            name="rectificationReason"
            label={t('orders.refund.fields.rectificationReason')}
            extra={t('orders.refund.rectificationHelp', { code: fullInvoice.code })}
            style={{ maxWidth: 560 }}
          >
            <Select<RectificationReason>
              options={rectificationReasons.map((value) => ({
                value,
                label: `${value} · ${t(`invoices.reasons.${value}.label`)}`,
                help: t(`invoices.reasons.${value}.help`),
              }))}
              optionRender={(option) => (
                <div style={{ whiteSpace: 'normal' }}>
                  <div>{option.data.label}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {option.data.help}
                  </Typography.Text>
                </div>
              )}
              data-testid="refund-rectification-reason"
            />
          </Form.Item>
        )}
        {simplifiedInvoice && (
          <Typography.Paragraph type="secondary" data-testid="refund-simplified-rectified">
            {t('orders.refund.simplifiedHelp', { code: simplifiedInvoice.code })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="notes"
          label={t('orders.refund.fields.notes')}
          validateTrigger="onBlur"
          rules={[zodRule(refundBody.shape.notes, t)]}
          style={{ marginBottom: 0 }}
        >
          <Input
            maxLength={50}
            showCount
            placeholder={t('orders.refund.notesPlaceholder')}
            data-testid="refund-notes"
          />
        </Form.Item>
      </Card>
      {gatewayFailure && (
        <div ref={gatewayRef}>
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={t('orders.refund.gatewayFailed')}
            description={
              <Flex vertical gap={4}>
                <span>{gatewayFailure.text}</span>
                {gatewayFailure.detail && (
                  <Typography.Text
                    code
                    style={{ overflowWrap: 'anywhere' }}
                    data-testid="refund-gateway-detail"
                  >
                    {t('payments.card.gatewaySaid', { detail: gatewayFailure.detail })}
                  </Typography.Text>
                )}
              </Flex>
            }
            action={
              gatewayFailure.setup && can('settings_paymentGateway') ? (
                <ButtonLink to={paymentSettingsPath} size="small" data-testid="refund-payment-settings">
                  {t('orders.form.paymentSettings')}
                </ButtonLink>
              ) : undefined
            }
            data-testid="refund-gateway-failure"
          />
        </div>
      )}
      <FormFooter
        onCancel={() => onDone()}
        saving={refund.isPending}
        saveTestId="refund-submit"
        cancelTestId="refund-cancel"
        saveLabel={t('orders.refund.submit')}
        start={total}
      />
    </Form>
  );
}
