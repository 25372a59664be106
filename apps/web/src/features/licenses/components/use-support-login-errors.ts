import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError, useErrorMessage } from '../../../api/errors';

/** What a refused support log-in says: not allowed for that employee, no such employee, or the cause. */
export function useSupportLoginErrors() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  return (error: unknown) => {
    if (isApiError(error, 403)) message.error(t('licenses.support.refused'));
    else if (isApiError(error, 404)) message.error(t('licenses.support.notFound'));
    else message.error(errorMessage(error));
  };
}
