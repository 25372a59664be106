import type { GiftVoucherListItem } from '@mostrador/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../lib/format';
import { type HistoryColumn, HistoryList, historyPageSize } from '../../customers/components/history-list';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useGiftVoucherList } from '../api';
import { GiftVoucherStatusTag } from './gift-voucher-status-tag';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * A customer's page, Vouchers tab: the gift vouchers he bought, latest first, with their status and the
 * bookings left; the code opens the voucher in the gift voucher list for who may see it.
 */
export function CustomerGiftVouchers({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const [page, setPage] = useState(1);
  const query = useGiftVoucherList({
    page,
    limit: historyPageSize,
    filters: { customerId: { eq: customerId } },
    orders: { createdAt: 'desc' },
  });
  const code = (v: GiftVoucherListItem) =>
    can('giftVouchers_find') ? (
      <Link to={`/gift-vouchers?voucher=${v.id}`} style={{ fontFamily: 'monospace' }}>
        {v.code}
      </Link>
    ) : (
      <span style={{ fontFamily: 'monospace' }}>{v.code}</span>
    );
  const columns: HistoryColumn<GiftVoucherListItem>[] = [
    { key: 'code', title: t('giftVouchers.fields.code'), render: code },
    { key: 'product', title: t('giftVouchers.fields.productName'), render: (v) => v.productName },
    {
      key: 'createdAt',
      title: t('giftVouchers.fields.createdAt'),
      render: (v) => <span style={nowrap}>{formatDate(v.createdAt, timeZone)}</span>,
    },
    {
      key: 'expiresAt',
      title: t('giftVouchers.fields.expiresAt'),
      render: (v) => <span style={nowrap}>{formatDate(v.expiresAt, timeZone)}</span>,
    },
    {
      key: 'left',
      title: t('giftVouchers.fields.numberOfAvailableBookings'),
      align: 'right',
      render: (v) =>
        t('giftVouchers.leftOf', {
          available: formatNumber(v.numberOfAvailableBookings),
          maximum: formatNumber(v.maximumNumberOfBookings),
        }),
    },
    {
      key: 'status',
      title: t('giftVouchers.fields.status'),
      render: (v) => <GiftVoucherStatusTag status={v.status} />,
    },
  ];
  return (
    <HistoryList
      title={t('giftVouchers.customerTitle')}
      testId="customer-gift-vouchers"
      columns={columns}
      query={query}
      page={page}
      onPage={setPage}
      empty={t('giftVouchers.customerEmpty')}
    />
  );
}
