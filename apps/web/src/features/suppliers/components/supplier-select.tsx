import { useTranslation } from 'react-i18next';
import { SearchSelect, type SearchSelectProps } from '../../../components/search-select';
import { useSupplier, useSupplierSearch } from '../api';

/**
 * A search over the company's suppliers by name as the user types (debounced), showing the chosen one
 * before anything is typed: the product's supplier.
 */
export function SupplierSelect(props: SearchSelectProps) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      allowClear
      {...props}
      useSearch={useSupplierSearch}
      useCurrent={useSupplier}
      notFoundContent={t('suppliers.noneFound')}
    />
  );
}
