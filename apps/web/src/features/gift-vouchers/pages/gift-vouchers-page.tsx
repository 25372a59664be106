import { EyeOutlined } from '@ant-design/icons';
import { type GiftVoucherListItem, type GiftVoucherStatus, giftVoucherStatuses } from '@mostrador/contract';
import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  exportWords,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { formatDate, formatNumber } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { useGiftVoucherList } from '../api';
import { GiftVoucherDrawer } from '../components/gift-voucher-drawer';
import { GiftVoucherStatusTag } from '../components/gift-voucher-status-tag';

/** The URL parameter holding the voucher open in the drawer: linkable, and the back button closes it. */
const openParam = 'voucher';

function parseId(raw: string | null): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Filters by status (several at once). */
function GiftVoucherFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const statuses = (filters.status?.in as GiftVoucherStatus[] | undefined) ?? [];
  return (
    <Select<GiftVoucherStatus[]>
      mode="multiple"
      value={statuses}
      onChange={(value) => setFilter('status', value.length ? { in: value } : undefined)}
      placeholder={t('giftVouchers.filters.anyStatus')}
      aria-label={t('giftVouchers.filters.status')}
      maxTagCount="responsive"
      allowClear
      popupMatchSelectWidth={false}
      options={giftVoucherStatuses.map((value) => ({ value, label: t(`giftVouchers.status.${value}`) }))}
      style={{ minWidth: 180, maxWidth: '100%' }}
      data-testid="gift-voucher-filter-status"
    />
  );
}

const customerOf = (item: GiftVoucherListItem) =>
  [item.customerName, item.customerSurname].filter(Boolean).join(' ');

/**
 * `/gift-vouchers`: the vouchers sold, latest first: code, product, buyer, expiry, bookings left and the
 * status as a coloured tag; search by code or buyer, filter by status; a row opens its drawer (?voucher=).
 */
export function GiftVouchersPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openId = parseId(params.get(openParam));

  const withOpen = (id: number | undefined) => {
    const next = new URLSearchParams(location.search);
    if (id === undefined) next.delete(openParam);
    else next.set(openParam, String(id));
    const search = next.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  const openedFromList = !!(location.state as { openedFromList?: boolean } | null)?.openedFromList;
  const open = (id: number) => navigate(withOpen(id), { state: { openedFromList: true } });
  const close = () => {
    if (openedFromList) navigate(-1);
    else navigate(withOpen(undefined), { replace: true });
  };

  const code = (item: GiftVoucherListItem) => (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto', fontFamily: 'monospace', alignSelf: 'flex-start' }}
      onClick={() => open(item.id)}
      data-testid="gift-voucher-open"
    >
      {item.code}
    </Button>
  );
  const left = (item: GiftVoucherListItem) =>
    t('giftVouchers.leftOf', {
      available: formatNumber(item.numberOfAvailableBookings),
      maximum: formatNumber(item.maximumNumberOfBookings),
    });

  const phoneCard = (item: GiftVoucherListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 260 }} data-testid="gift-voucher-card">
      {code(item)}
      <Typography.Text>{item.productName}</Typography.Text>
      <Typography.Text type="secondary">{customerOf(item) || t('common.noValue')}</Typography.Text>
      <Typography.Text type="secondary">
        {t('giftVouchers.expiresOn', { date: formatDate(item.expiresAt, timeZone) })} ·{' '}
        {t('giftVouchers.fields.numberOfAvailableBookings')}: {left(item)}
      </Typography.Text>
      <span>
        <GiftVoucherStatusTag status={item.status} />
      </span>
    </Flex>
  );

  const columns: ResourceColumn<GiftVoucherListItem>[] = [
    {
      key: 'createdAt',
      title: 'giftVouchers.fields.createdAt',
      sortable: true,
      render: (item) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(item.createdAt, timeZone)}</span>,
    },
    { key: 'code', title: 'giftVouchers.fields.code', sortable: true, render: code },
    { key: 'productName', title: 'giftVouchers.fields.productName', sortable: true },
    {
      key: 'expiresAt',
      title: 'giftVouchers.fields.expiresAt',
      sortable: true,
      render: (item) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(item.expiresAt, timeZone)}</span>,
    },
    {
      key: 'status',
      title: 'giftVouchers.fields.status',
      sortable: true,
      render: (item) => <GiftVoucherStatusTag status={item.status} />,
      exportValues: exportWords(giftVoucherStatuses, (code) => t(`giftVouchers.status.${code}`)),
    },
    {
      key: 'maximumNumberOfBookings',
      title: 'giftVouchers.fields.maximumNumberOfBookings',
      sortable: true,
      align: 'right',
      defaultHidden: true,
    },
    {
      key: 'numberOfAvailableBookings',
      title: 'giftVouchers.fields.numberOfAvailableBookings',
      sortable: true,
      align: 'right',
      render: left,
    },
    // The name column shows the whole name; the surname alone is there to sort by or show.
    {
      key: 'customerName',
      title: 'giftVouchers.fields.customerName',
      sortable: true,
      render: (item) => customerOf(item) || t('common.noValue'),
    },
    {
      key: 'customerSurname',
      title: 'giftVouchers.fields.customerSurname',
      sortable: true,
      defaultHidden: true,
    },
    {
      key: 'customerEmail',
      title: 'giftVouchers.fields.customerEmail',
      sortable: true,
      defaultHidden: true,
    },
  ];

  const rowActions = (item: GiftVoucherListItem) => (
    <Tooltip title={t('giftVouchers.open')}>
      <Button
        type="text"
        icon={<EyeOutlined aria-hidden />}
        aria-label={t('giftVouchers.openNamed', { code: item.code })}
        onClick={() => open(item.id)}
        data-testid="gift-voucher-view"
      />
    </Tooltip>
  );

  return (
    <>
      <ResourceTable<GiftVoucherListItem>
        pageKey="giftVouchers"
        exportList="giftVouchers"
        title="giftVouchers.title"
        countKey="giftVouchers.count"
        columns={columns}
        useList={useGiftVoucherList}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        toolbar={(context) => <GiftVoucherFilters {...context} />}
        emptyText="giftVouchers.empty"
        rowActions={rowActions}
        phoneCard={phoneCard}
      />
      {openId !== undefined && <GiftVoucherDrawer id={openId} onClose={close} />}
    </>
  );
}
