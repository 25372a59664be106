import './manage.css';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type Api,
  ApiError,
  codes,
  type PublicCancellation,
  type PublicCompany,
  type PublicManagedBooking,
} from '../api';
import { dayOf, formatDay, formatPrice, formatTime } from '../format';
import { type T, useI18n } from '../i18n';
import { ErrorState, errorText, Loading, StepHeading } from '../steps/common';
import { type Slot, SlotPicker } from '../steps/slot';

/*
 * The customer's booking, opened from the link in its confirmation mail (`PUBLIC_URL/b/<code>` → this
 * page with `?manage=<code>`): what, when (the company's zone), how many, its status and code; moving it
 * (`move.allowed`: the day-and-time picker over the booking's own start times, then a confirmation) and
 * cancelling it (`cancel.allowed`: a confirmation that says what comes back and until when). What cannot
 * be done online says why, with the company's phone and email. A code the API does not know (altered,
 * another company's, a deleted booking): "this link is not valid". On each new state the focus goes to
 * its heading; outcomes are announced (role status/alert).
 */

type Mode =
  | { kind: 'view' }
  | { kind: 'move'; notice: string | null }
  | { kind: 'confirmMove'; slot: Slot }
  | { kind: 'cancel' }
  | { kind: 'cancelled'; result: PublicCancellation };

/** An outcome shown above the booking: a success (status) or a refusal (alert). */
type Notice = { tone: 'success' | 'warn' | 'error'; text: string } | null;

const slotRefusals: number[] = [
  codes.bookingFull,
  codes.bookingTooSoon,
  codes.bookingInThePast,
  codes.bookingOutsideOpenTime,
  codes.bookingBeyondForecast,
  codes.bookingNotAStartTime,
];

function slotRefusal(t: T, code: number | null) {
  if (code === codes.bookingFull) return t('slot.taken');
  if (code === codes.bookingTooSoon || code === codes.bookingInThePast) return t('slot.tooSoon');
  return t('slot.refused');
}

/** A refusal of the product's rules or the company's cancellation terms, in the customer's words. */
function ruleRefusal(t: T, code: number | null): string | null {
  switch (code) {
    case codes.bookingCustomerMoveNotAllowed:
      return t('manage.move.reason.notAllowed');
    case codes.bookingCustomerMoveLimit:
      return t('manage.move.reason.noMovesLeft');
    case codes.bookingNotChangeable:
      return t('manage.notChangeable');
    case codes.bookingCancelTooLate:
      return t('manage.cancel.tooLateNow');
    case codes.bookingCancelNotOnline:
      return t('manage.cancel.reason.notPaidOnline');
    case codes.paymentGatewayRefused:
    case codes.paymentGatewayUnavailable:
      return t('manage.cancel.refundFailed');
    default:
      return null;
  }
}

