import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { parseRecordId } from '../../../components/records/record-page';
import { SubscriptionForm } from '../components/subscription-form';
import { useBackToList } from '../navigation';

/** `/subscriptions/create`, `?customer=<id>` from a customer's page: the new one comes with them chosen. */
export function SubscriptionCreatePage() {
  const { t } = useTranslation();
  const back = useBackToList();
  const [params] = useSearchParams();
  const customerId = parseRecordId(params.get('customer') ?? undefined);
  return (
    <>
      <PageHeader title={t('subscriptions.createTitle')} />
      <SubscriptionForm customerId={customerId} onDone={back} />
    </>
  );
}
