import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { customersPath } from '../navigation';

/** The form's shape while the customer loads: titled cards with placeholder lines. */
export function CustomerFormSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="customer-loading" aria-busy="true">
      <PageHeader title={t('customers.editTitle')} />
      {[4, 2, 2, 4].map((rows, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
        <Card key={index} style={{ marginBottom: 16 }}>
          <Skeleton active title={{ width: 160 }} paragraph={{ rows }} />
        </Card>
      ))}
    </div>
  );
}

/** An unknown id (or one of another company): say so and offer the list. */
export function CustomerNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('customers.editTitle')} />
      <Result
        status="404"
        title={t('customers.notFoundTitle')}
        subTitle={t('customers.notFound')}
        extra={
          <ButtonLink type="primary" to={customersPath}>
            {t('customers.backToList')}
          </ButtonLink>
        }
        data-testid="customer-not-found"
      />
    </>
  );
}

export function CustomerLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (
    <>
      <PageHeader title={t('customers.editTitle')} />
      <Result
        status="error"
        title={t('customers.loadFailed')}
        subTitle={errorMessage(error)}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </>
  );
}
