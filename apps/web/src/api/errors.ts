import { useTranslation } from 'react-i18next';
import { ApiError } from './client';

/** The catalogue keys to try for an error, most specific first; `errors.0` is the generic message. */
export function errorKeys(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (error.status === 0) return [error.isTimeout ? 'errors.timeout' : 'errors.network', 'errors.0'];
    return [`errors.${error.code}`, 'errors.0'];
  }
  return ['errors.0'];
}

/** A function turning any error into a message in the user's language. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => t(errorKeys(error));
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
