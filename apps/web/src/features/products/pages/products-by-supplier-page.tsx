import { useParams } from 'react-router';
import { ProductList } from '../components/product-list';

/** The products of one supplier, by the supplier's name in the address. */
export function ProductsBySupplierPage() {
  const supplierName = useParams().supplierName ?? '';
  return (
    <ProductList
      pageKey="productsBySupplier"
      title="products.bySupplierTitle"
      titleParams={{ supplier: supplierName }}
      fixedFilters={{ supplier: { eq: supplierName } }}
      emptyText="products.bySupplierEmpty"
    />
  );
}
