import { AppstoreOutlined, BarChartOutlined, PlusOutlined } from '@ant-design/icons';
import { type SupplierListItem, type SupplierStatus, supplierStatuses } from '@mostrador/contract';
import { Flex, type MenuProps, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import {
  exportWords,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { RowActions } from '../../../components/row-actions';
import { dayjs } from '../../../lib/dayjs';
import { formatEuros, formatPercentage } from '../../../lib/format';
import { usePermissions } from '../../session/permissions';
import { useSupplierList } from '../api';
import { DeleteSupplierButton } from '../components/delete-supplier-button';
import {
  StatusActionIcon,
  statusActionOf,
  useSupplierStatusAction,
} from '../components/supplier-status-button';
import { SupplierStatusTag } from '../components/supplier-status-tag';
import {
  createSupplierPath,
  editSupplierPath,
  fromListState,
  supplierProductsPath,
  supplierSettlementPath,
} from '../navigation';

/** Filters by status. */
function SupplierFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const status = filters.status?.eq as SupplierStatus | undefined;
  return (
    <Select<string>
      value={status ?? 'any'}
      onChange={(value) => setFilter('status', value === 'any' ? undefined : { eq: value })}
      prefix={t('suppliers.filters.statusPrefix')}
      aria-label={t('suppliers.filters.status')}
      popupMatchSelectWidth={false}
      options={[
        { value: 'any', label: t('suppliers.filters.any') },
        ...supplierStatuses.map((value) => ({ value, label: t(`suppliers.statuses.${value}`) })),
      ]}
      style={{ minWidth: 160, maxWidth: '100%' }}
      data-testid="supplier-filter-status"
    />
  );
}

/** A plain day (YYYY-MM-DD) in the user's language. */
const day = (value: string | null) => (value ? dayjs(value).format('L') : '');

/**
 * `/suppliers`: by name; the spec's columns (name, customer, status, start) and the commission; search by
 * name, filter by status; from each its products, edit, activate or deactivate and delete, as permitted.
 */
export function SuppliersPage() {
  const { t } = useTranslation();
  const can = usePermissions();
  const canCreate = can('suppliers_create');
  const canEdit = can('suppliers_edit');
  const canDelete = can('suppliers_delete');
  const canFindProducts = can('products_find');
  const canReport = can('orders_find');
  const status = useSupplierStatusAction();

  const name = (item: SupplierListItem) =>
    canEdit ? (
      <Link to={editSupplierPath(item.id)} state={fromListState}>
        {item.name}
      </Link>
    ) : (
      item.name
    );
  const customerOf = (item: SupplierListItem) =>
    [item.customerName, item.customerSurname].filter(Boolean).join(' ');
  const commission = (item: SupplierListItem) => {
    if (item.commissionType === null || item.commissionQuantity === null) return t('common.noValue');
    return item.commissionType === 'percentage'
      ? formatPercentage(item.commissionQuantity)
      : t('suppliers.perUnit', { amount: formatEuros(item.commissionQuantity) });
  };

  /** A phone's row as a card: the name and status, the customer, the start and the commission. */
  const phoneCard = (item: SupplierListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 260 }} data-testid="supplier-card">
      <span style={{ fontWeight: 600 }}>{name(item)}</span>
      <span>
        <SupplierStatusTag status={item.status} />
      </span>
      {customerOf(item) && <Typography.Text type="secondary">{customerOf(item)}</Typography.Text>}
      <Typography.Text type="secondary">
        {t('suppliers.fields.commission')}: {commission(item)}
      </Typography.Text>
      {item.startsAt && (
        <Typography.Text type="secondary">
          {t('suppliers.startsOn', { date: day(item.startsAt) })}
        </Typography.Text>
      )}
    </Flex>
  );

  const columns: ResourceColumn<SupplierListItem>[] = [
    { key: 'id', title: 'suppliers.fields.id', sortable: true, align: 'right' },
    { key: 'name', title: 'suppliers.fields.name', sortable: true, render: name },
    // The name column shows the whole name; the surname alone is there to sort by or show.
    {
      key: 'customerName',
      title: 'suppliers.fields.customerName',
      sortable: true,
      render: (item) => customerOf(item) || t('common.noValue'),
    },
    {
      key: 'customerSurname',
      title: 'suppliers.fields.customerSurname',
      sortable: true,
      defaultHidden: true,
    },
    {
      key: 'status',
      title: 'suppliers.fields.status',
      sortable: true,
      render: (item) => <SupplierStatusTag status={item.status} />,
      exportValues: exportWords(supplierStatuses, (code) => t(`suppliers.statuses.${code}`)),
    },
    {
      key: 'startsAt',
      title: 'suppliers.fields.startsAt',
      sortable: true,
      render: (item) => <span style={{ whiteSpace: 'nowrap' }}>{day(item.startsAt)}</span>,
    },
    {
      key: 'commissionType',
      title: 'suppliers.fields.commission',
      sortable: true,
      align: 'right',
      render: (item) => <span style={{ whiteSpace: 'nowrap' }}>{commission(item)}</span>,
      // The cell reads type and quantity together ("10 %", "5,00 € per unit"): no one field of the item.
      exported: false,
    },
  ];

  const rowActions = (item: SupplierListItem) => {
    // Edit and delete at hand; its products and the status change in a menu (a phone's card keeps room).
    const action = statusActionOf(item.status);
    const more: NonNullable<MenuProps['items']> = [];
    if (canFindProducts)
      more.push({
        key: 'products',
        icon: <AppstoreOutlined aria-hidden />,
        label: (
          <Link
            to={supplierProductsPath(item.name)}
            aria-label={t('suppliers.productsNamed', { name: item.name })}
            data-testid="supplier-products"
          >
            {t('suppliers.products')}
          </Link>
        ),
      });
    if (canEdit)
      more.push({
        key: action,
        icon: <StatusActionIcon status={item.status} />,
        label: <span data-testid={`supplier-${action}`}>{t(`suppliers.${action}`)}</span>,
        onClick: () => void status.run(item.id, item.name, item.status),
      });
    return (
      <RowActions
        edit={
          canEdit
            ? { to: editSupplierPath(item.id), label: t('suppliers.editNamed', { name: item.name }) }
            : undefined
        }
        more={more}
        moreLabel={t('suppliers.moreNamed', { name: item.name })}
        moreTestId="supplier-more"
        remove={canDelete && <DeleteSupplierButton id={item.id} name={item.name} iconOnly />}
      />
    );
  };

  return (
    <ResourceTable<SupplierListItem>
      pageKey="suppliers"
      exportList="suppliers"
      title="suppliers.title"
      countKey="suppliers.count"
      columns={columns}
      useList={useSupplierList}
      defaultSort={{ field: 'name', order: 'asc' }}
      toolbar={(context) => <SupplierFilters {...context} />}
      headerExtra={
        canReport ? (
          <ButtonLink
            icon={<BarChartOutlined aria-hidden />}
            to={supplierSettlementPath}
            data-testid="supplier-settlement-link"
          >
            {t('suppliers.settlement')}
          </ButtonLink>
        ) : undefined
      }
      emptyText="suppliers.empty"
      primaryAction={
        canCreate
          ? {
              label: t('suppliers.create'),
              icon: <PlusOutlined aria-hidden />,
              to: createSupplierPath,
              state: fromListState,
              testId: 'create-supplier',
            }
          : undefined
      }
      rowActions={canEdit || canDelete || canFindProducts ? rowActions : undefined}
      phoneCard={phoneCard}
    />
  );
}
