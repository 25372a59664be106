import { useBackToList as useBackTo } from '../../components/records/navigation';

export { fromListState } from '../../components/records/navigation';

export const productsPath = '/products';
export const createProductPath = '/products/create';
export const editProductPath = (id: number) => `/products/edit/${id}`;
export const productTranslationsPath = '/translations/products';
export const taxesPath = '/settings/taxes';

/** Back to the product list the user came from, or its first page. */
export const useBackToList = () => useBackTo(productsPath);
