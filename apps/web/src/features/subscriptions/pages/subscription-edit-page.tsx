import type { Subscription } from '@mostrador/contract';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { usePermissions } from '../../session/permissions';
import { useSubscription } from '../api';
import { DeleteSubscriptionButton, subscriptionName } from '../components/subscription-actions';
import { SubscriptionForm } from '../components/subscription-form';
import { SubscriptionStatusTag } from '../components/subscription-status-tag';
import { subscriptionsPath, useBackToList } from '../navigation';

export const subscriptionTexts: RecordTexts = {
  title: 'subscriptions.editTitle',
  notFoundTitle: 'subscriptions.notFoundTitle',
  notFound: 'subscriptions.notFound',
  loadFailed: 'subscriptions.loadFailed',
  backToList: 'subscriptions.backToList',
};

function EditSubscription({ subscription }: { subscription: Subscription }) {
  const can = usePermissions();
  const back = useBackToList();
  return (
    <>
      <PageHeader
        title={subscriptionName(subscription)}
        subtitle={<SubscriptionStatusTag status={subscription.status} cancelAt={subscription.cancelAt} />}
      />
      <SubscriptionForm
        subscription={subscription}
        onDone={back}
        footerStart={
          can('subscriptions_delete') && subscription.status === 'inactive'
            ? (leave) => <DeleteSubscriptionButton subscription={subscription} onDeleted={leave} />
            : undefined
        }
      />
    </>
  );
}

/** `/subscriptions/edit/:id`: an inactive subscription's terms; an active one only its payment method. */
export function SubscriptionEditPage() {
  const id = useRecordId();
  const query = useSubscription(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={subscriptionTexts}
      listPath={subscriptionsPath}
      testId="subscription"
      skeleton={[2, 3]}
    >
      {(subscription) => <EditSubscription key={subscription.id} subscription={subscription} />}
    </RecordPage>
  );
}
