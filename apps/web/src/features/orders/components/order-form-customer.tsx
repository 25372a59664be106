import { UserAddOutlined } from '@ant-design/icons';
import type { Customer } from '@mostrador/contract';
import { Button, Drawer, Flex, Grid, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomerForm } from '../../customers/components/customer-form';
import { CustomerSelect } from '../../customers/components/customer-select';

interface CustomerPickerProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Opens the new-customer drawer. */
  onCreate?: () => void;
  canCreate: boolean;
}

/**
 * The order's customer: a search over the customers (debounced) that also shows the current one before
 * anything is typed, and "New customer" beside it.
 */
export function CustomerPicker({ id, value, onChange, onCreate, canCreate }: CustomerPickerProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap>
      <CustomerSelect
        id={id}
        style={{ flex: '1 1 240px', minWidth: 0 }}
        allowClear
        value={value}
        onChange={(next) => onChange?.(next ?? null)}
        placeholder={t('orders.form.searchCustomer')}
        notFoundContent={t('orders.form.noCustomers')}
        data-testid="order-customer"
      />
      {canCreate && (
        <Button icon={<UserAddOutlined aria-hidden />} onClick={onCreate} data-testid="order-new-customer">
          {t('orders.form.newCustomer')}
        </Button>
      )}
    </Flex>
  );
}

/** The customer creation form in a drawer: the customer saved is picked for the order. */
export function NewCustomerDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (customer: Customer) => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('orders.form.newCustomer')}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      styles={{ body: { background: token.colorBgLayout, paddingBottom: 0 } }}
      data-testid="order-customer-drawer"
    >
      <CustomerForm onDone={onClose} onSaved={onCreated} />
    </Drawer>
  );
}
