import type { Customer } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCustomer } from '../api';
import { CustomerForm } from '../components/customer-form';
import { DeleteCustomerButton } from '../components/delete-customer-button';
import { fullName } from '../customer-values';
import { customersPath, useBackToList } from '../navigation';

const texts: RecordTexts = {
  title: 'customers.editTitle',
  notFoundTitle: 'customers.notFoundTitle',
  notFound: 'customers.notFound',
  loadFailed: 'customers.loadFailed',
  backToList: 'customers.backToList',
};

function EditCustomer({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const canDelete = usePermissions()('customers_delete');
  const back = useBackToList();
  const name = fullName(customer);
  return (
    <>
      <PageHeader
        title={name}
        subtitle={t('customers.createdOn', { date: formatDateTime(customer.createdAt, timeZone) })}
      />
      <CustomerForm
        customer={customer}
        onDone={back}
        footerStart={
          canDelete
            ? (leave) => <DeleteCustomerButton id={customer.id} name={name} onDeleted={leave} />
            : undefined
        }
      />
    </>
  );
}

export function CustomerEditPage() {
  const id = useRecordId();
  const query = useCustomer(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={texts}
      listPath={customersPath}
      testId="customer"
      skeleton={[4, 2, 2, 4]}
    >
      {/* A new key per customer: moving from one to another starts a fresh form. */}
      {(customer) => <EditCustomer key={customer.id} customer={customer} />}
    </RecordPage>
  );
}
