import { type CustomerBalances, centsToEuros, eurosToCents } from '@mostrador/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { formatEuros } from '../../../lib/format';
import { usePermissions } from '../../session/permissions';

/** The customer's balances, the query of the customer page's Balances tab (one cache for both). */
export const customerBalancesKey = (customerId: number) => ['customers', 'balances', customerId] as const;

const balancesQuery = (customerId: number) => ({
  queryKey: customerBalancesKey(customerId),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    api.get<CustomerBalances>(`/admin/customers/${customerId}/balances`, { signal }),
});

/**
 * The credit a customer may pay with now, in cents: the sum of his credit balances with something left
 * that have not expired (what the server takes an order paid with credit from).
 */
export function availableCreditCents(balances: CustomerBalances, now: Date = new Date()): number {
  return balances.items
    .filter(
      (b) =>
        b.kind === 'credit' &&
        b.remaining > 0 &&
        (b.expiresAt === null || new Date(b.expiresAt).getTime() > now.getTime()),
    )
    .reduce((sum, b) => sum + eurosToCents(b.remaining), 0);
}

/**
 * Why an order paid with credit would be refused, said before sending: no customer, or credit short of
 * the total; null when it passes or when the credit cannot be read (the user may not read customers, or
 * it failed: the server decides).
 */
export async function creditRefusal(
  queryClient: QueryClient,
  input: { customerId: number | null | undefined; totalCents: number; mayRead: boolean },
): Promise<{ key: 'noCustomer' } | { key: 'short'; availableCents: number } | null> {
  if (!input.customerId) return { key: 'noCustomer' };
  if (!input.mayRead) return null;
  try {
    // Fresh: the credit may have been spent since the form opened.
    const balances = await queryClient.fetchQuery({ ...balancesQuery(input.customerId), staleTime: 0 });
    const availableCents = availableCreditCents(balances);
    return availableCents < input.totalCents ? { key: 'short', availableCents } : null;
  } catch {
    return null;
  }
}

/** Under the payment method, paying with credit: the chosen customer's available credit. */
export function AvailableCredit({ customerId }: { customerId: number | null | undefined }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const query = useQuery({
    ...balancesQuery(customerId ?? 0),
    enabled: !!customerId && can('customers_find'),
  });
  if (!customerId)
    return <span data-testid="order-credit-hint">{t('orders.form.creditChooseCustomer')}</span>;
  if (!query.data) return null;
  return (
    <Typography.Text type="secondary" data-testid="order-available-credit">
      {t('orders.form.creditAvailable', {
        amount: formatEuros(centsToEuros(availableCreditCents(query.data))),
      })}
    </Typography.Text>
  );
}
