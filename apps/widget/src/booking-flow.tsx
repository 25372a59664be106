import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api, PublicBooking, PublicCompany, PublicProduct } from './api';
import { useI18n } from './i18n';
import { Confirmation } from './steps/confirmation';
import { type CustomerDetails, Details, type FieldErrors } from './steps/details';
import { Payment } from './steps/payment';
import { Products } from './steps/products';
import { type Slot, SlotPicker } from './steps/slot';

export const steps = ['product', 'slot', 'details', 'payment', 'done'] as const;
export type Step = (typeof steps)[number];

/** What the customer has chosen so far. */
export interface Choice {
  product?: PublicProduct;
  slot?: Slot;
  quantity: number;
  customer?: CustomerDetails;
}

/**
 * The booking: product → day and time → details → payment → confirmation, with a progress indicator and
 * Back. On a new step the focus goes to its heading (`data-step-heading`), so a screen reader reads
 * where the customer is, and the host page scrolls the frame's top into view.
 */
export function BookingFlow({ api, company }: { api: Api; company: PublicCompany }) {
  const { t } = useI18n();
  const [step, setStep] = useState<Step>('product');
  const [choice, setChoice] = useState<Choice>({ quantity: 1 });
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>('[data-step-heading]')?.focus();
    if (window.parent !== window) window.parent.postMessage({ mostradorWidget: 'step', step }, '*');
    else window.scrollTo(0, 0);
  }, [step]);

  const index = steps.indexOf(step);
  const back = index > 0 && step !== 'done' ? () => setStep(steps[index - 1]!) : undefined;

  let body: preact.ComponentChildren;
  if (step === 'product')
    body = (
      <Products
        api={api}
        selected={choice.product?.id}
        onChoose={(product) => {
          setChoice((c) => ({ ...c, product, slot: c.product?.id === product.id ? c.slot : undefined }));
          setSlotNotice(null);
          setStep('slot');
        }}
      />
    );
  else if (step === 'slot' && choice.product)
    body = (
      <SlotPicker
        api={api}
        product={choice.product}
        timeZone={company.timeZone}
        selected={choice.slot}
        notice={slotNotice}
        onChoose={(slot) => {
          setChoice((c) => ({ ...c, slot, quantity: Math.min(c.quantity, slot.freePlaces) }));
          setSlotNotice(null);
          setStep('details');
        }}
      />
    );
  else if (step === 'details' && choice.product && choice.slot)
    body = (
      <Details
        choice={choice}
        timeZone={company.timeZone}
        serverErrors={fieldErrors}
        onSubmit={(customer, quantity) => {
          setChoice((c) => ({ ...c, customer, quantity }));
          setFieldErrors({});
          setStep('payment');
        }}
      />
    );
  else if (step === 'payment' && choice.product && choice.slot && choice.customer)
    body = (
      <Payment
        api={api}
        choice={choice as Required<Choice>}
        timeZone={company.timeZone}
        onConfirmed={(b) => {
          setBooking(b);
          setStep('done');
        }}
        onSlotRefused={(message) => {
          setSlotNotice(message);
          setChoice((c) => ({ ...c, slot: undefined }));
          setStep('slot');
        }}
        onInvalid={(errors) => {
          setFieldErrors(errors);
          setStep('details');
        }}
      />
    );
  else if (step === 'done' && booking && choice.customer)
    body = (
      <Confirmation
        booking={booking}
        email={choice.customer.email}
        timeZone={company.timeZone}
        onAgain={() => {
          setChoice((c) => ({ quantity: 1, customer: c.customer }));
          setBooking(null);
          setStep('product');
        }}
      />
    );
  else body = null;

  return (
    <div class="flow">
      <nav class="progress" aria-label={t('steps.label')}>
        <ol>
          {steps.map((s, i) => (
            <li
              key={s}
              class={i < index ? 'past' : i === index ? 'current' : undefined}
              aria-current={i === index ? 'step' : undefined}
            >
              <span class="dot" aria-hidden="true">
                {i < index ? '✓' : i + 1}
              </span>
              <span class="label">
                <span class="sr-only">{t('steps.number', { current: i + 1, total: steps.length })} </span>
                {t(`steps.${s}`)}
                {i < index && <span class="sr-only"> {t('steps.completed')}</span>}
              </span>
            </li>
          ))}
        </ol>
        <p class="progress-caption" aria-hidden="true">
          {t('steps.number', { current: index + 1, total: steps.length })} {t(`steps.${step}`)}
        </p>
      </nav>
      {back && (
        <button type="button" class="back" onClick={back}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
            <path d="M15 18l-6-6 6-6" />
          </svg>
          {t('app.back')}
        </button>
      )}
      {body}
    </div>
  );
}
