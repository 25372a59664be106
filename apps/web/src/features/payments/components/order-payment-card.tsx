import {
  CheckCircleOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  LockOutlined,
  MailOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { Order, OrderPayment, PaymentAttempt, PaymentStatus } from '@mostrador/contract';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Flex,
  Grid,
  Skeleton,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../../api/errors';
import { PaletteTag } from '../../../components/palette-tag';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { addressBody } from '../../mails/api';
import { MailAddressDialog } from '../../mails/components/mail-address-dialog';
import { editOrderPath } from '../../orders/components/order-list-paths';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCapturePayment, useInvalidatePaidOrder, useOrderPayment, useSendPaymentLink } from '../api';
import { gatewayRefusalDetail } from '../payment-errors';
import { CopyField } from './copy-field';

const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

const looks: Record<
  PaymentStatus,
  { palette: 'blue' | 'gold' | 'green' | 'red' | undefined; icon: ComponentType }
> = {
  pending: { palette: 'blue', icon: ClockCircleOutlined },
  authorized: { palette: 'gold', icon: LockOutlined },
  succeeded: { palette: 'green', icon: CheckCircleOutlined },
  failed: { palette: 'red', icon: CloseCircleOutlined },
  cancelled: { palette: undefined, icon: StopOutlined },
};

/** A payment attempt's status as a coloured tag with its icon and translated label. */
export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  const { palette, icon: Icon } = looks[status];
  return (
    <PaletteTag palette={palette} icon={<Icon aria-hidden />} testId="payment-status-tag">
      {t(`payments.statuses.${status}`)}
    </PaletteTag>
  );
}

/**
 * What tells that the payment moved on: the link open or closed, the captures and payments that
 * succeeded, a hold to capture. When it changes while the card is shown, the order is read again.
 */
function progressOf(payment: OrderPayment): string {
  const succeeded = payment.attempts.filter(
    (attempt) => attempt.kind !== 'refund' && attempt.status === 'succeeded',
  ).length;
  return `${payment.link ? 'open' : 'closed'}:${succeeded}:${payment.capturable}`;
}

/** The held payment to capture: the latest attempt the gateway authorized. */
function heldAttempt(payment: OrderPayment): PaymentAttempt | undefined {
  return [...payment.attempts]
    .filter((attempt) => attempt.status === 'authorized')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/** An attempt's amount: a refund gives money back, so it shows negative. */
function AttemptAmount({ attempt }: { attempt: PaymentAttempt }) {
  return (
    <span style={nowrap} data-testid="payment-attempt-amount">
      {formatEuros(attempt.kind === 'refund' ? -Math.abs(attempt.amount) : attempt.amount)}
    </span>
  );
}

/** The gateway's reason for an attempt that did not go through. */
function AttemptReason({ attempt }: { attempt: PaymentAttempt }) {
  if (!attempt.failureReason) return null;
  return (
    <Typography.Text
      type={attempt.status === 'failed' ? 'danger' : 'secondary'}
      style={{ fontSize: 12, overflowWrap: 'anywhere' }}
      data-testid="payment-attempt-reason"
    >
      {attempt.failureReason}
    </Typography.Text>
  );
}

/** The kind of an attempt, and the refund order a refund made. */
function AttemptKind({ attempt }: { attempt: PaymentAttempt }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <span>{t(`payments.kinds.${attempt.kind}`)}</span>
      {attempt.refundOrderId !== null && (
        <Link to={editOrderPath(attempt.refundOrderId)} data-testid="payment-attempt-refund">
          {t('payments.card.refundOrder')}
        </Link>
      )}
    </Flex>
  );
}

