import type { Product } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useProduct } from '../api';
import { DeleteProductButton } from '../components/delete-product-button';
import { ProductForm } from '../components/product-form';
import { productsPath, useBackToList } from '../navigation';

const texts: RecordTexts = {
  title: 'products.editTitle',
  notFoundTitle: 'products.notFoundTitle',
  notFound: 'products.notFound',
  loadFailed: 'products.loadFailed',
  backToList: 'products.backToList',
};

function EditProduct({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const canDelete = usePermissions()('products_delete');
  const back = useBackToList();
  return (
    <>
      <PageHeader
        title={product.name}
        subtitle={t('products.createdOn', { date: formatDateTime(product.createdAt, timeZone) })}
      />
      <ProductForm
        product={product}
        onDone={back}
        footerStart={
          canDelete
            ? (leave) => <DeleteProductButton id={product.id} name={product.name} onDeleted={leave} />
            : undefined
        }
      />
    </>
  );
}

export function ProductEditPage() {
  const id = useRecordId();
  const query = useProduct(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={texts}
      listPath={productsPath}
      testId="product"
      skeleton={[6, 3, 2]}
    >
      {/* A new key per product: moving from one to another starts a fresh form. */}
      {(product) => <EditProduct key={product.id} product={product} />}
    </RecordPage>
  );
}
