import { useEffect, useState } from 'preact/hooks';
import { type Api, ApiError, codes, type PublicBooking, type PublicCheckoutBody } from '../api';
import type { Choice } from '../booking-flow';
import { formatPrice } from '../format';
import { type T, useI18n } from '../i18n';
import { errorText, StepHeading } from './common';
import type { FieldErrors } from './details';
import { Summary } from './summary';

/** How often an online checkout's state is read while its payment is awaited. */
const pollMs = 2500;

type Online =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'awaiting'; token: string; payUrl: string; expiresAt: number; opened: boolean }
  | { kind: 'expired' }
  | { kind: 'failed' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'error'; message: string };

const bookingRefusals: number[] = [
  codes.bookingFull,
  codes.bookingTooSoon,
  codes.bookingInThePast,
  codes.bookingOutsideOpenTime,
  codes.bookingBeyondForecast,
  codes.bookingNotAStartTime,
];
const gatewayMissing: number[] = [
  codes.onlinePaymentsNotConfigured,
  codes.stripeNotConfigured,
  codes.redsysNotConfigured,
];
const voucherRefusals: Record<number, string> = {
  [codes.giftVoucherUnknown]: 'payment.voucher.unknown',
  [codes.giftVoucherExpired]: 'payment.voucher.expired',
  [codes.giftVoucherExhausted]: 'payment.voucher.exhausted',
  [codes.giftVoucherOtherProduct]: 'payment.voucher.otherProduct',
  [codes.giftVoucherVoided]: 'payment.voucher.voided',
  [codes.giftVoucherSingleUse]: 'payment.voucher.singleUse',
};

function slotRefusal(t: T, code: number | null) {
  if (code === codes.bookingFull) return t('slot.taken');
  if (code === codes.bookingTooSoon || code === codes.bookingInThePast) return t('slot.tooSoon');
  return t('slot.refused');
}

/** The customer's fields the API refused (`customer.email` → email), in the customer's words. */
function customerErrors(t: T, error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field } of error.fields) {
    const name = /^customer\.(name|surname|email|phone)$/.exec(field)?.[1] as keyof FieldErrors | undefined;
    if (name === 'email') errors.email = t('details.invalidEmail');
    else if (name === 'phone') errors.phone = t('details.invalidPhone');
    else if (name) errors[name] = t('details.serverInvalid');
    if (field === 'quantity') errors.quantity = t('details.serverInvalid');
  }
  return errors;
}

const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The payment: online (the place held while the customer pays on the gateway's page, opened in a new
 * window since a gateway's page cannot be framed; its state read every 2.5 s until confirmed, failed or
 * expired) or with a gift voucher (booked at once, or its refusal explained).
 */
