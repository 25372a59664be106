import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { parseRecordId } from '../../../components/records/record-page';
import { SubscriptionForm } from '../components/subscription-form';
import { useBackToList, viewSubscriptionPath } from '../navigation';

/**
 * `/subscriptions/create`, `?customer=<id>` from a customer's page: the new one comes with them chosen.
 * Saved, it opens the new subscription's page, where it is activated; cancelled, back where one came from.
 */
export function SubscriptionCreatePage() {
  const { t } = useTranslation();
  const back = useBackToList();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const customerId = parseRecordId(params.get('customer') ?? undefined);
  return (
    <>
      <PageHeader title={t('subscriptions.createTitle')} />
      <SubscriptionForm
        customerId={customerId}
        onDone={(saved) => (saved ? navigate(viewSubscriptionPath(saved.id)) : back())}
      />
    </>
  );
}
