import { useBackToList as useBackTo } from '../../../components/records/navigation';

export { fromListState } from '../../../components/records/navigation';

export const ordersPath = '/orders';
export const createOrderPath = '/orders/create';
export const editOrderPath = (id: number) => `/orders/edit/${id}`;
export const refundOrderPath = (id: number) => `/orders/refund/${id}`;
export const cloneOrderPath = (id: number) => `/orders/create-cloning-order/${id}`;

/** Back to the order list the user came from, or its first page. */
export const useBackToOrders = () => useBackTo(ordersPath);
