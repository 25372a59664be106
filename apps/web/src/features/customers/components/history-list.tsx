import {
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Pagination,
  Result,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';

/** The rows a part of a customer's history shows per page. */
export const historyPageSize = 10;

/** One column of a history list: its title, and what a row shows in its cell (or its card's line). */
export interface HistoryColumn<T> {
  key: string;
  title: string;
  align?: 'right';
  render: (item: T) => ReactNode;
}

interface HistoryListProps<T extends { id: number }> {
  title: string;
  testId: string;
  columns: HistoryColumn<T>[];
  query: {
    data?: { items: T[]; total: number };
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
  empty: string;
}

/**
 * One part of a customer's history (bookings, orders, vouchers): a table on wide screens, a card per row at
 * phone width (never a table cut off at its first column), paginated, with its loading, empty and error
 * states.
 */
export function HistoryList<T extends { id: number }>(props: HistoryListProps<T>) {
  const { title, testId, columns, query, page, onPage, empty } = props;
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const wide = Grid.useBreakpoint().md ?? true;
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  let body: ReactNode;
  if (query.isError) {
    body = (
      <Result
        status="warning"
        title={errorMessage(query.error)}
        extra={<Button onClick={() => query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (wide) {
    const tableColumns: TableColumnsType<T> = columns.map((column) => ({
      key: column.key,
      title: column.title,
      align: column.align,
      render: (_value: unknown, item: T) => column.render(item),
    }));
    body = (
      <Table<T>
        rowKey="id"
        size="small"
        columns={tableColumns}
        dataSource={items}
        loading={query.isPending}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
    );
  } else if (!query.isPending && items.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  } else {
    body = (
      <Flex vertical gap={8}>
        {items.map((item) => (
          <Card key={item.id} size="small" loading={query.isPending}>
            {columns.map((column) => (
              <Flex key={column.key} justify="space-between" gap={8}>
                <Typography.Text type="secondary">{column.title}</Typography.Text>
                <span style={{ textAlign: 'end' }}>{column.render(item)}</span>
              </Flex>
            ))}
          </Card>
        ))}
      </Flex>
    );
  }
  return (
    <Card size="small" title={title} data-testid={testId} styles={{ body: { padding: wide ? 0 : 12 } }}>
      {body}
      {total > historyPageSize && (
        <Flex justify="flex-end" style={{ padding: 12 }}>
          <Pagination
            size="small"
            current={page}
            pageSize={historyPageSize}
            total={total}
            onChange={onPage}
            showSizeChanger={false}
            showTotal={(count) => t('customers.profile.rows', { count })}
          />
        </Flex>
      )}
    </Card>
  );
}
