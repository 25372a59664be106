import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';
import { useI18n } from '../i18n';

/** A step's heading, where the focus goes when the step opens. */
export function StepHeading({ children }: { children: ComponentChildren }) {
  return (
    <h1 class="step-heading" tabIndex={-1} data-step-heading>
      {children}
    </h1>
  );
}

/** A loading message, announced politely. */
export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div class="state" role="status">
      <span class="spinner" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}

/** What went wrong, in words the customer can act on. */
export function errorText(t: (key: string) => string, error: unknown) {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('error.network');
    if (error.status === 429) return t('error.rateLimited');
    if (error.status === 404) return t('error.notFound');
  }
  return t('error.generic');
}

/** An error with a way to try again, announced at once. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <div class="state error" role="alert">
      <p>{errorText(t, error)}</p>
      {onRetry && (
        <button type="button" class="button secondary" onClick={onRetry}>
          {t('app.retry')}
        </button>
      )}
    </div>
  );
}