/** At phone width: each attempt as a small card with its main facts, never a table cut off. */
function HistoryCards({ rows }: { rows: PaymentAttempt[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { timeZone } = useCompanySettings();
  return (
    <Flex vertical gap={8} data-testid="payment-attempts">
      {rows.map((attempt) => (
        <Flex
          key={attempt.id}
          vertical
          gap={4}
          style={{
            padding: '8px 12px',
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
          }}
          data-testid="payment-attempt"
          data-status={attempt.status}
        >
          <Flex justify="space-between" align="baseline" gap={8}>
            <AttemptKind attempt={attempt} />
            <Typography.Text strong>
              <AttemptAmount attempt={attempt} />
            </Typography.Text>
          </Flex>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(attempt.createdAt, timeZone)} · {t(`payments.gateways.${attempt.gateway}`)}
            </Typography.Text>
            <PaymentStatusTag status={attempt.status} />
          </Flex>
          <AttemptReason attempt={attempt} />
          <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            {t('payments.card.fields.reference')}: {attempt.reference}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** The attempts, newest first: a table, or cards at phone width. */
function History({ attempts }: { attempts: PaymentAttempt[] }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const screens = Grid.useBreakpoint();
  const rows = [...attempts].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  if (screens.sm === false) return <HistoryCards rows={rows} />;
  const columns: TableColumnsType<PaymentAttempt> = [
    {
      key: 'date',
      title: t('payments.card.fields.date'),
      render: (_v, attempt) => <span style={nowrap}>{formatDateTime(attempt.createdAt, timeZone)}</span>,
    },
    {
      key: 'kind',
      title: t('payments.card.fields.kind'),
      render: (_v, attempt) => <AttemptKind attempt={attempt} />,
    },
    {
      key: 'gateway',
      title: t('payments.card.fields.gateway'),
      responsive: ['md'],
      render: (_v, attempt) => t(`payments.gateways.${attempt.gateway}`),
    },
    {
      key: 'status',
      title: t('payments.card.fields.status'),
      render: (_v, attempt) => (
        <Flex vertical gap={2} align="flex-start">
          <PaymentStatusTag status={attempt.status} />
          <AttemptReason attempt={attempt} />
        </Flex>
      ),
    },
    {
      key: 'amount',
      title: t('payments.card.fields.amount'),
      align: 'right',
      render: (_v, attempt) => <AttemptAmount attempt={attempt} />,
    },
    {
      key: 'reference',
      title: t('payments.card.fields.reference'),
      responsive: ['lg'],
      render: (_v, attempt) => (
        <Typography.Text
          style={{ fontSize: 12, overflowWrap: 'anywhere' }}
          copyable={{ text: attempt.reference }}
        >
          {attempt.reference}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Table<PaymentAttempt>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      pagination={false}
      size="small"
      onRow={(attempt) => ({ 'data-testid': 'payment-attempt', 'data-status': attempt.status }) as object}
      data-testid="payment-attempts"
    />
  );
}

/** "Send by email": the payment link to the customer's address, or another customer's. */
function SendLinkButton({ order, defaultEmail }: { order: Order; defaultEmail: string | null | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useSendPaymentLink();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<MailOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="payment-link-mail"
      >
        {t('payments.card.sendMail')}
      </Button>
      {open && (
        <MailAddressDialog
          title={t('payments.card.sendMailTitle', { code: order.code })}
          intro={t('payments.card.sendMailIntro')}
          okText={t('payments.card.sendMailConfirm')}
          defaultEmail={defaultEmail}
          onSend={async (email) => {
            const mail = await send.mutateAsync({
              orderId: order.id,
              body: addressBody(email, defaultEmail),
            });
            message.success(t('payments.card.sendMailDone', { code: order.code, email: mail.contactEmail }));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
          testId="payment-link-mail-dialog"
        />
      )}
    </>
  );
}

/** "Confirm payment" of a held Redsys payment, after asking: the gateway charges it and the order is paid. */
function CaptureButton({
  order,
  held,
  gateway,
}: {
  order: Order;
  held: PaymentAttempt | undefined;
  gateway: string;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorMessage = useErrorMessage();
  const capture = useCapturePayment();
  const amount = formatEuros(held?.amount ?? order.total);

  const confirm = () =>
    modal.confirm({
      title: t('payments.card.captureTitle', { code: order.code }),
      content: t('payments.card.captureContent', { gateway, amount }),
      okText: t('payments.card.captureOk'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'payment-capture-confirm' } as ButtonProps,
      onOk: async () => {
        try {
          const paid = await capture.mutateAsync(order.id);
          message.success(t('payments.card.captured', { code: paid.code }));
        } catch (error) {
          const detail = gatewayRefusalDetail(error);
          modal.error({
            title: errorMessage(error),
            content: detail ? t('payments.card.gatewaySaid', { detail }) : undefined,
          });
        }
      },
    });

  return (
    <Button
      type="primary"
      icon={<CheckOutlined aria-hidden />}
      loading={capture.isPending}
      onClick={confirm}
      data-testid="payment-capture"
    >
      {t('payments.card.capture')}
    </Button>
  );
}

/**
 * An online order's card payment: while it awaits payment, its link to copy or mail and the gateway it
 * opens; a held Redsys payment to confirm; and the history of attempts (payments, captures, refunds)
 * with their status, amount, reference and the gateway's reason when one failed. Read again every 10 s
 * while the order awaits payment; when the payment moves on, the order is read again (it turns paid).
 */
export function OrderPaymentCard({
  order,
  defaultEmail,
}: {
  order: Order;
  /** The order's customer's address, where the link is mailed by default. */
  defaultEmail: string | null | undefined;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const awaiting = order.status === 'awaiting_payment';
  const query = useOrderPayment(order.id, awaiting);
  const invalidatePaid = useInvalidatePaidOrder();
  const payment = query.data;
  const progress = payment ? progressOf(payment) : undefined;
  const seen = useRef<string | undefined>(undefined);

  // The payment moved on (paid, captured, a hold): the order, its lists and invoices are read again.
  // Also at the first reading when the order still says it awaits a payment that succeeded.
  useEffect(() => {
    if (!payment || progress === undefined) return;
    const before = seen.current;
    seen.current = progress;
    const paidMeanwhile =
      awaiting &&
      !payment.link &&
      payment.attempts.some((a) => a.kind !== 'refund' && a.status === 'succeeded');
    if ((before !== undefined && before !== progress) || (before === undefined && paidMeanwhile))
      void invalidatePaid(order.id);
  }, [progress, payment, awaiting, order.id, invalidatePaid]);

  const gatewayName = payment?.gateway ? t(`payments.gateways.${payment.gateway}`) : null;

  const body = () => {
    if (query.isError && !payment)
      return (
        <Alert
          type="error"
          showIcon
          title={t('payments.card.loadFailed')}
          description={errorMessage(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="order-payment-error"
        />
      );
    if (!payment) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
    const held = payment.capturable ? heldAttempt(payment) : undefined;
    return (
      <Flex vertical gap={16}>
        {payment.link ? (
          <Flex vertical gap={8} data-testid="payment-link-section">
            <Typography.Text strong>{t('payments.card.link')}</Typography.Text>
            <CopyField value={payment.link} label={t('payments.card.link')} testId="payment-link" />
            <Typography.Text type="secondary">
              {gatewayName
                ? t('payments.card.linkHelp', { gateway: gatewayName })
                : t('payments.card.linkHelpNoGateway')}
            </Typography.Text>
            <Flex align="center" gap={12} wrap>
              {can('orders_edit') && <SendLinkButton order={order} defaultEmail={defaultEmail} />}
              <Typography.Text type="secondary" data-testid="payment-waiting">
                <Spin size="small" style={{ marginInlineEnd: 8 }} />
                {t('payments.card.waiting')}
              </Typography.Text>
            </Flex>
          </Flex>
        ) : (
          <Typography.Text type="secondary" data-testid="payment-no-link">
            {order.status === 'draft'
              ? t('payments.card.noLinkDraft')
              : awaiting && payment.linkDisabledAt
                ? t('payments.card.linkDisabled', { date: formatDateTime(payment.linkDisabledAt, timeZone) })
                : awaiting
                  ? t('payments.card.noLinkAwaiting')
                  : t('payments.card.closed')}
          </Typography.Text>
        )}
        {payment.capturable && (
          <Alert
            type="warning"
            showIcon
            icon={<LockOutlined aria-hidden />}
            title={t('payments.card.held', { amount: formatEuros(held?.amount ?? order.total) })}
            description={
              <Flex vertical gap={8} align="flex-start">
                <span>{t('payments.card.heldHelp')}</span>
                {can('orders_edit') && (
                  <CaptureButton
                    order={order}
                    held={held}
                    gateway={gatewayName ?? t('payments.gateways.redsys')}
                  />
                )}
              </Flex>
            }
            data-testid="payment-held"
          />
        )}
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('payments.card.history')}</Typography.Text>
          {payment.attempts.length ? (
            <History attempts={payment.attempts} />
          ) : (
            <Typography.Text type="secondary" data-testid="payment-attempts-none">
              {t('payments.card.noAttempts')}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    );
  };

  return (
    <Card
      title={t('payments.card.title')}
      extra={
        gatewayName && (
          <Tag style={{ marginInlineEnd: 0 }} data-testid="order-payment-gateway">
            {gatewayName}
          </Tag>
        )
      }
      style={{ marginBottom: 16 }}
      data-testid="order-payment"
    >
      {body()}
    </Card>
  );
}
