import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SupplierForm } from '../components/supplier-form';
import { useBackToList } from '../navigation';

export function SupplierCreatePage() {
  const { t } = useTranslation();
  const back = useBackToList();
  return (
    <>
      <PageHeader title={t('suppliers.createTitle')} />
      <SupplierForm onDone={back} />
    </>
  );
}
