import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ProductForm } from '../components/product-form';
import { useBackToList } from '../navigation';

export function ProductCreatePage() {
  const { t } = useTranslation();
  const back = useBackToList();
  return (
    <>
      <PageHeader title={t('products.createTitle')} />
      <ProductForm onDone={back} />
    </>
  );
}
