import { FileDoneOutlined } from '@ant-design/icons';
import type { Invoice, Order } from '@mostrador/contract';
import { Alert, Button, Card, Flex, Skeleton, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros } from '../../../lib/format';
import { usePermissions } from '../../session/permissions';
import { useOrderInvoices } from '../api';
import { canIssueFullInvoice, currentSimplifiedInvoice, latestRecord } from '../invoice-rules';
import { AnnulInvoiceButton, InvoicePdfButton, SendInvoiceMailButton } from './invoice-actions';
import { AnnulledTag, VerifactuStateTag } from './invoice-tags';
import { IssueInvoiceDialog } from './issue-invoice-dialog';

const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** AEAT's answer to a record it refused or accepted with errors: its code and text. */
export function VerifactuError({ invoice }: { invoice: Pick<Invoice, 'verifactu'> }) {
  const { t } = useTranslation();
  const alta = latestRecord(invoice.verifactu, 'alta');
  if (!alta || (alta.state !== 'incorrect' && alta.state !== 'accepted_with_errors')) return null;
  const text = [alta.errorCode, alta.errorText].filter((part) => part !== null && part !== '').join(' · ');
  return (
    <Typography.Text
      type={alta.state === 'incorrect' ? 'danger' : undefined}
      style={{ overflowWrap: 'anywhere', fontSize: 13 }}
      data-testid="invoice-verifactu-error"
    >
      {t('invoices.view.aeatSaid', { text: text || t('invoices.view.aeatNoText') })}
    </Typography.Text>
  );
}

/** A note beside the tags: what the invoice corrects, replaces, or what replaced it. */
function Note({ children, testId }: { children: string; testId?: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid={testId}>
      {children}
    </Typography.Text>
  );
}

/**
 * One invoice of the order: its number and total, what it is and when, where it stands (Verifactu,
 * annulled, replaced), and what may be done with it. A simplified invoice a full one replaced is kept
 * for the record: its PDF only.
 */
function InvoiceRow({
  invoice,
  replacedBy,
  defaultEmail,
  first,
}: {
  invoice: Invoice;
  /** The full invoice in force that replaced this simplified one. */
  replacedBy: Invoice | undefined;
  defaultEmail: string | null | undefined;
  first: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const can = usePermissions();
  const alta = latestRecord(invoice.verifactu, 'alta');
  const annulled = invoice.annulment !== null;
  const inForce = !annulled && !replacedBy;
  return (
    <Flex
      vertical
      gap={4}
      style={{
        paddingTop: first ? 0 : 12,
        borderTop: first ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
      data-testid="order-invoice"
      data-code={invoice.code}
    >
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong delete={annulled} data-testid="order-invoice-code">
          {invoice.code}
        </Typography.Text>
        <Typography.Text strong delete={annulled} style={nowrap} data-testid="order-invoice-total">
          {formatEuros(invoice.total)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t(`invoices.types.${invoice.type}`)} · {dayjs(invoice.issueDate).format('L')}
      </Typography.Text>
      <Flex align="center" gap={4} wrap>
        {alta && <VerifactuStateTag state={alta.state} />}
        {annulled && <AnnulledTag />}
        {invoice.rectifiedInvoice && (
          <Note>{t('invoices.view.rectifiesCode', { code: invoice.rectifiedInvoice.code })}</Note>
        )}
        {invoice.replacedInvoice && (
          <Note>{t('invoices.view.replacesCode', { code: invoice.replacedInvoice.code })}</Note>
        )}
        {replacedBy && (
          <Note testId="order-invoice-replaced-by">
            {t('invoices.view.replacedByCode', { code: replacedBy.code })}
          </Note>
        )}
        <Space size={0} style={{ marginInlineStart: 'auto' }} data-print="hide">
          <InvoicePdfButton invoice={invoice} compact />
          {can('orders_edit') && inForce && (
            <>
              <SendInvoiceMailButton invoice={invoice} defaultEmail={defaultEmail} compact />
              <AnnulInvoiceButton invoice={invoice} compact />
            </>
          )}
        </Space>
      </Flex>
      <VerifactuError invoice={invoice} />
      {invoice.annulment && (
        <Note testId="order-invoice-annulment">
          {t('invoices.view.annulledBecause', { reason: invoice.annulment.reason })}
        </Note>
      )}
    </Flex>
  );
}

/**
 * The order's invoices (a sale's: its simplified and full ones; a refund's: its rectifying invoice), each
 * with its type, date, total, Verifactu state and annulment, and its PDF, mail and annul actions; and
 * "Generate invoice" while a paid sale has no full invoice in force.
 */
export function OrderInvoicesCard({
  order,
  defaultEmail,
  customerLabel,
}: {
  order: Order;
  /** The order's customer's address, where its invoices are mailed by default. */
  defaultEmail: string | null | undefined;
  customerLabel?: string;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const errorMessage = useErrorMessage();
  const query = useOrderInvoices(order.id);
  const [issuing, setIssuing] = useState(false);
  const invoices = query.data;
  const isRefund = order.originalOrderId !== null;
  const issuable = !!invoices && can('orders_edit') && canIssueFullInvoice(order, invoices);

  const body = () => {
    if (query.isError && !invoices)
      return (
        <Alert
          type="error"
          showIcon
          title={t('invoices.view.listFailed')}
          description={errorMessage(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      );
    if (!invoices) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
    if (!invoices.length)
      return (
        <Typography.Text type="secondary" data-testid="order-invoices-none">
          {t(isRefund ? 'invoices.view.noneRefund' : 'invoices.view.none')}
        </Typography.Text>
      );
    return (
      <Flex vertical gap={12}>
        {invoices.map((invoice, index) => (
          <InvoiceRow
            key={invoice.id}
            invoice={invoice}
            replacedBy={invoices.find(
              (other) => other.replacedInvoice?.id === invoice.id && other.annulment === null,
            )}
            defaultEmail={defaultEmail}
            first={index === 0}
          />
        ))}
      </Flex>
    );
  };

  return (
    <Card
      title={t('invoices.view.cardTitle')}
      extra={
        issuable && (
          <Button
            type="primary"
            ghost
            icon={<FileDoneOutlined aria-hidden />}
            onClick={() => setIssuing(true)}
            data-print="hide"
            data-testid="order-invoice-issue"
          >
            {t('invoices.issue.action')}
          </Button>
        )
      }
      style={{ marginBottom: 16 }}
      data-testid="order-invoices"
    >
      {body()}
      {issuing && invoices && (
        <IssueInvoiceDialog
          order={order}
          simplified={currentSimplifiedInvoice(invoices)}
          customerLabel={customerLabel}
          onClose={() => setIssuing(false)}
        />
      )}
    </Card>
  );
}
