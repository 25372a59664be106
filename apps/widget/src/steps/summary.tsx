import type { Choice } from '../booking-flow';
import { formatDay, formatPrice, formatTime } from '../format';
import { useI18n } from '../i18n';

/** What is being booked: the service, its day and time in the company's zone, the places and the total. */
export function Summary({ choice, timeZone }: { choice: Choice; timeZone: string }) {
  const { t, language } = useI18n();
  const { product, slot } = choice;
  if (!product || !slot) return null;
  return (
    <dl class="summary">
      <div>
        <dt>{t('summary.service')}</dt>
        <dd>{product.name}</dd>
      </div>
      <div>
        <dt>{t('summary.date')}</dt>
        <dd>{formatDay(language, slot.date)}</dd>
      </div>
      <div>
        <dt>{t('summary.time')}</dt>
        <dd>{formatTime(language, slot.startsAt, timeZone)}</dd>
      </div>
      <div>
        <dt>{t('summary.places')}</dt>
        <dd>{choice.quantity}</dd>
      </div>
      <div class="total">
        <dt>{t('summary.total')}</dt>
        <dd>{formatPrice(product.price * choice.quantity)}</dd>
      </div>
    </dl>
  );
}
