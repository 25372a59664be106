import { defaultPageSize, type Filters, maxCountedRows } from '@mostrador/contract';
import { Alert, Button, Card, Grid, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../api/errors';
import type { ListParams } from '../../api/list-params';
import { formatNumber, formatTotal } from '../../lib/format';
import { ButtonLink } from '../button-link';
import { buildExportBody, ExportButton } from '../export';
import { PageHeader } from '../page-header';
import { visuallyHidden } from '../visually-hidden';
import { effectiveSort, visibleKeys } from './columns';
import { TableEmpty, TableError, TableSkeleton } from './table-states';
import { type Density, TableToolbar } from './table-toolbar';
import type { PrimaryAction, ResourceColumn, ResourceTableProps } from './types';
import { useListPreferences } from './use-list-preferences';
import { useListUrlState } from './use-list-url-state';

const pageSizeOptions = [10, 20, 50, 100, 200];
const densityKey = 'mostrador.density';

function storedDensity(): Density {
  const value = window.localStorage.getItem(densityKey);
  return value === 'large' || value === 'small' ? value : 'middle';
}

/** The filters of the URL and those the page always applies (which win). */
function fixedOrUrlFilters(fromUrl: Filters, fixed: Filters | undefined): Filters | undefined {
  const filters = { ...fromUrl, ...fixed };
  return Object.keys(filters).length ? filters : undefined;
}

function ActionButton({ action }: { action: PrimaryAction }) {
  const common = { type: 'primary' as const, icon: action.icon, 'data-testid': action.testId };
  if (action.to) {
    return (
      <ButtonLink {...common} to={action.to} state={action.state}>
        {action.label}
      </ButtonLink>
    );
  }
  return (
    <Button {...common} onClick={action.onClick}>
      {action.label}
    </Button>
  );
}

/**
 * A server-side list page: header with count and primary action, search and filters, column chooser,
 * density, sortable columns and pagination. Page, sort, search and filters live in the URL; visible columns,
 * page size and sort are saved per `pageKey` in the user's interface configuration.
 */

export function ResourceTable<T extends { id: number }>(props: ResourceTableProps<T>) {
  const { columns, useList } = props;
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const url = useListUrlState();
  const { preferences, save } = useListPreferences(props.pageKey);
  const [density, setDensity] = useState<Density>(storedDensity);
  // Phones (antd's xs, under 576 px) read the rows as cards when the page gives one.
  const phone = !!Grid.useBreakpoint().xs;

  const pageSize = preferences.pageSize ?? defaultPageSize;
  const sort = effectiveSort(columns, url.sort, preferences, props.defaultSort);
  const visible = visibleKeys(columns, preferences.columns);
  const params: ListParams = {
    page: url.page,
    limit: pageSize,
    query: url.query || undefined,
    orders: sort ? { [sort.field]: sort.order } : undefined,
    filters: fixedOrUrlFilters(url.filters, props.fixedFilters),
  };
  const list = useList(params);
  const data = list.data;

  const isPastTheEnd = !!data && data.items.length === 0 && data.total > 0 && url.page > 1;
  useEffect(() => {
    if (isPastTheEnd) url.setPage(1);
  }, [isPastTheEnd, url.setPage]);

  const changeDensity = (value: Density) => {
    setDensity(value);
    window.localStorage.setItem(densityKey, value);
  };

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
    extra: { action: string },
  ) => {
    if (extra.action === 'sort' && !Array.isArray(sorter) && sorter.columnKey) {
      const next = {
        field: String(sorter.columnKey),
        order: sorter.order === 'descend' ? 'desc' : 'asc',
      } as const;
      url.setSort(next);
      save({ sortField: next.field, sortOrder: next.order });
    } else if (extra.action === 'paginate') {
      if (pagination.pageSize && pagination.pageSize !== pageSize) {
        save({ pageSize: pagination.pageSize });
        url.setPage(1);
      } else {
        url.setPage(pagination.current ?? 1);
      }
    }
  };

  const toTableColumn = (column: ResourceColumn<T>): TableColumnsType<T>[number] => ({
    key: column.key,
    dataIndex: column.key,
    title: column.label ?? t(column.title),
    align: column.align,
    width: column.width,
    responsive: column.responsive,
    sorter: !!column.sortable,
    sortDirections: ['ascend', 'descend', 'ascend'],
    sortOrder: sort?.field === column.key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: column.render ? (_value: unknown, record: T) => column.render?.(record) : undefined,
  });
  const shown = columns.filter((column) => visible.includes(column.key));
  const phoneCard = phone ? props.phoneCard : undefined;
  // On a phone a row reads as a card: one column, headed by the sort in force so that it can be turned.
  const cardColumn = phoneCard && (columns.find((c) => c.key === sort?.field) ?? shown[0] ?? columns[0]);
  const tableColumns: TableColumnsType<T> =
    phoneCard && cardColumn
      ? [
          {
            ...toTableColumn(cardColumn),
            align: 'left',
            responsive: undefined,
            render: (_value: unknown, record: T) => <div data-testid="phone-card">{phoneCard(record)}</div>,
          },
        ]
      : shown.map(toTableColumn);
  if (props.rowActions) {
    const rowActions = props.rowActions;
    tableColumns.push({
      key: 'actions',
      // Beside a card the buttons speak for themselves: the heading stays for screen readers only, so the
      // column is only as wide as its buttons on a 390 px screen.
      title: phoneCard ? <span style={visuallyHidden}>{t('table.actions')}</span> : t('table.actions'),
      align: 'right',
      // Always in reach: wide lists scroll sideways under it (on phones, those without cards).
      fixed: phoneCard ? undefined : 'end',
      render: (_value: unknown, record: T) => rowActions(record),
    });
  }

  // The export takes what the table shows: its columns in their order, titled as read, and its query.
  const exportList = props.exportList;
  const exportButton = exportList && (
    <ExportButton
      list={exportList}
      iconOnly={phone}
      build={(format) =>
        buildExportBody(
          format,
          shown.map((column) => ({
            key: column.key,
            label: column.label ?? t(column.title),
            values: column.exportValues,
            exported: column.exported,
          })),
          { query: params.query, filters: params.filters, orders: params.orders, scope: props.exportScope },
        )
      }
    />
  );

  const total = data ? formatTotal(data.total, data.totalCapped) : '';
  const action = props.primaryAction && <ActionButton action={props.primaryAction} />;

  const body = () => {
    if (!data && list.isError) return <TableError error={list.error} onRetry={() => void list.refetch()} />;
    if (!data) return <TableSkeleton />;
    if (data.total === 0 && data.items.length === 0) {
      return (
        <TableEmpty
          isFiltered={url.hasSearch}
          emptyText={props.emptyText}
          onClear={url.clearSearch}
          action={action}
        />
      );
    }
    return (
      <Table<T>
        rowKey="id"
        columns={tableColumns}
        dataSource={data.items}
        rowSelection={props.rowSelection}
        loading={list.isFetching}
        size={density}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        pagination={{
          current: url.page,
          pageSize,
          total: data.totalCapped ? maxCountedRows : data.total,
          showSizeChanger: !phoneCard,
          size: phone ? 'small' : undefined,
          pageSizeOptions,
          showTotal: (_total, [from, to]) =>
            t('table.range', { from: formatNumber(from), to: formatNumber(to), total }),
        }}
      />
    );
  };

  return (
    <div data-testid={`list-${props.pageKey}`}>
      <PageHeader
        title={t(props.title, props.titleParams ?? {})}
        subtitle={data ? t(props.countKey, { count: data.total, formatted: total }) : undefined}
        actions={
          props.headerExtra || action ? (
            <>
              {props.headerExtra}
              {action}
            </>
          ) : undefined
        }
      />
      <Card styles={{ body: { padding: 16 } }}>
        <TableToolbar
          query={url.query}
          onSearch={url.setQuery}
          filters={props.toolbar?.({ filters: url.filters, setFilter: url.setFilter })}
          hasSearch={url.hasSearch}
          onClear={url.clearSearch}
          columns={columns}
          visible={visible}
          onColumnsChange={(keys) => save({ columns: keys })}
          density={density}
          onDensityChange={changeDensity}
          exportButton={exportButton}
        />
        {data && list.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={errorMessage(list.error)}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        {body()}
      </Card>
    </div>
  );
}
