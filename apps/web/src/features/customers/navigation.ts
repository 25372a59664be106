import { useBackToList as useBackTo } from '../../components/records/navigation';

export { fromListState } from '../../components/records/navigation';

export const customersPath = '/customers';
export const createCustomerPath = '/customers/create';
export const editCustomerPath = (id: number) => `/customers/edit/${id}`;
/**
 * State of the customer page's links to the form: back to the page after saving (`fromList`), and, when the
 * page was opened from the list, back to the list after deleting.
 */
export const fromPageState = (pageFromList: boolean) => ({ fromList: true, pageFromList }) as const;
export const viewCustomerPath = (id: number) => `/customers/view/${id}`;
/** The customer's page opened at one of its tabs. */
export const customerTabPath = (id: number, tab: string) => `${viewCustomerPath(id)}?tab=${tab}`;
/** A new order for the customer (the order form with the customer chosen). */
export const newOrderForCustomerPath = (id: number) => `/orders/create-by-customer/${id}`;

/** Back to the customer list the user came from, or its first page. */
export const useBackToList = () => useBackTo(customersPath);
