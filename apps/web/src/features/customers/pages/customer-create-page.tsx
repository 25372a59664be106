import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { CustomerForm } from '../components/customer-form';
import { useBackToList } from '../navigation';

export function CustomerCreatePage() {
  const { t } = useTranslation();
  const back = useBackToList();
  return (
    <>
      <PageHeader title={t('customers.createTitle')} />
      <CustomerForm onDone={back} />
    </>
  );
}
