import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Filters, type ProductListItem, productStatuses, productTypes } from '@mostrador/contract';
import { Badge, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import {
  booleanWords,
  exportWords,
  type ResourceColumn,
  ResourceTable,
} from '../../../components/resource-table';
import { formatEuros } from '../../../lib/format';
import { FileImage } from '../../files/components/file-image';
import { usePermissions } from '../../session/permissions';
import { supplierProductsPath } from '../../suppliers/navigation';
import { useProductList } from '../api';
import { createProductPath, editProductPath, fromListState } from '../navigation';
import { durationParts } from '../product-values';
import { DeleteProductButton } from './delete-product-button';
import { ProductFilters } from './product-filters';

interface ProductListProps {
  pageKey: string;
  title: string;
  titleParams?: Record<string, string>;
  /** Filters this page always applies (one supplier's products). */
  fixedFilters?: Filters;
  emptyText: string;
}

/** The product list of the spec: its columns, filters, and edit and delete on each row. */
export function ProductList({ pageKey, title, titleParams, fixedFilters, emptyText }: ProductListProps) {
  const { t } = useTranslation();
  const can = usePermissions();
  const canCreate = can('products_create');
  const canEdit = can('products_edit');
  const canDelete = can('products_delete');

  const duration = (minutes: number | null) => {
    if (minutes === null) return null;
    const { hours, minutes: rest } = durationParts(minutes);
    if (!hours) return t('products.durationMinutes', { minutes: rest });
    return rest
      ? t('products.durationHoursMinutes', { hours, minutes: rest })
      : t('products.durationHours', { hours });
  };

  const name = (item: ProductListItem) =>
    canEdit ? (
      <Link to={editProductPath(item.id)} state={fromListState}>
        {item.name}
      </Link>
    ) : (
      item.name
    );
  // The dot carries the colour, the text stays at full contrast.
  const status = (item: ProductListItem) => (
    <Badge
      status={item.status === 'enabled' ? 'success' : 'default'}
      text={t(`products.statuses.${item.status}`)}
    />
  );

  /** A phone's row as a card: picture, name and price, its kind and length, whether it is on sale. */
  const phoneCard = (item: ProductListItem) => (
    <Flex gap={12} align="start" style={{ minWidth: 200 }} data-testid="product-card">
      <FileImage fileId={item.image} width={40} height={40} alt="" />
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex justify="space-between" align="baseline" gap={8}>
          <span style={{ fontWeight: 600 }}>{name(item)}</span>
          <span style={{ whiteSpace: 'nowrap' }}>{formatEuros(item.price)}</span>
        </Flex>
        <Space size={4} wrap>
          <Tag variant="filled">{t(`products.types.${item.type}`)}</Tag>
          {item.duration !== null && (
            <Typography.Text type="secondary">{duration(item.duration)}</Typography.Text>
          )}
        </Space>
        {status(item)}
      </Flex>
    </Flex>
  );

  const columns: ResourceColumn<ProductListItem>[] = [
    { key: 'id', title: 'products.fields.id', sortable: true, align: 'right' },
    {
      key: 'image',
      title: 'products.fields.image',
      width: 64,
      exported: false,
      render: (item) => <FileImage fileId={item.image} width={40} height={40} alt="" />,
    },
    { key: 'reference', title: 'products.fields.reference', sortable: true, defaultHidden: true },
    {
      key: 'name',
      title: 'products.fields.name',
      sortable: true,
      render: (item) => name(item),
    },
    {
      key: 'description',
      title: 'products.fields.description',
      defaultHidden: true,
      render: (item) => (
        <Typography.Text ellipsis={{ tooltip: item.description }} style={{ maxWidth: 280 }}>
          {item.description}
        </Typography.Text>
      ),
    },
    {
      key: 'type',
      title: 'products.fields.type',
      sortable: true,
      render: (item) => <Tag variant="filled">{t(`products.types.${item.type}`)}</Tag>,
      exportValues: exportWords(productTypes, (code) => t(`products.types.${code}`)),
    },
    {
      key: 'sellOnline',
      title: 'products.fields.sellOnline',
      sortable: true,
      render: (item) => t(item.sellOnline ? 'products.yes' : 'products.no'),
      exportValues: booleanWords(t('products.yes'), t('products.no')),
    },
    {
      key: 'status',
      title: 'products.fields.status',
      sortable: true,
      render: (item) => status(item),
      exportValues: exportWords(productStatuses, (code) => t(`products.statuses.${code}`)),
    },
    {
      key: 'price',
      title: 'products.fields.price',
      sortable: true,
      align: 'right',
      render: (item) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuros(item.price)}</span>,
    },
    { key: 'bookingCalendarName', title: 'products.fields.bookingCalendar', sortable: true },
    {
      key: 'duration',
      title: 'products.fields.duration',
      sortable: true,
      align: 'right',
      render: (item) => <span style={{ whiteSpace: 'nowrap' }}>{duration(item.duration)}</span>,
    },
  ];
  if (can('suppliers_find'))
    columns.push({
      key: 'supplier',
      title: 'products.fields.supplier',
      sortable: true,
      // The supplier's products, one click away.
      render: (item) =>
        item.supplier ? <Link to={supplierProductsPath(item.supplier)}>{item.supplier}</Link> : null,
    });

  const rowActions = (item: ProductListItem) => (
    <Space size={4}>
      {canEdit && (
        <ButtonLink
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('products.editNamed', { name: item.name })}
          to={editProductPath(item.id)}
          state={fromListState}
        />
      )}
      {canDelete && <DeleteProductButton id={item.id} name={item.name} iconOnly />}
    </Space>
  );

  return (
    <ResourceTable<ProductListItem>
      pageKey={pageKey}
      exportList="products"
      title={title}
      titleParams={titleParams}
      fixedFilters={fixedFilters}
      countKey="products.count"
      columns={columns}
      useList={useProductList}
      defaultSort={{ field: 'name', order: 'asc' }}
      toolbar={(context) => (
        <Flex gap={8} wrap>
          <ProductFilters {...context} />
        </Flex>
      )}
      emptyText={emptyText}
      primaryAction={
        canCreate
          ? {
              label: t('products.create'),
              icon: <PlusOutlined aria-hidden />,
              to: createProductPath,
              state: fromListState,
              testId: 'create-product',
            }
          : undefined
      }
      rowActions={canEdit || canDelete ? rowActions : undefined}
      phoneCard={phoneCard}
    />
  );
}
