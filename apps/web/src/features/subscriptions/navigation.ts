import { useBackToList as useBackTo } from '../../components/records/navigation';

export { fromListState } from '../../components/records/navigation';

export const subscriptionsPath = '/subscriptions';
export const createSubscriptionPath = '/subscriptions/create';
export const editSubscriptionPath = (id: number) => `/subscriptions/edit/${id}`;
export const viewSubscriptionPath = (id: number) => `/subscriptions/view/${id}`;
/** A new subscription for this customer (from the customer's page). */
export const createSubscriptionForCustomerPath = (customerId: number) =>
  `${createSubscriptionPath}?customer=${customerId}`;

/** Back to the subscription list the user came from, or its first page. */
export const useBackToList = () => useBackTo(subscriptionsPath);