export function Payment(props: {
  api: Api;
  choice: Required<Choice>;
  timeZone: string;
  onConfirmed: (booking: PublicBooking) => void;
  onSlotRefused: (message: string) => void;
  onInvalid: (errors: FieldErrors) => void;
}) {
  const { t, language } = useI18n();
  const { choice } = props;
  const [online, setOnline] = useState<Online>({ kind: 'idle' });
  const [voucher, setVoucher] = useState('');
  const [voucherError, setVoucherError] = useState<string | null>(null);
  const [voucherBusy, setVoucherBusy] = useState(false);
  const [now, setNow] = useState(Date.now());

  const body = (payment: PublicCheckoutBody['payment']): PublicCheckoutBody => ({
    productId: choice.product.id,
    startsAt: choice.slot.startsAt,
    quantity: choice.quantity,
    customer: {
      name: choice.customer.name,
      ...(choice.customer.surname ? { surname: choice.customer.surname } : {}),
      email: choice.customer.email,
      phone: choice.customer.phone,
    },
    language,
    payment,
  });

  /** An error common to both ways of paying: the slot refused, or the customer's details. */
  const handled = (error: unknown) => {
    if (!(error instanceof ApiError)) return false;
    if (error.status === 409 && error.code !== null && bookingRefusals.includes(error.code)) {
      props.onSlotRefused(slotRefusal(t, error.code));
      return true;
    }
    if (error.status === 400) {
      if (error.fields.some((f) => f.field === 'startsAt')) {
        props.onSlotRefused(t('slot.refused'));
        return true;
      }
      const errors = customerErrors(t, error);
      if (Object.keys(errors).length) {
        props.onInvalid(errors);
        return true;
      }
    }
    return false;
  };

  const payOnline = async () => {
    setOnline({ kind: 'starting' });
    try {
      const checkout = await props.api.checkout(body({ method: 'online' }));
      if (checkout.status === 'confirmed' && checkout.booking) return props.onConfirmed(checkout.booking);
      setNow(Date.now());
      setOnline({
        kind: 'awaiting',
        token: checkout.checkout ?? '',
        payUrl: checkout.payUrl ?? '',
        expiresAt: Date.parse(checkout.holdExpiresAt ?? '') || Date.now() + 10 * 60_000,
        opened: false,
      });
    } catch (error) {
      if (handled(error)) return;
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        error.code !== null &&
        gatewayMissing.includes(error.code)
      )
        return setOnline({ kind: 'unavailable', message: t('payment.online.notConfigured') });
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        error.fields.some((f) => f.field === 'payment.method')
      )
        return setOnline({ kind: 'unavailable', message: t('payment.online.voucherOnly') });
      setOnline({ kind: 'error', message: errorText(t, error) });
    }
  };

  const payWithVoucher = async (e: Event) => {
    e.preventDefault();
    if (!voucher.trim()) return setVoucherError(t('payment.voucher.codeRequired'));
    setVoucherBusy(true);
    setVoucherError(null);
    try {
      const checkout = await props.api.checkout(body({ method: 'giftVoucher', code: voucher.trim() }));
      if (checkout.booking) props.onConfirmed(checkout.booking);
      else setVoucherError(t('error.generic'));
    } catch (error) {
      if (handled(error)) return;
      if (error instanceof ApiError && error.status === 409 && error.code !== null)
        setVoucherError(t(voucherRefusals[error.code] ?? 'payment.voucher.refused'));
      else if (
        error instanceof ApiError &&
        error.status === 400 &&
        error.fields.some((f) => f.field.startsWith('payment'))
      )
        setVoucherError(t('payment.voucher.unknown'));
      else setVoucherError(errorText(t, error));
    } finally {
      setVoucherBusy(false);
    }
  };

  // While the payment is awaited: the countdown ticks, and the checkout's state is read.
  const awaiting = online.kind === 'awaiting' ? online : null;
  useEffect(() => {
    if (!awaiting) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    let live = true;
    const poll = setInterval(async () => {
      try {
        const state = await props.api.checkoutState(awaiting.token);
        if (!live) return;
        if (state.status === 'confirmed' && state.booking) props.onConfirmed(state.booking);
        else if (state.status === 'expired') setOnline({ kind: 'expired' });
        else if (state.status === 'failed') setOnline({ kind: 'failed' });
      } catch {
        // Not reached this time: read again at the next turn.
      }
    }, pollMs);
    return () => {
      live = false;
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [awaiting?.token]);

  const remaining = awaiting ? awaiting.expiresAt - now : 0;
  const voucherDisabled = choice.quantity !== 1;
  const total = formatPrice(choice.product.price * choice.quantity);

  return (
    <section>
      <StepHeading>{t('payment.heading')}</StepHeading>
      <Summary choice={choice} timeZone={props.timeZone} />
      <div class="pay-options">
        <section class="option" aria-labelledby="pay-online-title">
          <h2 id="pay-online-title" class="option-title">
            <svg class="option-icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="M3 10h18M7 15h4" />
            </svg>
            {t('payment.online.title')}
          </h2>
          {online.kind === 'awaiting' ? (
            <div class="awaiting">
              <p class="countdown">
                <span aria-hidden="true">
                  {t('payment.online.heldFor')} <strong class="clock">{mmss(remaining)}</strong>
                </span>
                <span class="sr-only" aria-live="polite">
                  {t('payment.online.minutesLeft', { count: Math.max(1, Math.ceil(remaining / 60_000)) })}
                </span>
              </p>
              <button
                type="button"
                class="button primary wide"
                onClick={() => {
                  window.open(online.payUrl, '_blank', 'noopener');
                  setOnline({ ...online, opened: true });
                }}
              >
                {t('payment.online.payNow', { total })}
              </button>
              <div class="state waiting" role="status">
                {online.opened ? (
                  <>
                    <span class="spinner" aria-hidden="true" />
                    <span>{t('payment.online.waiting')}</span>
                  </>
                ) : (
                  <span>{t('payment.online.newWindow')}</span>
                )}
              </div>
              {online.opened && (
                <p class="hint">
                  {t('payment.online.notOpened')}{' '}
                  <a href={online.payUrl} target="_blank" rel="noopener">
                    {t('payment.online.openLink')}
                  </a>
                </p>
              )}
            </div>
          ) : online.kind === 'unavailable' ? (
            <p class="notice warn" role="alert">
              {online.message}
            </p>
          ) : (
            <>
              <p class="option-text">{t('payment.online.text')}</p>
              {(online.kind === 'expired' || online.kind === 'failed' || online.kind === 'error') && (
                <p class="notice error" role="alert">
                  {online.kind === 'error' ? online.message : t(`payment.online.${online.kind}`)}
                </p>
              )}
              <button
                type="button"
                class="button primary wide"
                disabled={online.kind === 'starting'}
                aria-busy={online.kind === 'starting'}
                onClick={payOnline}
              >
                {online.kind === 'starting'
                  ? t('payment.working')
                  : online.kind === 'idle'
                    ? t('payment.online.start', { total })
                    : t('payment.online.retry')}
              </button>
            </>
          )}
        </section>
        <form class="option" onSubmit={payWithVoucher} noValidate aria-labelledby="pay-voucher-title">
          <h2 id="pay-voucher-title" class="option-title">
            <svg class="option-icon" aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <rect x="3" y="8" width="18" height="13" rx="2" />
              <path d="M12 8v13M3 12h18M12 8c-2-4-6-4-6-1.5S10 8 12 8zM12 8c2-4 6-4 6-1.5S14 8 12 8z" />
            </svg>
            {t('payment.voucher.title')}
          </h2>
          <p class="option-text">{t('payment.voucher.text')}</p>
          {voucherDisabled ? (
            <p class="notice warn">{t('payment.voucher.oneUnit')}</p>
          ) : (
            <>
              <div class={`field${voucherError ? ' invalid' : ''}`}>
                <label for="voucher-code">{t('payment.voucher.code')}</label>
                <input
                  id="voucher-code"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellcheck={false}
                  value={voucher}
                  aria-invalid={voucherError ? 'true' : undefined}
                  aria-describedby={voucherError ? 'voucher-code-error' : undefined}
                  onInput={(e) => {
                    setVoucher(e.currentTarget.value);
                    setVoucherError(null);
                  }}
                />
                <p class="field-error" id="voucher-code-error" role="alert">
                  {voucherError}
                </p>
              </div>
              <button
                type="submit"
                class="button secondary wide"
                disabled={voucherBusy}
                aria-busy={voucherBusy}
              >
                {voucherBusy ? t('payment.working') : t('payment.voucher.submit')}
              </button>
            </>
          )}
        </form>
      </div>
    </section>
  );
}
