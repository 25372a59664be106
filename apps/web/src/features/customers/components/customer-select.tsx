import { Select, type SelectProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSearch } from '../../bookings/api';
import { useCustomer } from '../api';

/** "Name Surname", or the company, or the id: how a customer reads in a picker. */
function labelOf(
  customer: { name?: string | null; surname?: string | null; company?: string | null },
  id: number,
) {
  return [customer.name, customer.surname].filter(Boolean).join(' ') || customer.company || `#${id}`;
}

export interface CustomerSelectProps
  extends Pick<
    SelectProps<number>,
    'id' | 'allowClear' | 'placeholder' | 'notFoundContent' | 'style' | 'popupMatchSelectWidth' | 'aria-label'
  > {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  /** How to name the chosen customer before anything is typed; without it, the customer is read. */
  currentLabel?: string;
  'data-testid'?: string;
}

/**
 * A search over the company's customers as the user types (debounced), showing the chosen one before
 * anything is typed: the order's customer, the orders list's customer filter, the booking's customer.
 */
export function CustomerSelect({ value, onChange, currentLabel, ...props }: CustomerSelectProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useCustomerSearch(debounced);
  const chosen = value ?? undefined;
  const current = useCustomer(currentLabel === undefined ? chosen : undefined);
  const options = (search.data ?? []).map((c) => ({
    value: c.id,
    label: labelOf({ name: c.contactName, surname: c.contactSurname, company: c.companyName }, c.id),
    detail: [c.contactEmail, c.contactPhone, c.companyName].filter(Boolean).join(' · '),
  }));
  if (chosen !== undefined && !options.some((o) => o.value === chosen))
    options.unshift({
      value: chosen,
      label: currentLabel ?? (current.data ? labelOf(current.data, chosen) : t('common.loading')),
      detail: '',
    });
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      value={chosen}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={search.isFetching}
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
    />
  );
}
