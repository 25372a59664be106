import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomerListItem, CustomField } from '@mostrador/contract';
import { Avatar, Flex, Grid, Space, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { dayjs } from '../../../lib/dayjs';
import { formatNumber, formatPhone } from '../../../lib/format';
import { usePermissions } from '../../session/permissions';
import { useCustomerList } from '../api';
import { CustomerFilters } from '../components/customer-filters';
import { DeleteCustomerButton } from '../components/delete-customer-button';
import { listItemName } from '../customer-values';
import { createCustomerPath, editCustomerPath, fromListState, viewCustomerPath } from '../navigation';
import { useCustomerFields } from '../use-customer-fields';

/** Columns shown from a small tablet up: on a phone (xs) the name's column sums the row up as a card. */
const fromTablet: ResourceColumn<CustomerListItem>['responsive'] = ['sm'];

/** A custom field's stored value as the list shows it: yes/no, a local date, a local number, the text. */
export function customFieldText(field: CustomField, value: string | null | undefined, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'boolean':
      return value === 'true' || value === '1' ? t('customers.yes') : t('customers.no');
    case 'date':
      return dayjs(value, 'YYYY-MM-DD').format('L');
    case 'number': {
      const number = Number(value);
      return Number.isFinite(number) ? formatNumber(number) : value;
    }
    default:
      return value;
  }
}

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
  const phone = !Grid.useBreakpoint().sm;
  const customFields = useCustomerFields();

  const phoneLink = (item: CustomerListItem) =>
    item.contactPhone && (
      <a href={`tel:${item.contactPhone}`} style={{ whiteSpace: 'nowrap' }}>
        {formatPhone(item.contactPhone)}
      </a>
    );

  const columns: ResourceColumn<CustomerListItem>[] = [
    { key: 'id', title: 'customers.fields.id', sortable: true, align: 'right', responsive: fromTablet },
    {
      key: 'image',
      title: 'customers.fields.image',
      width: 64,
      exported: false,
      responsive: fromTablet,
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
      render: (item) => {
        if (!phone) {
          return (
            <Link to={viewCustomerPath(item.id)} state={fromListState}>
              {item.contactName}
            </Link>
          );
        }
        // A phone's row as a card: who (to their page), how to reach them, where they live.
        return (
          <Flex vertical gap={2} style={{ minWidth: 0 }} data-testid="customer-summary">
            <Link to={viewCustomerPath(item.id)} state={fromListState} style={{ fontWeight: 600 }}>
              {listItemName(item)}
            </Link>
            {phoneLink(item)}
            {item.contactEmail && (
              <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                <a href={`mailto:${item.contactEmail}`}>{item.contactEmail}</a>
              </Typography.Text>
            )}
            {item.city && <Typography.Text type="secondary">{item.city}</Typography.Text>}
          </Flex>
        );
      },
    },
    { key: 'contactSurname', title: 'customers.fields.surname', sortable: true, responsive: fromTablet },
    {
      key: 'contactEmail',
      title: 'customers.fields.email',
      sortable: true,
      responsive: fromTablet,
      render: (item) => item.contactEmail && <a href={`mailto:${item.contactEmail}`}>{item.contactEmail}</a>,
    },
    {
      key: 'contactPhone',
      title: 'customers.fields.phone',
      sortable: true,
      responsive: fromTablet,
      render: phoneLink,
    },
    { key: 'companyName', title: 'customers.fields.company', sortable: true, responsive: fromTablet },
    { key: 'vat', title: 'customers.fields.vat', sortable: true, responsive: fromTablet },
    {
      key: 'notes',
      title: 'customers.fields.notes',
      defaultHidden: true,
      responsive: fromTablet,
      render: (item) => (
        <Typography.Text ellipsis={{ tooltip: item.notes }} style={{ maxWidth: 240 }}>
          {item.notes}
        </Typography.Text>
      ),
    },
    // The company's custom fields, each an optional column chosen in the column picker.
    ...customFields.map(
      (field): ResourceColumn<CustomerListItem> => ({
        key: `customField${field.id}`,
        title: 'customers.fields.customField',
        label: field.name,
        defaultHidden: true,
        // No field of the list's item (the values are in `customFields`): not in the export.
        exported: false,
        responsive: fromTablet,
        render: (item) => {
          const value = item.customFields.find((v) => v.customFieldId === field.id)?.value;
          const text = customFieldText(field, value, t);
          return (
            <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
              {text}
            </Typography.Text>
          );
        },
      }),
    ),
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
      exportList="customers"
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
