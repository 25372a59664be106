import type { SubscriptionStatus } from '@mostrador/contract';
import { useTranslation } from 'react-i18next';
import { PaletteTag } from '../../../components/palette-tag';
import { formatDate } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';

/**
 * Active in green; active but cancelled at its period's end in gold, with the day it ends; inactive without
 * a colour.
 */
export function SubscriptionStatusTag({
  status,
  cancelAt = null,
}: {
  status: SubscriptionStatus;
  cancelAt?: string | null;
}) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  if (status === 'active' && cancelAt)
    return (
      <PaletteTag palette="gold" testId="subscription-status" dataStatus="ending">
        {t('subscriptions.statuses.ending', { date: formatDate(cancelAt, timeZone) })}
      </PaletteTag>
    );
  return (
    <PaletteTag
      palette={status === 'active' ? 'green' : undefined}
      testId="subscription-status"
      dataStatus={status}
    >
      {t(`subscriptions.statuses.${status}`)}
    </PaletteTag>
  );
}
