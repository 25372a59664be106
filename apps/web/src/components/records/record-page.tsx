import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError, useErrorMessage } from '../../api/errors';
import { ButtonLink } from '../button-link';
import { PageHeader } from '../page-header';
import { parseRecordId } from './record-id';

export { parseRecordId };

/** The record id of the current address (`/…/edit/:id`). */
export function useRecordId(): number | undefined {
  return parseRecordId(useParams().id);
}

/** i18n keys of one kind of record's page states. */
export interface RecordTexts {
  /** Title while loading or when the record cannot be shown, e.g. "Edit customer". */
  title: string;
  notFoundTitle: string;
  notFound: string;
  loadFailed: string;
  backToList: string;
}

interface RecordPageProps<T> {
  id: number | undefined;
  query: UseQueryResult<T>;
  texts: RecordTexts;
  listPath: string;
  /** Prefix of the states' test ids: `<prefix>-loading`, `<prefix>-not-found`. */
  testId: string;
  /** Placeholder lines of each card while loading (the form's shape). */
  skeleton?: number[];
  children: (record: T) => ReactNode;
}

/**
 * An edit page's frame: a skeleton while loading, "not found" for an unknown id (or another company's),
 * a retry on failure, then the page itself.
 */
export function RecordPage<T>({
  id,
  query,
  texts,
  listPath,
  testId,
  skeleton,
  children,
}: RecordPageProps<T>) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  if (id === undefined || isApiError(query.error, 404)) {
    return (
      <>
        <PageHeader title={t(texts.title)} />
        <Result
          status="404"
          title={t(texts.notFoundTitle)}
          subTitle={t(texts.notFound)}
          extra={
            <ButtonLink type="primary" to={listPath}>
              {t(texts.backToList)}
            </ButtonLink>
          }
          data-testid={`${testId}-not-found`}
        />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t(texts.title)} />
        <Result
          status="error"
          title={t(texts.loadFailed)}
          subTitle={errorMessage(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </>
    );
  }
  if (query.data === undefined) {
    return (
      <div data-testid={`${testId}-loading`} aria-busy="true">
        <PageHeader title={t(texts.title)} />
        {(skeleton ?? [4, 2, 2]).map((rows, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
          <Card key={index} style={{ marginBottom: 16 }}>
            <Skeleton active title={{ width: 160 }} paragraph={{ rows }} />
          </Card>
        ))}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
