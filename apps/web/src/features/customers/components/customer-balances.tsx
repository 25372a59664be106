import type { CustomerBalances as Balances, CustomerBalance } from '@mostrador/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, List, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../api/client';
import { useErrorMessage } from '../../../api/errors';
import { formatDate, formatDateTime, formatEuros, formatNumber } from '../../../lib/format';
import { useOrderCode } from '../../orders/api';
import { useCompanySettings } from '../../session/api';

/** Sessions as a count, credit in euros (Spanish formatting). */
const amountOf = (balance: CustomerBalance, value: number) =>
  balance.kind === 'credit' ? formatEuros(value) : formatNumber(value);

/** The order a movement came from, by its code as everywhere else ("Order #12"), linked. */
function MovementOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const code = useOrderCode(orderId);
  if (code.isPending) return null;
  return (
    <Link to={`/orders/edit/${orderId}`}>
      {code.data != null
        ? t('orders.form.editTitle', { code: code.data })
        : t('balances.order', { id: orderId })}
    </Link>
  );
}

/**
 * A customer's page, Balances tab: each pack (sessions) and credit (euros) he holds, remaining of initial,
 * with its movements, the booking or order each one came from linked.
 */
export function CustomerBalances({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const errorMessage = useErrorMessage();
  const query = useQuery({
    queryKey: ['customers', 'balances', customerId],
    queryFn: ({ signal }) => api.get<Balances>(`/admin/customers/${customerId}/balances`, { signal }),
  });
  if (query.isPending) return <Spin />;
  if (query.isError) return <Result status="warning" title={errorMessage(query.error)} />;
  if (!query.data.items.length) return <Empty description={t('balances.empty')} />;
  return (
    <Flex vertical gap="middle" data-testid="customer-balances">
      {query.data.items.map((balance) => (
        <Card
          key={balance.id}
          size="small"
          title={
            <Flex gap="small" wrap align="center">
              <Typography.Text strong>{balance.productName}</Typography.Text>
              <Tag>{t(`balances.kinds.${balance.kind}`)}</Tag>
            </Flex>
          }
          extra={
            <Typography.Text data-testid="balance-remaining">
              {t('balances.remainingOf', {
                remaining: amountOf(balance, balance.remaining),
                initial: amountOf(balance, balance.initial),
              })}
            </Typography.Text>
          }
        >
          {balance.expiresAt && (
            <Typography.Paragraph type="secondary">
              {t('balances.expires', { date: formatDate(balance.expiresAt, timeZone) })}
            </Typography.Paragraph>
          )}
          <List
            size="small"
            dataSource={balance.movements}
            renderItem={(m) => (
              <List.Item>
                {/* What and when on the left (wrapping on a phone), the amount always on the right. */}
                <Flex gap="small" justify="space-between" align="baseline" style={{ width: '100%' }}>
                  <Flex gap="4px 24px" wrap>
                    <span>{formatDateTime(m.createdAt, timeZone)}</span>
                    <span>{t(`balances.reasons.${m.reason}`)}</span>
                    {m.orderId !== null && <MovementOrder orderId={m.orderId} />}
                    {m.bookingId !== null && <span>{t('balances.booking', { id: m.bookingId })}</span>}
                  </Flex>
                  <Typography.Text
                    strong
                    type={m.delta < 0 ? 'danger' : 'success'}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {m.delta > 0 ? '+' : ''}
                    {amountOf(balance, m.delta)}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </Card>
      ))}
    </Flex>
  );
}
