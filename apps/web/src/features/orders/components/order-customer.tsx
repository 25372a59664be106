import type { OrderListItem } from '@mostrador/contract';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../lib/format';

/** A customer's full name, or the company's when the person has none. */
export function customerName(item: OrderListItem): string {
  return [item.name, item.surname].filter(Boolean).join(' ') || item.companyName || '';
}

/**
 * An order's customer as its read-only pages show it: the name over the email and phone, from the order's
 * list item (which carries the customer's contact data); "no customer" when it has none.
 */
export function OrderCustomer({
  customerId,
  item,
  nameTestId,
}: {
  customerId: number | null;
  item: OrderListItem | null | undefined;
  nameTestId?: string;
}) {
  const { t } = useTranslation();
  if (customerId === null)
    return <Typography.Text type="secondary">{t('orders.refund.noCustomer')}</Typography.Text>;
  const contact = item ? [item.contactEmail, formatPhone(item.contactPhone)].filter(Boolean) : [];
  return (
    <Space orientation="vertical" size={0}>
      <span data-testid={nameTestId}>{(item && customerName(item)) || t('common.noValue')}</span>
      {contact.length > 0 && <Typography.Text type="secondary">{contact.join(' · ')}</Typography.Text>}
    </Space>
  );
}
