/** The spec's phone rule: a plus sign followed by 11 digits, e.g. +34600123456. */
export const phonePattern = /^\+\d{11}$/;
export function isPhone(value: string): boolean {
  return phonePattern.test(value);
}

/** The company's country code: a number typed without one is Spanish. */
export const defaultCountryCode = '34';

/** What people type between a phone's digits: spaces, dots, dashes, slashes and brackets. */
const phoneSeparators = /[\s.\-/()]/g;

/**
 * A phone as typed ("689 921 849", "689-92-18-49", "+34 689 921 849", "0034 689921849") in the stored
 * form (+34689921849): a Spanish national number (nine digits from 6 to 9) gets the default country
 * code, "00" stands for "+". Anything else comes back trimmed, for the phone rule to judge.
 */
export function normalizePhone(typed: string, countryCode: string = defaultCountryCode): string {
  const value = typed.trim();
  if (value === '') return '';
  const compact = value.replace(phoneSeparators, '');
  if (/^\+\d+$/.test(compact)) return compact;
  if (/^00\d+$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^[6-9]\d{8}$/.test(compact)) return `+${countryCode}${compact}`;
  return value;
}

/**
 * A stored phone grouped for reading, the Spanish way: +34 689 921 849 (nine digits in threes). Other
 * countries' numbers and values outside the phone rule are shown as stored.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const spanish = /^\+34(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return spanish ? `+34 ${spanish[1]} ${spanish[2]} ${spanish[3]}` : phone;
}

/**
 * The digits a search term stands for when it reads as a phone (digits with spaces, dots, dashes or
 * brackets, an optional +CC or 00CC prefix), or null for any other term. At least three digits: fewer
 * would match nearly every number. "0034 689…" reads as "34689…".
 */
export function phoneSearchDigits(term: string): string | null {
  const value = term.trim();
  if (!/^(\+|00)?[\d\s.\-/()]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, '');
  if (value.startsWith('00')) digits = digits.slice(2);
  return digits.length >= 3 ? digits : null;
}
