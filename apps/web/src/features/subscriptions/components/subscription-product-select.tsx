import { useTranslation } from 'react-i18next';
import { SearchSelect, type SearchSelectProps } from '../../../components/search-select';
import { useSubscriptionProduct, useSubscriptionProductSearch } from '../api';

/**
 * A search over the company's subscription products (the five subscription types) by name as the user
 * types, showing the chosen one before anything is typed: the subscription's product and the list's filter.
 */
export function SubscriptionProductSelect(props: SearchSelectProps) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      popupMatchSelectWidth={false}
      {...props}
      useSearch={useSubscriptionProductSearch}
      useCurrent={useSubscriptionProduct}
      optionTitle={(p) => t(`products.types.${p.type}`)}
      notFoundContent={t('subscriptions.noProductFound')}
    />
  );
}
