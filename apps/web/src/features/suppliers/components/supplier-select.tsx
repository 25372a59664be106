import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupplier, useSupplierSearch } from '../api';

interface SupplierSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/**
 * A search over the company's suppliers by name as the user types (debounced), showing the chosen one
 * before anything is typed: the product's supplier.
 */
export function SupplierSelect({ value, onChange, ...props }: SupplierSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useSupplierSearch(debounced, open);
  const chosen = value ?? undefined;
  const options = (search.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const known = chosen !== undefined && options.some((o) => o.value === chosen);
  const current = useSupplier(chosen, chosen !== undefined && !known);
  if (chosen !== undefined && !known)
    options.unshift({ value: chosen, label: current.data?.name ?? t('common.loading') });
  return (
    <Select<number>
      {...props}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTerm }}
      open={open}
      onOpenChange={setOpen}
      value={chosen}
      onChange={(next) => onChange?.(next ?? null)}
      loading={search.isFetching}
      notFoundContent={t('suppliers.noneFound')}
      options={options}
    />
  );
}
