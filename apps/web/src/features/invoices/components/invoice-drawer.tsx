import { ShoppingCartOutlined } from '@ant-design/icons';
import type { Invoice, InvoiceLine, InvoiceParty, VerifactuRecord } from '@mostrador/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../../api/errors';
import { dayjs } from '../../../lib/dayjs';
import { formatDateTime, formatEuros, formatNumber, formatPercentage } from '../../../lib/format';
import { useCustomer } from '../../customers/api';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useInvoice } from '../api';
import { isRectifyingType } from '../invoice-rules';
import { AnnulInvoiceButton, InvoicePdfButton, SendInvoiceMailButton } from './invoice-actions';
import { AnnulledTag, RectifyingTag, VerifactuStateTag } from './invoice-tags';
import { VerifactuError } from './order-invoices-card';

const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A party as printed on the invoice: name, tax id, address lines. */
function Party({ party }: { party: InvoiceParty }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      <Typography.Text strong>{party.name}</Typography.Text>
      <span>
        {t('invoices.fields.recipientTaxId')}: {party.taxId ?? t('common.noValue')}
      </span>
      {party.address.map((line) => (
        <Typography.Text type="secondary" key={line}>
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** A link to another invoice, opened in the same drawer. */
function InvoiceLink({
  invoice,
  onOpen,
  testId,
}: {
  invoice: { id: number; code: string };
  onOpen: (id: number) => void;
  testId: string;
}) {
  return (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto' }}
      onClick={() => onOpen(invoice.id)}
      data-testid={testId}
    >
      {invoice.code}
    </Button>
  );
}

function SectionTitle({ children }: { children: string }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title level={2} style={{ fontSize: token.fontSizeLG, marginTop: 24 }}>
      {children}
    </Typography.Title>
  );
}

/** The facts of an invoice: number, type, date, order, who issues it and who receives it. */
function InvoiceFacts({ invoice, onOpen }: { invoice: Invoice; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const orderLabel = t('orders.list.number', { code: invoice.orderCode });
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      data-testid="invoice-facts"
      items={[
        { key: 'type', label: t('invoices.fields.type'), children: t(`invoices.types.${invoice.type}`) },
        {
          key: 'issuedAt',
          label: t('invoices.fields.issuedAt'),
          children: formatDateTime(invoice.issuedAt, timeZone),
        },
        {
          key: 'order',
          label: t('invoices.fields.orderCode'),
          children: can('orders_edit') ? (
            <Link to={`/orders/edit/${invoice.orderId}`} data-testid="invoice-order-link">
              <ShoppingCartOutlined aria-hidden /> {orderLabel}
            </Link>
          ) : (
            orderLabel
          ),
        },
        ...(invoice.rectifiedInvoice
          ? [
              {
                key: 'rectifies',
                label: t('invoices.view.rectifies'),
                children: (
                  <InvoiceLink
                    invoice={invoice.rectifiedInvoice}
                    onOpen={onOpen}
                    testId="invoice-rectified"
                  />
                ),
              },
            ]
          : []),
        ...(invoice.replacedInvoice
          ? [
              {
                key: 'replaces',
                label: t('invoices.view.replaces'),
                children: (
                  <InvoiceLink invoice={invoice.replacedInvoice} onOpen={onOpen} testId="invoice-replaced" />
                ),
              },
            ]
          : []),
        { key: 'issuer', label: t('invoices.view.issuer'), children: <Party party={invoice.issuer} /> },
        {
          key: 'recipient',
          label: t('invoices.view.recipient'),
          children: invoice.recipient ? (
            <Party party={invoice.recipient} />
          ) : (
            <Typography.Text type="secondary">{t('invoices.view.noRecipient')}</Typography.Text>
          ),
        },
      ]}
    />
  );
}

function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<InvoiceLine> = [
    { key: 'description', title: t('invoices.lines.description'), dataIndex: 'description' },
    {
      key: 'quantity',
      title: t('invoices.lines.quantity'),
      align: 'right',
      render: (_v, line) => <span style={nowrap}>{formatNumber(line.quantity)}</span>,
    },
    {
      key: 'unitPrice',
      title: t('invoices.lines.unitPrice'),
      align: 'right',
      responsive: ['sm'],
      render: (_v, line) => <span style={nowrap}>{formatEuros(line.unitPrice)}</span>,
    },
    {
      key: 'discount',
      title: t('invoices.lines.discount'),
      align: 'right',
      responsive: ['md'],
      render: (_v, line) => (line.discount ? <span style={nowrap}>{formatEuros(line.discount)}</span> : '—'),
    },
    {
      key: 'tax',
      title: t('invoices.lines.taxPercentage'),
      align: 'right',
      responsive: ['sm'],
      render: (_v, line) => <span style={nowrap}>{formatPercentage(line.taxPercentage)}</span>,
    },
    {
      key: 'total',
      title: t('invoices.lines.total'),
      align: 'right',
      render: (_v, line) => <span style={nowrap}>{formatEuros(line.total)}</span>,
    },
  ];
  return (
    <Table<InvoiceLine>
      rowKey={(_line, index) => String(index)}
      columns={columns}
      dataSource={invoice.lines}
      pagination={false}
      size="small"
      data-testid="invoice-lines"
    />
  );
}

/** The VAT breakdown per rate and the totals, as the invoice prints them. */
function InvoiceTotals({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const row = (label: string, value: number, testId: string, strong = false) => (
    <Flex justify="space-between" gap={16}>
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <Typography.Text
        strong={strong}
        style={{ ...nowrap, ...(strong ? { fontSize: token.fontSizeHeading4 } : {}) }}
        data-testid={testId}
      >
        {formatEuros(value)}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex vertical gap={8} data-testid="invoice-totals">
      <Table
        rowKey={(tax) => String(tax.taxPercentage)}
        size="small"
        pagination={false}
        dataSource={invoice.taxes}
        columns={[
          {
            key: 'rate',
            title: t('invoices.taxes.rate'),
            render: (_v, tax) => <span style={nowrap}>{formatPercentage(tax.taxPercentage)}</span>,
          },
          {
            key: 'base',
            title: t('invoices.taxes.taxBase'),
            align: 'right',
            render: (_v, tax) => <span style={nowrap}>{formatEuros(tax.taxBase)}</span>,
          },
          {
            key: 'tax',
            title: t('invoices.taxes.tax'),
            align: 'right',
            render: (_v, tax) => <span style={nowrap}>{formatEuros(tax.tax)}</span>,
          },
        ]}
        data-testid="invoice-taxes"
      />
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        {row(t('invoices.fields.taxBase'), invoice.taxBase, 'invoice-tax-base')}
        {row(t('invoices.taxes.tax'), invoice.tax, 'invoice-tax')}
        {row(t('invoices.fields.total'), invoice.total, 'invoice-total', true)}
      </Flex>
    </Flex>
  );
}

/** One Verifactu record: what it records, where it stands with AEAT, when it was sent, AEAT's receipt. */
function RecordItem({ record }: { record: VerifactuRecord }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const { token } = theme.useToken();
  const error = [record.errorCode, record.errorText]
    .filter((part) => part !== null && part !== '')
    .join(' · ');
  return (
    <Flex
      vertical
      gap={4}
      style={{
        padding: 12,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
      data-testid="invoice-record"
      data-kind={record.kind}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t(`invoices.records.kinds.${record.kind}`)}</Typography.Text>
        <VerifactuStateTag state={record.state} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {[
          t(`invoices.records.environments.${record.environment}`),
          record.sentAt
            ? t('invoices.records.sentAt', { date: formatDateTime(record.sentAt, timeZone) })
            : t('invoices.records.notSent'),
          record.attempts > 1 ? t('invoices.records.attempts', { count: record.attempts }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Text>
      {error && (
        <Typography.Text
          type={record.state === 'incorrect' ? 'danger' : undefined}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="invoice-record-error"
        >
          {t('invoices.view.aeatSaid', { text: error })}
        </Typography.Text>
      )}
      {record.csv && (
        <span>
          {t('invoices.records.csv')}: <Typography.Text copyable>{record.csv}</Typography.Text>
        </span>
      )}
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12, overflowWrap: 'anywhere' }}
        copyable={{ text: record.hash }}
      >
        {t('invoices.records.hash')}: <code>{record.hash}</code>
      </Typography.Text>
    </Flex>
  );
}

function InvoiceBody({ invoice, onOpen }: { invoice: Invoice; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const alta = invoice.verifactu.filter((record) => record.kind === 'alta').at(-1);
  return (
    <>
      <Space size={4} wrap style={{ marginBottom: 16 }}>
        {isRectifyingType(invoice.type) && <RectifyingTag type={invoice.type} />}
        {alta && <VerifactuStateTag state={alta.state} />}
        {invoice.annulment && <AnnulledTag />}
      </Space>
      {invoice.annulment && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('invoices.view.annulledOn', {
            date: formatDateTime(invoice.annulment.annulledAt, timeZone),
          })}
          description={invoice.annulment.reason}
          data-testid="invoice-annulment"
        />
      )}
      <div style={{ marginBottom: 8 }}>
        <VerifactuError invoice={invoice} />
      </div>
      <InvoiceFacts invoice={invoice} onOpen={onOpen} />
      <SectionTitle>{t('invoices.view.lines')}</SectionTitle>
      <InvoiceLines invoice={invoice} />
      <SectionTitle>{t('invoices.view.taxes')}</SectionTitle>
      <InvoiceTotals invoice={invoice} />
      <SectionTitle>{t('invoices.view.records')}</SectionTitle>
      {invoice.verifactu.length ? (
        <Flex vertical gap={8} data-testid="invoice-records">
          {invoice.verifactu.map((record) => (
            <RecordItem key={record.id} record={record} />
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary" data-testid="invoice-no-records">
          {t('invoices.view.noRecords')}
        </Typography.Text>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
        {t('invoices.view.issueDate', { date: dayjs(invoice.issueDate).format('LL') })}
      </Typography.Paragraph>
    </>
  );
}

/**
 * One invoice, read-only (an invoice never changes once issued): its facts, lines, VAT breakdown and
 * totals, its Verifactu records with AEAT's answers, a link to its order; its PDF, mail and annulment.
 */
export function InvoiceDrawer({
  id,
  onClose,
  onOpen,
}: {
  id: number;
  onClose: () => void;
  /** Opens another invoice (the one it rectifies or replaces) in the same drawer. */
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const query = useInvoice(id);
  const invoice = query.data;
  const customer = useCustomer(
    invoice?.customerId != null && can('customers_find') ? invoice.customerId : undefined,
  );
  return (
    <Drawer
      open
      onClose={onClose}
      title={invoice ? t('invoices.view.title', { code: invoice.code }) : t('invoices.view.loading')}
      size={screens.md ? 760 : '100%'}
      footer={
        invoice ? (
          <Flex justify="flex-end" gap={8} wrap>
            <InvoicePdfButton invoice={invoice} />
            {can('orders_edit') && !invoice.annulment && (
              <>
                <SendInvoiceMailButton invoice={invoice} defaultEmail={customer.data?.email} />
                <AnnulInvoiceButton invoice={invoice} />
              </>
            )}
          </Flex>
        ) : undefined
      }
      destroyOnHidden
      data-testid="invoice-drawer"
    >
      {query.isError && !invoice ? (
        <Alert
          type="error"
          showIcon
          title={t('invoices.view.loadFailed')}
          description={errorMessage(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="invoice-load-failed"
        />
      ) : !invoice ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <InvoiceBody invoice={invoice} onOpen={onOpen} />
      )}
    </Drawer>
  );
}
