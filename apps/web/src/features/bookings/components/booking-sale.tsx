import { AppstoreOutlined, GiftOutlined, ShoppingCartOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useOrder } from '../../orders/api';
import { OrderStatusTag } from '../../orders/components/order-list-status-tag';
import { usePermissions } from '../../session/permissions';
import { useBooking } from '../api';

/**
 * A booking's sale in its drawer: the order that sold or charges it, with its payment state, the gift voucher
 * or the customer's pack that paid it, or "Charge" (checkout from the booking: the order form with a line charging it) while it is
 * unsold.
 */
export function BookingSale({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const navigate = useNavigate();
  const booking = useBooking(bookingId);
  const orderId = booking.data?.orderId ?? undefined;
  const order = useOrder(can('orders_find') ? orderId : undefined);
  if (!booking.data) return null;
  // Paid with a gift voucher: no order, nothing to charge.
  if (booking.data.giftVoucherCode) {
    const code = booking.data.giftVoucherCode;
    return (
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }} data-testid="booking-sale">
        <GiftOutlined aria-hidden />
        <Typography.Text data-testid="booking-sale-voucher">
          {can('giftVouchers_find') ? (
            <Link to={`/gift-vouchers?voucher=${booking.data.giftVoucherId}`}>
              {t('bookings.voucher.paidWith', { code })}
            </Link>
          ) : (
            t('bookings.voucher.paidWith', { code })
          )}
        </Typography.Text>
      </Flex>
    );
  }
  // Free with the customer's program subscription: no order either.
  if (booking.data.subscriptionName) {
    const text = t('bookings.program.freeWith', { name: booking.data.subscriptionName });
    const id = booking.data.subscriptionId;
    return (
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }} data-testid="booking-sale">
        <SyncOutlined aria-hidden />
        <Typography.Text data-testid="booking-sale-program">
          {can('subscriptions_find') && id ? <Link to={`/subscriptions/view/${id}`}>{text}</Link> : text}
        </Typography.Text>
      </Flex>
    );
  }
  // Paid with a session of the customer's pack: no order either; the pack is on the customer's page.
  if (booking.data.balanceName) {
    const text = t('bookings.pack.paidWith', { name: booking.data.balanceName });
    return (
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }} data-testid="booking-sale">
        <AppstoreOutlined aria-hidden />
        <Typography.Text data-testid="booking-sale-pack">
          {can('customers_find') ? (
            <Link to={`/customers/view/${booking.data.customerId}?tab=balances`}>{text}</Link>
          ) : (
            text
          )}
        </Typography.Text>
      </Flex>
    );
  }
  if (orderId !== undefined) {
    return (
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }} data-testid="booking-sale">
        <ShoppingCartOutlined aria-hidden />
        {order.data ? (
          <>
            <Link to={`/orders/edit/${order.data.id}`} data-testid="booking-sale-order">
              {t('bookings.sale.order', { code: order.data.code })}
            </Link>
            <OrderStatusTag status={order.data.status} />
          </>
        ) : (
          <Typography.Text>{t('bookings.sale.sold')}</Typography.Text>
        )}
      </Flex>
    );
  }
  if (booking.data.status !== 'confirmed') return null;
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }} data-testid="booking-sale">
      <Typography.Text type="secondary">{t('bookings.sale.unsold')}</Typography.Text>
      {can('orders_create') && (
        <Button
          size="small"
          type="primary"
          icon={<ShoppingCartOutlined aria-hidden />}
          onClick={() => void navigate(`/orders/create-from-bookings/${bookingId}`)}
          data-testid="booking-charge"
        >
          {t('bookings.sale.charge')}
        </Button>
      )}
    </Flex>
  );
}
