import { EyeOutlined } from '@ant-design/icons';
import { type InvoiceListItem, invoiceSeries, invoiceTypes, verifactuStates } from '@mostrador/contract';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  booleanWords,
  exportWords,
  type ResourceColumn,
  ResourceTable,
} from '../../../components/resource-table';
import { formatDate, formatDateTime, formatEuros, formatTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useInvoiceList } from '../api';
import { InvoicePdfButton } from '../components/invoice-actions';
import { InvoiceDrawer } from '../components/invoice-drawer';
import { InvoiceFilters } from '../components/invoice-filters';
import { AnnulledTag, VerifactuStateTag } from '../components/invoice-tags';

/** The URL parameter holding the invoice open in the drawer, so that it can be linked and the back button closes it. */
const openParam = 'invoice';

function parseId(raw: string | null): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The company's invoices, newest first: number, type, date, order, recipient, amounts, whether annulled
 * and where its Verifactu record stands; searched by number, recipient and tax id, filtered by type,
 * state, annulment and days. A row opens the invoice in a drawer (`/invoices?invoice=<id>`).
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openId = parseId(params.get(openParam));

  /** The list's address with the invoice open in the drawer (or none). */
  const withOpen = (id: number | undefined) => {
    const next = new URLSearchParams(location.search);
    if (id === undefined) next.delete(openParam);
    else next.set(openParam, String(id));
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  const openedFromList = !!(location.state as { openedFromList?: boolean } | null)?.openedFromList;
  const open = (id: number) => navigate(withOpen(id), { state: { openedFromList: true } });
  /** Another invoice in the same drawer (the one it rectifies or replaces): the same history entry. */
  const switchTo = (id: number) => navigate(withOpen(id), { replace: true, state: location.state });
  const close = () => {
    // Opened from the list: back to it, so that the back button does not open the invoice again.
    if (openedFromList) navigate(-1);
    else navigate(withOpen(undefined), { replace: true });
  };

  const link = (item: InvoiceListItem) => (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto', fontWeight: 600 }}
      onClick={() => open(item.id)}
      data-testid="invoice-open"
    >
      {item.code}
    </Button>
  );

  /** A phone's row as a card: number and total, what and when, for whom, where it stands. */
  const phoneCard = (item: InvoiceListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 200 }} data-testid="invoice-summary">
      <Flex justify="space-between" align="baseline" gap={8}>
        {link(item)}
        <Typography.Text strong delete={item.annulled} style={money}>
          {formatEuros(item.total)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary">
        {t(`invoices.typesShort.${item.type}`)} · {formatDate(item.issuedAt, timeZone)}
      </Typography.Text>
      <Typography.Text ellipsis style={{ maxWidth: 220 }}>
        {item.recipientName ?? t('invoices.list.noRecipient')}
      </Typography.Text>
      <Space size={4} wrap>
        {item.verifactuState && <VerifactuStateTag state={item.verifactuState} />}
        {item.annulled && <AnnulledTag />}
      </Space>
    </Flex>
  );

  const columns: ResourceColumn<InvoiceListItem>[] = [
    { key: 'id', title: 'invoices.fields.id', sortable: true, align: 'right' },
    {
      key: 'code',
      title: 'invoices.fields.code',
      sortable: true,
      render: (item) => link(item),
    },
    {
      key: 'type',
      title: 'invoices.fields.type',
      sortable: true,
      render: (item) => (
        <Tooltip title={t(`invoices.types.${item.type}`)}>
          <span>{t(`invoices.typesShort.${item.type}`)}</span>
        </Tooltip>
      ),
      exportValues: exportWords(invoiceTypes, (code) => t(`invoices.typesShort.${code}`)),
    },
    {
      key: 'series',
      title: 'invoices.fields.series',
      sortable: true,
      defaultHidden: true,
      render: (item) => t(`invoices.series.${item.series}`),
      exportValues: exportWords(invoiceSeries, (code) => t(`invoices.series.${code}`)),
    },
    {
      key: 'issuedAt',
      title: 'invoices.fields.issuedAt',
      sortable: true,
      render: (item) => (
        <span style={{ whiteSpace: 'nowrap' }} title={formatDateTime(item.issuedAt, timeZone)}>
          {formatDate(item.issuedAt, timeZone)}
          <br />
          <Typography.Text type="secondary">{formatTime(item.issuedAt, timeZone)}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'orderCode',
      title: 'invoices.fields.orderCode',
      sortable: true,
      align: 'right',
      render: (item) => {
        const label = t('orders.list.number', { code: item.orderCode });
        return can('orders_edit') ? <Link to={`/orders/edit/${item.orderId}`}>{label}</Link> : label;
      },
    },
    {
      key: 'customerId',
      title: 'invoices.fields.customerId',
      sortable: true,
      defaultHidden: true,
      align: 'right',
      render: (item) =>
        item.customerId === null ? (
          t('common.noValue')
        ) : can('customers_edit') ? (
          <Link to={`/customers/edit/${item.customerId}`}>{item.customerId}</Link>
        ) : (
          item.customerId
        ),
    },
    {
      key: 'recipientName',
      title: 'invoices.fields.recipientName',
      sortable: true,
      render: (item) =>
        item.recipientName ? (
          <Typography.Text ellipsis={{ tooltip: item.recipientName }} style={{ maxWidth: 180 }}>
            {item.recipientName}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('invoices.list.noRecipient')}</Typography.Text>
        ),
    },
    {
      key: 'recipientTaxId',
      title: 'invoices.fields.recipientTaxId',
      sortable: true,
      defaultHidden: true,
      render: (item) => item.recipientTaxId ?? t('common.noValue'),
    },
    {
      key: 'taxBase',
      title: 'invoices.fields.taxBase',
      sortable: true,
      defaultHidden: true,
      align: 'right',
      render: (item) => <span style={money}>{formatEuros(item.taxBase)}</span>,
    },
    {
      key: 'total',
      title: 'invoices.fields.total',
      sortable: true,
      align: 'right',
      render: (item) => (
        <Typography.Text strong delete={item.annulled} style={money}>
          {formatEuros(item.total)}
        </Typography.Text>
      ),
    },
    {
      key: 'annulled',
      title: 'invoices.fields.annulled',
      sortable: true,
      render: (item) => (item.annulled ? <AnnulledTag /> : null),
      exportValues: booleanWords(t('invoices.annulled'), ''),
    },
    {
      key: 'verifactuState',
      title: 'invoices.fields.verifactuState',
      sortable: true,
      render: (item) =>
        item.verifactuState ? (
          <VerifactuStateTag state={item.verifactuState} />
        ) : (
          <Typography.Text type="secondary">{t('invoices.list.noVerifactu')}</Typography.Text>
        ),
      exportValues: exportWords(verifactuStates, (code) => t(`invoices.verifactuStates.${code}`)),
    },
  ];

  const rowActions = (item: InvoiceListItem) => (
    <Space size={0}>
      <Tooltip title={t('invoices.view.open')}>
        <Button
          type="text"
          icon={<EyeOutlined aria-hidden />}
          aria-label={t('invoices.view.openNamed', { code: item.code })}
          onClick={() => open(item.id)}
          data-testid="invoice-view"
        />
      </Tooltip>
      <InvoicePdfButton invoice={item} compact />
    </Space>
  );

  return (
    <>
      <ResourceTable<InvoiceListItem>
        pageKey="invoices"
        exportList="invoices"
        title="invoices.title"
        countKey="invoices.count"
        columns={columns}
        useList={useInvoiceList}
        defaultSort={{ field: 'issuedAt', order: 'desc' }}
        toolbar={(context) => <InvoiceFilters {...context} />}
        emptyText="invoices.empty"
        rowActions={rowActions}
        phoneCard={phoneCard}
      />
      {openId !== undefined && <InvoiceDrawer id={openId} onClose={close} onOpen={switchTo} />}
    </>
  );
}
