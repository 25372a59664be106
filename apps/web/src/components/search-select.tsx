import type { SelectProps } from 'antd';
import { Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Named {
  id: number;
  name: string;
}

export interface SearchSelectProps
  extends Pick<
    SelectProps<number>,
    'id' | 'allowClear' | 'placeholder' | 'style' | 'aria-label' | 'prefix' | 'popupMatchSelectWidth'
  > {
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A search over records by name as the user types (debounced, only while the list is open), showing the
 * chosen one before anything is typed, read by `useCurrent` when the search has not found it.
 */
export function SearchSelect<R extends Named>({
  value,
  onChange,
  useSearch,
  useCurrent,
  optionTitle,
  notFoundContent,
  ...props
}: SearchSelectProps & {
  useSearch: (term: string, enabled: boolean) => { data?: R[]; isFetching: boolean };
  useCurrent: (id: number | undefined, enabled: boolean) => { data?: { name: string } };
  /** The option's tooltip (e.g. its type). */
  optionTitle?: (record: R) => string;
  notFoundContent: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useSearch(debounced, open);
  const chosen = value ?? undefined;
  const options = (search.data ?? []).map((r) => ({
    value: r.id,
    label: r.name,
    title: optionTitle?.(r) ?? r.name,
  }));
  const known = chosen !== undefined && options.some((o) => o.value === chosen);
  const unknown = chosen !== undefined && !known;
  const current = useCurrent(unknown ? chosen : undefined, unknown);
  if (unknown)
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
      notFoundContent={notFoundContent}
      options={options}
    />
  );
}
