import type { SelectProps } from 'antd';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscriptionProduct, useSubscriptionProductSearch } from '../api';

interface SubscriptionProductSelectProps
  extends Pick<SelectProps<number>, 'id' | 'allowClear' | 'placeholder' | 'style' | 'aria-label' | 'prefix'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A search over the company's subscription products (the five subscription types) by name as the user
 * types, showing the chosen one before anything is typed: the subscription's product and the list's filter.
 */
export function SubscriptionProductSelect({ value, onChange, ...props }: SubscriptionProductSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useSubscriptionProductSearch(debounced, open);
  const chosen = value ?? undefined;
  const options = (search.data ?? []).map((p) => ({
    value: p.id,
    label: p.name,
    title: t(`products.types.${p.type}`),
  }));
  const known = chosen !== undefined && options.some((o) => o.value === chosen);
  const current = useSubscriptionProduct(chosen !== undefined && !known ? chosen : undefined);
  if (chosen !== undefined && !known)
    options.unshift({ value: chosen, label: current.data?.name ?? t('common.loading'), title: '' });
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      open={open}
      onOpenChange={setOpen}
      value={chosen}
      onChange={(next) => onChange?.(next ?? null)}
      loading={search.isFetching}
      notFoundContent={t('subscriptions.noProductFound')}
      options={options}
      popupMatchSelectWidth={false}
    />
  );
}
