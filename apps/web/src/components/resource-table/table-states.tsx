import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../api/errors';

export function TableSkeleton() {
  return <Skeleton active title={false} paragraph={{ rows: 8 }} data-testid="table-skeleton" />;
}

export function TableError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (
    <Result
      status="error"
      title={t('table.loadFailed')}
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** Says why the list is empty: nothing matches the search, or there is nothing yet (with the primary action). */
export function TableEmpty({
  isFiltered,
  emptyText,
  onClear,
  action,
}: {
  isFiltered: boolean;
  emptyText?: string;
  onClear: () => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Empty
      data-testid="table-empty"
      description={isFiltered ? t('table.emptyFiltered') : t(emptyText ?? 'table.empty')}
      style={{ paddingBlock: 32 }}
    >
      {isFiltered ? <Button onClick={onClear}>{t('table.clearFilters')}</Button> : action}
    </Empty>
  );
}
