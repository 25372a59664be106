import { useEffect, useRef, useState } from 'preact/hooks';
import { normalizePhone, phonePattern } from '../../../../packages/contract/src/phone';
import type { Choice } from '../booking-flow';
import { useI18n } from '../i18n';
import { StepHeading } from './common';
import { Summary } from './summary';

export interface CustomerDetails {
  name: string;
  surname: string;
  email: string;
  phone: string;
}
type Field = keyof CustomerDetails | 'quantity';
/** Each field's message (already translated). */
export type FieldErrors = Partial<Record<Field, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Who books: name, surname, email and phone (with its country code), checked before going on. */
export function Details(props: {
  choice: Choice;
  timeZone: string;
  serverErrors: FieldErrors;
  onSubmit: (customer: CustomerDetails, quantity: number) => void;
}) {
  const { t } = useI18n();
  const [values, setValues] = useState<CustomerDetails>(
    props.choice.customer ?? { name: '', surname: '', email: '', phone: '' },
  );
  const [quantity, setQuantity] = useState(props.choice.quantity);
  const [errors, setErrors] = useState<FieldErrors>(props.serverErrors);
  const form = useRef<HTMLFormElement>(null);
  const maxQuantity = Math.max(1, Math.min(props.choice.slot?.freePlaces ?? 1, 10));

  const check = (v: CustomerDetails): FieldErrors => {
    const e: FieldErrors = {};
    if (!v.name.trim()) e.name = t('details.required');
    if (!v.email.trim()) e.email = t('details.required');
    else if (!emailPattern.test(v.email.trim())) e.email = t('details.invalidEmail');
    if (!v.phone.trim()) e.phone = t('details.required');
    else if (!phonePattern.test(normalizePhone(v.phone))) e.phone = t('details.invalidPhone');
    return e;
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  useEffect(() => {
    if (Object.keys(props.serverErrors).length) focusFirstError();
  }, []);

  const field = (name: keyof CustomerDetails, type: string, autoComplete: string, hint?: string) => {
    const id = `field-${name}`;
    const error = errors[name];
    const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
    return (
      <div class={`field${error ? ' invalid' : ''}`}>
        <label for={id}>
          {t(`details.${name}`)}
          {name !== 'surname' && <span aria-hidden="true"> *</span>}
        </label>
        {hint && (
          <p class="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={name !== 'surname'}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={described || undefined}
          value={values[name]}
          onInput={(e) => {
            const value = e.currentTarget.value;
            setValues((v) => ({ ...v, [name]: value }));
            if (error) setErrors((x) => ({ ...x, [name]: undefined }));
          }}
        />
        {error && (
          <p class="field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section>
      <StepHeading>{t('details.heading')}</StepHeading>
      <Summary choice={{ ...props.choice, quantity }} timeZone={props.timeZone} />
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found = check(values);
          setErrors(found);
          if (Object.values(found).some(Boolean)) return focusFirstError();
          props.onSubmit(
            {
              name: values.name.trim(),
              surname: values.surname.trim(),
              email: values.email.trim(),
              phone: normalizePhone(values.phone),
            },
            quantity,
          );
        }}
      >
        <p class="hint">{t('details.requiredNote')}</p>
        <div class="fields">
          {field('name', 'text', 'given-name')}
          {field('surname', 'text', 'family-name')}
          {field('email', 'email', 'email')}
          {field('phone', 'tel', 'tel', t('details.phoneHint'))}
          {maxQuantity > 1 && (
            <div class={`field${errors.quantity ? ' invalid' : ''}`}>
              <label for="field-quantity">{t('details.quantity')}</label>
              <select
                id="field-quantity"
                value={quantity}
                aria-invalid={errors.quantity ? 'true' : undefined}
                aria-describedby={errors.quantity ? 'field-quantity-error' : undefined}
                onChange={(e) => setQuantity(Number(e.currentTarget.value))}
              >
                {Array.from({ length: maxQuantity }, (_, i) => (
                  <option key={i} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
              {errors.quantity && (
                <p class="field-error" id="field-quantity-error">
                  {errors.quantity}
                </p>
              )}
            </div>
          )}
        </div>
        {Object.values(errors).some(Boolean) && (
          <p class="notice error" role="alert">
            {t('details.fixErrors')}
          </p>
        )}
        <button type="submit" class="button primary wide">
          {t('app.continue')}
        </button>
      </form>
    </section>
  );
}
