import { useBackToList as useBackTo } from '../../components/records/navigation';

export { fromListState } from '../../components/records/navigation';

export const customersPath = '/customers';
export const createCustomerPath = '/customers/create';
export const editCustomerPath = (id: number) => `/customers/edit/${id}`;

/** Back to the customer list the user came from, or its first page. */
export const useBackToList = () => useBackTo(customersPath);
