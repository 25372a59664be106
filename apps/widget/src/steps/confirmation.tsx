import type { PublicBooking } from '../api';
import { dayOf, formatDay, formatTime } from '../format';
import { useI18n } from '../i18n';
import { StepHeading } from './common';

/** The booking made: what, when (in the company's zone), how many, its code, and the mail sent. */
export function Confirmation(props: {
  booking: PublicBooking;
  email: string;
  timeZone: string;
  onAgain: () => void;
}) {
  const { t, language } = useI18n();
  const { booking, timeZone } = props;
  return (
    <section class="confirmation">
      <div class="success-icon" aria-hidden="true">
        <svg class="check-mark" aria-hidden="true" viewBox="0 0 24 24" width="36" height="36">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </div>
      <StepHeading>{t('done.heading')}</StepHeading>
      <p class="lead">{t('done.text')}</p>
      <dl class="summary">
        <div>
          <dt>{t('summary.service')}</dt>
          <dd>{booking.productName}</dd>
        </div>
        <div>
          <dt>{t('summary.date')}</dt>
          <dd>{formatDay(language, dayOf(booking.startsAt, timeZone))}</dd>
        </div>
        <div>
          <dt>{t('summary.time')}</dt>
          <dd>
            {formatTime(language, booking.startsAt, timeZone)}–
            {formatTime(language, booking.endsAt, timeZone)}
          </dd>
        </div>
        <div>
          <dt>{t('summary.places')}</dt>
          <dd>{booking.quantity}</dd>
        </div>
        <div class="code">
          <dt>{t('done.code')}</dt>
          <dd data-testid="booking-code">{booking.bookingCode}</dd>
        </div>
      </dl>
      <p class="notice info">{t('done.mail', { email: props.email })}</p>
      <button type="button" class="button secondary wide" onClick={props.onAgain}>
        {t('done.again')}
      </button>
    </section>
  );
}
