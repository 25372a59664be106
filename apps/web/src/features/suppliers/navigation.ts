import { useBackToList as useBackTo } from '../../components/records/navigation';

export { fromListState } from '../../components/records/navigation';

export const suppliersPath = '/suppliers';
export const createSupplierPath = '/suppliers/create';
export const editSupplierPath = (id: number) => `/suppliers/edit/${id}`;
export const supplierSettlementPath = '/reports/supplier-settlement';
/** The products of a supplier (the products feature's screen), by its name. */
export const supplierProductsPath = (name: string) =>
  `/products/view-product-by-supplier/${encodeURIComponent(name)}`;

/** Back to the supplier list the user came from, or its first page. */
export const useBackToList = () => useBackTo(suppliersPath);
