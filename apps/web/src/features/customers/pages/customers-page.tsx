import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomerListItem } from '@mostrador/contract';
import { Avatar, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { formatPhone } from '../../../lib/format';
import { usePermissions } from '../../session/permissions';
import { useCustomerList } from '../api';
import { CustomerFilters } from '../components/customer-filters';
import { DeleteCustomerButton } from '../components/delete-customer-button';
import { listItemName } from '../customer-values';
import { createCustomerPath, editCustomerPath, fromListState, viewCustomerPath } from '../navigation';

/** Two letters standing for the customer until photos can be uploaded. */
function initialsOf(item: CustomerListItem): string {
  return [item.contactName, item.contactSurname]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

export function CustomersPage() {
  const { t } = useTranslation();
  const can = usePermissions();
  const canCreate = can('customers_create');
  const canEdit = can('customers_edit');
  const canDelete = can('customers_delete');
  const { token } = theme.useToken();

  const columns: ResourceColumn<CustomerListItem>[] = [
    { key: 'id', title: 'customers.fields.id', sortable: true, align: 'right' },
    {
      key: 'image',
      title: 'customers.fields.image',
      width: 64,
      render: (item) => (
        <Avatar
          size="small"
          aria-hidden
          style={{ color: token.colorPrimaryText, backgroundColor: token.colorPrimaryBg, flexShrink: 0 }}
        >
          {initialsOf(item)}
        </Avatar>
      ),
    },
    {
      key: 'contactName',
      title: 'customers.fields.name',
      sortable: true,
      // The customer's page: who they are, their history and the next actions.
      render: (item) => (
        <Link to={viewCustomerPath(item.id)} state={fromListState}>
          {item.contactName}
        </Link>
      ),
    },
    { key: 'contactSurname', title: 'customers.fields.surname', sortable: true },
    {
      key: 'contactEmail',
      title: 'customers.fields.email',
      sortable: true,
      render: (item) => item.contactEmail && <a href={`mailto:${item.contactEmail}`}>{item.contactEmail}</a>,
    },
    {
      key: 'contactPhone',
      title: 'customers.fields.phone',
      sortable: true,
      render: (item) =>
        item.contactPhone && (
          <a href={`tel:${item.contactPhone}`} style={{ whiteSpace: 'nowrap' }}>
            {formatPhone(item.contactPhone)}
          </a>
        ),
    },
    { key: 'companyName', title: 'customers.fields.company', sortable: true },
    { key: 'vat', title: 'customers.fields.vat', sortable: true },
    {
      key: 'notes',
      title: 'customers.fields.notes',
      defaultHidden: true,
      render: (item) => (
        <Typography.Text ellipsis={{ tooltip: item.notes }} style={{ maxWidth: 240 }}>
          {item.notes}
        </Typography.Text>
      ),
    },
  ];

  const rowActions = (item: CustomerListItem) => {
    const name = listItemName(item);
    return (
      <Space size={4}>
        {canEdit && (
          <ButtonLink
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('customers.editNamed', { name })}
            to={editCustomerPath(item.id)}
            state={fromListState}
          />
        )}
        {canDelete && <DeleteCustomerButton id={item.id} name={name} iconOnly />}
      </Space>
    );
  };

  return (
    <ResourceTable<CustomerListItem>
      pageKey="customers"
      title="customers.title"
      countKey="customers.count"
      columns={columns}
      useList={useCustomerList}
      defaultSort={{ field: 'contactName', order: 'asc' }}
      toolbar={(context) => <CustomerFilters {...context} />}
      emptyText="customers.empty"
      primaryAction={
        canCreate
          ? {
              label: t('customers.create'),
              icon: <PlusOutlined aria-hidden />,
              to: createCustomerPath,
              state: fromListState,
              testId: 'create-customer',
            }
          : undefined
      }
      rowActions={canEdit || canDelete ? rowActions : undefined}
    />
  );
}
