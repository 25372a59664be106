import { phoneSearchDigits } from '@mostrador/contract';
import { typedPhone } from './customer-values';

export interface QuickCustomerValues {
  name: string;
  phone: string;
  email: string;
}

/**
 * What a search typed into a customer picker already says about the new customer: a number is their
 * phone (with +34 when it has no country code), an address their email, anything else their name.
 */
export function quickValuesFrom(term: string): QuickCustomerValues {
  const value = term.trim();
  if (phoneSearchDigits(value)) return { name: '', phone: typedPhone(value), email: '' };
  if (value.includes('@')) return { name: '', phone: '', email: value.toLowerCase() };
  return { name: value, phone: '', email: '' };
}
