import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button-link';
import { usePageTitle } from '../../components/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Result
      data-testid="not-found"
      status="404"
      title="404"
      subTitle={t('notFound.message')}
      extra={
        <ButtonLink type="primary" to="/">
          {t('notFound.home')}
        </ButtonLink>
      }
    />
  );
}
