import type { GiftVoucherListItem } from '@mostrador/contract';
import {
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Pagination,
  Result,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorMessage } from '../../../api/errors';
import { formatDate, formatNumber } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useGiftVoucherList } from '../api';
import { GiftVoucherStatusTag } from './gift-voucher-status-tag';

const pageSize = 10;
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * A customer's page, Vouchers tab: the gift vouchers he bought, latest first, with their status and the
 * bookings left; the code opens the voucher in the gift voucher list for who may see it.
 */
export function CustomerGiftVouchers({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const errorMessage = useErrorMessage();
  const can = usePermissions();
  const wide = Grid.useBreakpoint().md ?? true;
  const [page, setPage] = useState(1);
  const query = useGiftVoucherList({
    page,
    limit: pageSize,
    filters: { customerId: { eq: customerId } },
    orders: { createdAt: 'desc' },
  });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const code = (v: GiftVoucherListItem) =>
    can('giftVouchers_find') ? (
      <Link to={`/gift-vouchers?voucher=${v.id}`} style={{ fontFamily: 'monospace' }}>
        {v.code}
      </Link>
    ) : (
      <span style={{ fontFamily: 'monospace' }}>{v.code}</span>
    );
  const columns: {
    key: string;
    title: string;
    align?: 'right';
    render: (v: GiftVoucherListItem) => ReactNode;
  }[] = [
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
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('giftVouchers.customerEmpty')} />;
  let body: ReactNode;
  if (query.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(query.error)}
        extra={<Button onClick={() => query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (wide) {
    const tableColumns: TableColumnsType<GiftVoucherListItem> = columns.map((c) => ({
      key: c.key,
      title: c.title,
      align: c.align,
      render: (_value: unknown, v: GiftVoucherListItem) => c.render(v),
    }));
    body = (
      <Table<GiftVoucherListItem>
        rowKey="id"
        size="small"
        columns={tableColumns}
        dataSource={items}
        loading={query.isPending}
        pagination={false}
        locale={{ emptyText: empty }}
      />
    );
  } else if (!query.isPending && items.length === 0) {
    body = empty;
  } else {
    body = (
      <Flex vertical gap={8}>
        {items.map((v) => (
          <Card key={v.id} size="small">
            {columns.map((c) => (
              <Flex key={c.key} justify="space-between" gap={8}>
                <Typography.Text type="secondary">{c.title}</Typography.Text>
                <span style={{ textAlign: 'end' }}>{c.render(v)}</span>
              </Flex>
            ))}
          </Card>
        ))}
      </Flex>
    );
  }
  return (
    <Card
      size="small"
      title={t('giftVouchers.customerTitle')}
      data-testid="customer-gift-vouchers"
      styles={{ body: { padding: wide ? 0 : 12 } }}
    >
      {body}
      {total > pageSize && (
        <Flex justify="flex-end" style={{ padding: 12 }}>
          <Pagination
            size="small"
            current={page}
            pageSize={pageSize}
            total={total}
            onChange={setPage}
            showSizeChanger={false}
            showTotal={(count) => t('customers.profile.rows', { count })}
          />
        </Flex>
      )}
    </Card>
  );
}
