import { ProductList } from '../components/product-list';

export function ProductsPage() {
  return <ProductList pageKey="products" title="products.title" emptyText="products.empty" />;
}