export function ManageView({ api, company, code }: { api: Api; company: PublicCompany; code: string }) {
  const { t, language } = useI18n();
  const [booking, setBooking] = useState<PublicManagedBooking | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const timeZone = booking?.timeZone ?? company.timeZone;

  useEffect(() => {
    let live = true;
    setLoadError(null);
    api.managedBooking(code, language).then(
      (b) => live && setBooking(b),
      (e) => live && setLoadError(e),
    );
    return () => {
      live = false;
    };
  }, [code, language, attempt]);

  // A new state: its heading takes the focus, so a screen reader says where the customer is (not the
  // first one the page opens with: a page just opened is read from its top).
  const loaded = booking ? booking.status : loadError ? 'error' : null;
  const stateKey = `${mode.kind}:${loaded}:${notice?.text ?? ''}`;
  const opened = useRef(false);
  useEffect(() => {
    if (!loaded) return;
    if (!opened.current) {
      opened.current = true;
      return;
    }
    document.querySelector<HTMLElement>('[data-step-heading]')?.focus();
    if (window.parent !== window)
      window.parent.postMessage({ mostradorWidget: 'step', step: mode.kind }, '*');
  }, [stateKey]);

  /** After a refusal: the booking read again (its rules may have changed) and the reason shown. */
  const refused = (text: string, tone: 'warn' | 'error' = 'warn') => {
    setNotice({ tone, text });
    setMode({ kind: 'view' });
    api.managedBooking(code, language).then(setBooking, () => undefined);
  };

  const confirmMove = async (slot: Slot) => {
    setBusy(true);
    try {
      const moved = await api.moveBooking(code, slot.startsAt);
      setBooking(moved);
      setNotice({
        tone: 'success',
        text: t('manage.move.done', {
          date: formatDay(language, moved.localStartsAt.slice(0, 10)),
          time: formatTime(language, moved.startsAt, moved.timeZone),
        }),
      });
      setMode({ kind: 'view' });
    } catch (error) {
      const apiCode = error instanceof ApiError ? error.code : null;
      if (error instanceof ApiError && apiCode !== null && slotRefusals.includes(apiCode))
        setMode({ kind: 'move', notice: slotRefusal(t, apiCode) });
      else refused(ruleRefusal(t, apiCode) ?? errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const confirmCancel = async () => {
    setBusy(true);
    try {
      const result = await api.cancelBooking(code);
      setBooking(result.booking);
      setNotice(null);
      setMode({ kind: 'cancelled', result });
    } catch (error) {
      refused(ruleRefusal(t, error instanceof ApiError ? error.code : null) ?? errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (loadError && !booking) {
    if (loadError instanceof ApiError && (loadError.status === 404 || loadError.status === 400))
      return (
        <section class="state invalid" data-testid="manage-invalid">
          <LinkIcon />
          <StepHeading>{t('manage.invalid.heading')}</StepHeading>
          <p>{t('manage.invalid.text')}</p>
          <p>{t('manage.invalid.contact', { company: company.name })}</p>
        </section>
      );
    return (
      <section>
        <StepHeading>{t('manage.heading')}</StepHeading>
        <ErrorState error={loadError} onRetry={() => setAttempt((a) => a + 1)} />
      </section>
    );
  }
  if (!booking)
    return (
      <section>
        <h1 class="sr-only">{t('manage.heading')}</h1>
        <Loading label={t('manage.loading')} />
      </section>
    );

  const back = (
    <button type="button" class="back" onClick={() => setMode({ kind: 'view' })} disabled={busy}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path d="M15 18l-6-6 6-6" />
      </svg>
      {t('app.back')}
    </button>
  );

  if (mode.kind === 'move')
    return (
      <div class="manage">
        {back}
        <SlotPicker
          api={api}
          product={{ id: booking.productId, name: booking.productName }}
          load={(from, to) => api.managedAvailability(code, from, to)}
          heading={t('manage.move.heading')}
          timeZone={timeZone}
          // Opened on the booking's own day (its other times; its own is not offered).
          selected={{ date: booking.localStartsAt.slice(0, 10), startsAt: booking.startsAt, freePlaces: 0 }}
          notice={mode.notice}
          onChoose={(slot) => setMode({ kind: 'confirmMove', slot })}
        />
      </div>
    );

  if (mode.kind === 'confirmMove') {
    const { slot } = mode;
    return (
      <section class="manage">
        <button
          type="button"
          class="back"
          onClick={() => setMode({ kind: 'move', notice: null })}
          disabled={busy}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            <path d="M15 18l-6-6 6-6" />
          </svg>
          {t('app.back')}
        </button>
        <StepHeading>{t('manage.move.confirmHeading')}</StepHeading>
        <p class="lead">{booking.productName}</p>
        <dl class="summary change">
          <div>
            <dt>{t('manage.move.from')}</dt>
            <dd>
              <s>{when(language, booking.localStartsAt.slice(0, 10), booking.startsAt, timeZone)}</s>
            </dd>
          </div>
          <div>
            <dt>{t('manage.move.to')}</dt>
            <dd>{when(language, slot.date, slot.startsAt, timeZone)}</dd>
          </div>
        </dl>
        <MovesLeftHint booking={booking} after />
        <div class="actions">
          <button
            type="button"
            class="button primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => confirmMove(slot)}
          >
            {busy ? t('payment.working') : t('manage.move.confirm')}
          </button>
        </div>
      </section>
    );
  }

  if (mode.kind === 'cancel') {
    const { cancel } = booking;
    return (
      <section class="manage">
        {back}
        <StepHeading>{t('manage.cancel.confirmHeading')}</StepHeading>
        <BookingSummary booking={booking} />
        <p class="notice info">{returnsText(t, cancel.returns, cancel.refundAmount)}</p>
        {cancel.until && (
          <p class="hint until">
            {t('manage.cancel.until', { when: instantText(language, cancel.until, timeZone) })}
          </p>
        )}
        <div class="actions">
          <button
            type="button"
            class="button danger"
            disabled={busy}
            aria-busy={busy}
            onClick={confirmCancel}
          >
            {busy ? t('payment.working') : t('manage.cancel.confirm')}
          </button>
          <button
            type="button"
            class="button secondary"
            disabled={busy}
            onClick={() => setMode({ kind: 'view' })}
          >
            {t('manage.cancel.keep')}
          </button>
        </div>
      </section>
    );
  }

  if (mode.kind === 'cancelled') {
    const { result } = mode;
    return (
      <section class="manage confirmation">
        <div class="success-icon" aria-hidden="true">
          <svg class="check-mark" aria-hidden="true" viewBox="0 0 24 24" width="36" height="36">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </div>
        <StepHeading>{t('manage.cancelled.heading')}</StepHeading>
        <p class="notice info" role="status">
          {returnedText(t, result.returned, result.refundedAmount)}
        </p>
        <BookingSummary booking={result.booking} />
      </section>
    );
  }

  // The booking, what can be done with it, and why not.
  const cancelled = booking.status === 'cancelled';
  const { move, cancel } = booking;
  return (
    <section class="manage">
      <StepHeading>{cancelled ? t('manage.cancelledHeading') : t('manage.heading')}</StepHeading>
      {notice && (
        <p
          class={`notice ${notice.tone}`}
          role={notice.tone === 'success' ? 'status' : 'alert'}
          data-testid="manage-notice"
        >
          {notice.text}
        </p>
      )}
      <BookingSummary booking={booking} />
      {cancelled ? (
        <p class="notice warn">{t('manage.cancelledText')}</p>
      ) : (
        <>
          <div class="manage-block" data-testid="manage-move">
            <h2>{t('manage.move.title')}</h2>
            {move.allowed ? (
              <>
                <MovesLeftHint booking={booking} />
                <button
                  type="button"
                  class="button secondary wide"
                  onClick={() => {
                    setNotice(null);
                    setMode({ kind: 'move', notice: null });
                  }}
                >
                  {t('manage.move.start')}
                </button>
              </>
            ) : (
              <Refusal text={moveReason(t, booking)} contact={booking.contact} />
            )}
          </div>
          <div class="manage-block" data-testid="manage-cancel">
            <h2>{t('manage.cancel.title')}</h2>
            {cancel.allowed ? (
              <>
                <p class="hint">
                  {cancel.until
                    ? t('manage.cancel.freeUntil', { when: instantText(language, cancel.until, timeZone) })
                    : t('manage.cancel.free')}{' '}
                  {returnsText(t, cancel.returns, cancel.refundAmount)}
                </p>
                <button
                  type="button"
                  class="button danger-outline wide"
                  onClick={() => {
                    setNotice(null);
                    setMode({ kind: 'cancel' });
                  }}
                >
                  {t('manage.cancel.start')}
                </button>
              </>
            ) : (
              <Refusal text={cancelReason(t, booking, language)} contact={booking.contact} />
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** A company day and an instant's time: "viernes, 4 de diciembre de 2026, 10:30". */
function when(language: string, day: string, instant: string, timeZone: string) {
  return `${formatDay(language, day)}, ${formatTime(language, instant, timeZone)}`;
}
const instantText = (language: string, instant: string, timeZone: string) =>
  when(language, dayOf(instant, timeZone), instant, timeZone);

function BookingSummary({ booking }: { booking: PublicManagedBooking }) {
  const { t, language } = useI18n();
  const cancelled = booking.status === 'cancelled';
  return (
    <dl class="summary">
      <div>
        <dt>{t('summary.service')}</dt>
        <dd>{booking.productName}</dd>
      </div>
      <div>
        <dt>{t('summary.date')}</dt>
        <dd>{formatDay(language, booking.localStartsAt.slice(0, 10))}</dd>
      </div>
      <div>
        <dt>{t('summary.time')}</dt>
        <dd>
          {formatTime(language, booking.startsAt, booking.timeZone)}–
          {formatTime(language, booking.endsAt, booking.timeZone)}
        </dd>
      </div>
      <div>
        <dt>{t('summary.places')}</dt>
        <dd>{booking.quantity}</dd>
      </div>
      <div>
        <dt>{t('manage.status')}</dt>
        <dd>
          <span class={`badge ${cancelled ? 'cancelled' : 'confirmed'}`} data-testid="manage-status">
            {cancelled ? t('manage.statusCancelled') : t('manage.statusConfirmed')}
          </span>
        </dd>
      </div>
      <div class="code">
        <dt>{t('done.code')}</dt>
        <dd data-testid="booking-code">{booking.bookingCode}</dd>
      </div>
    </dl>
  );
}

function MovesLeftHint({ booking, after }: { booking: PublicManagedBooking; after?: boolean }) {
  const { t } = useI18n();
  const left = booking.move.movesLeft;
  if (left === null) return <p class="hint">{t('manage.move.unlimited')}</p>;
  const count = after ? left - 1 : left;
  return (
    <p class="hint" data-testid="moves-left">
      {after
        ? count === 0
          ? t('manage.move.lastChange')
          : t('manage.move.leftAfter', { count })
        : t('manage.move.left', { count })}
    </p>
  );
}

function moveReason(t: T, booking: PublicManagedBooking) {
  return t(`manage.move.reason.${booking.move.reason ?? 'notAllowed'}`);
}

function cancelReason(t: T, booking: PublicManagedBooking, language: string) {
  const { reason, until } = booking.cancel;
  if (reason === 'tooLate' && until)
    return t('manage.cancel.reason.tooLateSince', {
      when: instantText(language, until, booking.timeZone),
    });
  return t(`manage.cancel.reason.${reason ?? 'tooLate'}`);
}

function returnsText(t: T, returns: PublicCancellation['returned'], amount: number | null) {
  return t(`manage.returns.${returns}`, { amount: formatPrice(amount ?? 0) });
}
function returnedText(t: T, returned: PublicCancellation['returned'], amount: number | null) {
  return t(`manage.returned.${returned}`, { amount: formatPrice(amount ?? 0) });
}

/** Why it cannot be done online, and whom to call or write. */
function Refusal({ text, contact }: { text: string; contact: PublicManagedBooking['contact'] }) {
  const { t } = useI18n();
  const ways: ComponentChildren[] = [];
  if (contact.phone)
    ways.push(
      <li key="phone">
        <span class="contact-label">{t('manage.contact.phone')}</span>{' '}
        <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
      </li>,
    );
  if (contact.email)
    ways.push(
      <li key="email">
        <span class="contact-label">{t('manage.contact.email')}</span>{' '}
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </li>,
    );
  return (
    <div class="refusal" data-testid="refusal">
      <p>{text}</p>
      {ways.length > 0 ? (
        <>
          <p class="hint">{t('manage.contact.text', { company: contact.name })}</p>
          <ul class="contact">{ways}</ul>
        </>
      ) : (
        <p class="hint">{t('manage.contact.noWays', { company: contact.name })}</p>
      )}
    </div>
  );
}

function LinkIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="40" height="40" class="invalid-icon">
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1M4 4l16 16" />
    </svg>
  );
}
