import type { Customer } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useCustomer } from '../api';
import { CustomerForm } from '../components/customer-form';
import {
  CustomerFormSkeleton,
  CustomerLoadError,
  CustomerNotFound,
} from '../components/customer-page-states';
import { DeleteCustomerButton } from '../components/delete-customer-button';
import { fullName } from '../customer-values';
import { useBackToList } from '../navigation';

/** The id in the address, or undefined when it cannot be one. */
function parseId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

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
  const id = parseId(useParams().id);
  const query = useCustomer(id);
  if (id === undefined || isApiError(query.error, 404)) return <CustomerNotFound />;
  if (query.isError) return <CustomerLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <CustomerFormSkeleton />;
  // A new key per customer: moving from one to another starts a fresh form.
  return <EditCustomer key={query.data.id} customer={query.data} />;
}
