import type { Customer } from '@mostrador/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCustomer } from '../api';
import { CustomerForm } from '../components/customer-form';
import { DeleteCustomerButton } from '../components/delete-customer-button';
import { fullName } from '../customer-values';
import { customersPath, type fromPageState, useBackToList } from '../navigation';

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
  const navigate = useNavigate();
  const { state } = useLocation();
  // Opened from the customer's page, itself opened from the list: once deleted, back past the page (it
  // would answer "not found") to the list as it was.
  const pageFromList = (state as Partial<ReturnType<typeof fromPageState>> | null)?.pageFromList === true;
  const deleted = useRef(false);
  const done = () => (deleted.current && pageFromList ? navigate(-2) : back());
  const name = fullName(customer);
  return (
    <>
      <PageHeader
        title={name}
        subtitle={t('customers.createdOn', { date: formatDateTime(customer.createdAt, timeZone) })}
      />
      <CustomerForm
        customer={customer}
        onDone={done}
        footerStart={
          canDelete
            ? (leave) => (
                <DeleteCustomerButton
                  id={customer.id}
                  name={name}
                  onDeleted={() => {
                    deleted.current = true;
                    leave();
                  }}
                />
              )
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
