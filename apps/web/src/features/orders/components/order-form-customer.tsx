import { UserAddOutlined } from '@ant-design/icons';
import type { Customer } from '@mostrador/contract';
import { Button, Drawer, Flex, Grid, Select, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSearch } from '../../bookings/api';
import { useCustomer } from '../../customers/api';
import { CustomerForm } from '../../customers/components/customer-form';
import { fullName } from '../../customers/customer-values';

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
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useCustomerSearch(debounced);
  const current = useCustomer(value ?? undefined);
  const options = (search.data ?? []).map((c) => ({
    value: c.id,
    label: [c.contactName, c.contactSurname].filter(Boolean).join(' '),
    detail: [c.contactEmail, c.contactPhone, c.companyName].filter(Boolean).join(' · '),
  }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({
      value,
      label: current.data ? fullName(current.data) : t('common.loading'),
      detail: current.data?.email ?? current.data?.phone ?? '',
    });
  return (
    <Flex gap={8} wrap>
      <Select<number | null>
        id={id}
        style={{ flex: '1 1 240px', minWidth: 0 }}
        allowClear
        showSearch={{ filterOption: false, onSearch: setTerm }}
        value={value ?? null}
        onChange={(next) => onChange?.(next ?? null)}
        loading={search.isFetching}
        placeholder={t('orders.form.searchCustomer')}
        notFoundContent={t('orders.form.noCustomers')}
        options={options}
        optionRender={(option) => (
          <div>
            <div>{option.data.label}</div>
            {option.data.detail && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {option.data.detail}
              </Typography.Text>
            )}
          </div>
        )}
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
