import { AppstoreOutlined } from '@ant-design/icons';
import type { Supplier } from '@mostrador/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { usePermissions } from '../../session/permissions';
import { useSupplier } from '../api';
import { DeleteSupplierButton } from '../components/delete-supplier-button';
import { SupplierForm } from '../components/supplier-form';
import { SupplierStatusButton } from '../components/supplier-status-button';
import { SupplierStatusTag } from '../components/supplier-status-tag';
import { supplierProductsPath, suppliersPath, useBackToList } from '../navigation';

const texts: RecordTexts = {
  title: 'suppliers.editTitle',
  notFoundTitle: 'suppliers.notFoundTitle',
  notFound: 'suppliers.notFound',
  loadFailed: 'suppliers.loadFailed',
  backToList: 'suppliers.backToList',
};

function EditSupplier({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const back = useBackToList();
  return (
    <>
      <PageHeader
        title={supplier.name}
        subtitle={
          <Flex gap={8} align="center" wrap component="span">
            <SupplierStatusTag status={supplier.status} />
            <Typography.Text type="secondary" data-testid="supplier-product-count">
              {t('suppliers.productCount', { count: supplier.productCount })}
            </Typography.Text>
          </Flex>
        }
        actions={
          <>
            {can('products_find') && (
              <ButtonLink icon={<AppstoreOutlined aria-hidden />} to={supplierProductsPath(supplier.name)}>
                {t('suppliers.products')}
              </ButtonLink>
            )}
            <SupplierStatusButton id={supplier.id} name={supplier.name} status={supplier.status} />
          </>
        }
      />
      <SupplierForm
        supplier={supplier}
        onDone={back}
        footerStart={
          can('suppliers_delete')
            ? (leave) => <DeleteSupplierButton id={supplier.id} name={supplier.name} onDeleted={leave} />
            : undefined
        }
      />
    </>
  );
}

export function SupplierEditPage() {
  const id = useRecordId();
  const query = useSupplier(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={texts}
      listPath={suppliersPath}
      testId="supplier"
      skeleton={[4, 2, 2]}
    >
      {/* A new key per supplier: moving from one to another starts a fresh form. */}
      {(supplier) => <EditSupplier key={supplier.id} supplier={supplier} />}
    </RecordPage>
  );
}
