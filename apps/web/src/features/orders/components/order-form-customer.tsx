import { useTranslation } from 'react-i18next';
import { CustomerSelect } from '../../customers/components/customer-select';

interface CustomerPickerProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/**
 * The order's customer: a search over the customers (debounced) that also shows the current one before
 * anything is typed. A new customer is made from its list ("New customer": name and a phone or email) and
 * chosen at once; the full customer form stays on the customers screen.
 */
export function CustomerPicker({ id, value, onChange }: CustomerPickerProps) {
  const { t } = useTranslation();
  return (
    <CustomerSelect
      id={id}
      style={{ width: '100%' }}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={t('orders.form.searchCustomer')}
      notFoundContent={t('orders.form.noCustomers')}
      data-testid="order-customer"
    />
  );
}
